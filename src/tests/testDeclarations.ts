import { bracketDepths } from './bracketDepths';
import type { TestLanguage } from './testTypes';

/** A test or a group of tests (describe block, test class) declared in a test file. */
export interface TestDeclaration {
  kind: 'group' | 'test';
  /** Titles from the outermost group down to this one; joined with " > " it is the runner's full name. */
  path: string[];
  /** 0-based first line. */
  startLine: number;
  /** 0-based line after the last one. */
  endLine: number;
}

const JS_CALL = /^\s*(describe|suite|context|it|test)((?:\.(?:only|skip|concurrent|sequential|todo|fails))*)\s*\(\s*(['"`])((?:\\.|(?!\3).)*)\3/;
const PY_CLASS = /^(\s*)class\s+(Test\w*)\b/;
const PY_TEST = /^(\s*)(?:async\s+)?def\s+(test\w*)\s*\(/;
const GO_TEST = /^func\s+(Test\w*)\s*\(/;

/**
 * The tests a test file declares, read from its lines: describe/it/test calls with a literal
 * title (vitest, jest, node --test), pytest's test functions and Test classes, Go's TestXxx
 * functions. Titles built at run time (`.each`, template literals with `${}`) are left to the
 * runner's own report.
 */
export function testDeclarations(text: string, language: TestLanguage): TestDeclaration[] {
  const lines = text.split(/\r?\n/);
  if (language === 'python') return pythonTests(lines);
  if (language === 'go') return goTests(lines);
  return jsTests(lines);
}

function jsTests(lines: string[]): TestDeclaration[] {
  const out: TestDeclaration[] = [];
  const open: TestDeclaration[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = JS_CALL.exec(lines[i]);
    if (!m || m[4].includes('${')) continue;
    while (open.length > 0 && open[open.length - 1].endLine <= i) open.pop();
    const group = m[1] === 'describe' || m[1] === 'suite' || m[1] === 'context';
    const title = m[4].replace(/\\(.)/g, '$1');
    const d: TestDeclaration = { kind: group ? 'group' : 'test', path: [...open.map((o) => o.path[o.path.length - 1]), title], startLine: i, endLine: bracketEnd(lines, i) };
    out.push(d);
    if (group) open.push(d);
  }
  return out;
}

function pythonTests(lines: string[]): TestDeclaration[] {
  const out: TestDeclaration[] = [];
  let cls: TestDeclaration | undefined;
  let clsIndent = -1;
  for (let i = 0; i < lines.length; i++) {
    const c = PY_CLASS.exec(lines[i]);
    const t = c ? null : PY_TEST.exec(lines[i]);
    const m = c ?? t;
    if (!m) continue;
    const indent = m[1].length;
    if (cls && (i >= cls.endLine || indent <= clsIndent)) cls = undefined;
    const d: TestDeclaration = { kind: c ? 'group' : 'test', path: [...(cls ? [cls.path[0]] : []), m[2]], startLine: i, endLine: indentEnd(lines, i, indent) };
    out.push(d);
    if (c) {
      cls = d;
      clsIndent = indent;
    }
  }
  return out;
}

function goTests(lines: string[]): TestDeclaration[] {
  const out: TestDeclaration[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = GO_TEST.exec(lines[i]);
    if (m) out.push({ kind: 'test', path: [m[1]], startLine: i, endLine: bracketEnd(lines, i) });
  }
  return out;
}

/** The line after the brackets opened from line `start` close again (strings and comments skipped). */
export function bracketEnd(lines: string[], start: number): number {
  for (const s of bracketDepths(lines, start)) if (s.opened && s.depth <= 0) return s.line + 1;
  return lines.length;
}

/** The line after an indented Python block starting at `start` ends (trailing blank lines excluded). */
function indentEnd(lines: string[], start: number, indent: number): number {
  let end = start + 1;
  for (; end < lines.length; end++) {
    const l = lines[end];
    if (l.trim() !== '' && /^\s*/.exec(l)![0].length <= indent && !/^\s*[)\]}]/.test(l)) break;
  }
  while (end > start + 1 && lines[end - 1].trim() === '') end--;
  return end;
}

/** The innermost test (not group) whose lines hold `line`. */
export function testAtLine(declarations: TestDeclaration[], line: number): TestDeclaration | undefined {
  let best: TestDeclaration | undefined;
  for (const d of declarations) if (d.kind === 'test' && line >= d.startLine && line < d.endLine && (!best || d.startLine >= best.startLine)) best = d;
  return best;
}

/** The declaration a runner's full test name (titles joined with " > ") stands for. */
export function declarationNamed(declarations: TestDeclaration[], name: string): TestDeclaration | undefined {
  return declarations.find((d) => d.path.join(' > ') === name) ?? declarations.find((d) => d.kind === 'test' && name.endsWith(` > ${d.path[d.path.length - 1]}`));
}
