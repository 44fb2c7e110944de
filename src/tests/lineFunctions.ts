import { bracketDepths } from './bracketDepths';
import type { SourceFunction, TestLanguage } from './testTypes';

const JS_FUNCTION = /^(export\s+)?(default\s+)?(async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/;
const JS_ARROW = /^(export\s+)?(const|let|var)\s+([A-Za-z_$][\w$]*)\s*(:[^=]+)?=\s*(async\s+)?(function\b|\(|[A-Za-z_$][\w$]*\s*=>)/;
const PY_DEF = /^(async\s+)?def\s+([A-Za-z_]\w*)\s*\(/;
const GO_FUNC = /^func\s+(\(\s*\w*\s*\*?\s*(\w+)[^)]*\)\s*)?([A-Za-z_]\w*)\s*[([]/;

/**
 * Top-level functions of a source file, in order, found by their first line: what the tests see
 * when the syntax parser cannot load (no class methods, no nested functions).
 */
export function lineFunctions(text: string, language: TestLanguage): SourceFunction[] {
  const lines = text.split(/\r?\n/);
  if (language === 'python') return pythonFunctions(lines);
  return braceFunctions(lines, language, text);
}

function braceFunctions(lines: string[], language: TestLanguage, text: string): SourceFunction[] {
  const out: SourceFunction[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let name: string | undefined;
    let testable = true;
    if (language === 'go') {
      const m = GO_FUNC.exec(line);
      if (m) name = m[2] ? `${m[2]}.${m[3]}` : m[3];
    } else {
      const f = JS_FUNCTION.exec(line);
      const a = f ? undefined : JS_ARROW.exec(line);
      name = f?.[4] ?? a?.[3];
      if (name) testable = !!(f?.[1] || a?.[1]) || new RegExp(`export\\s*\\{[^}]*\\b${name}\\b`).test(text);
    }
    if (!name) continue;
    const end = braceEnd(lines, i, language);
    out.push({ name, startLine: i, endLine: end, text: lines.slice(i, end).join('\n'), testable });
    i = end - 1;
  }
  return out;
}

/**
 * The line after a declaration starting at `start` ends: where its brackets close again, on a
 * line that does not continue the expression. Strings and comments are skipped.
 */
function braceEnd(lines: string[], start: number, language: TestLanguage): number {
  for (const s of bracketDepths(lines, start)) {
    const trimmed = lines[s.line].trim();
    if (s.depth <= 0 && !s.inside && !/(=>|=|,|\(|:)$/.test(trimmed) && (language !== 'go' || trimmed.endsWith('}'))) return s.line + 1;
  }
  return lines.length;
}

function pythonFunctions(lines: string[]): SourceFunction[] {
  const out: SourceFunction[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = PY_DEF.exec(lines[i]);
    if (!m) continue;
    let start = i;
    while (start > 0 && lines[start - 1].startsWith('@')) start--;
    let end = i + 1;
    let open = bracketBalance(lines[i]);
    for (; end < lines.length; end++) {
      const l = lines[end];
      if (open <= 0 && l.trim() !== '' && !/^\s/.test(l)) break;
      open += bracketBalance(l);
    }
    // Trailing blank lines belong to no one.
    while (end > i + 1 && lines[end - 1].trim() === '') end--;
    const name = m[2];
    out.push({ name, startLine: start, endLine: end, text: lines.slice(start, end).join('\n'), testable: !name.startsWith('_') });
    i = end - 1;
  }
  return out;
}

function bracketBalance(line: string): number {
  let n = 0;
  for (const c of line.replace(/#.*$/, '')) {
    if (c === '(' || c === '[' || c === '{') n++;
    else if (c === ')' || c === ']' || c === '}') n--;
  }
  return n;
}
