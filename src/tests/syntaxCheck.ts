import type { TestLanguage } from './testTypes';

/** Why `code` (the whole file named `fileName`) does not parse, or undefined when it does. */
export type SyntaxChecker = (code: string, fileName: string, language: TestLanguage) => Promise<string | undefined>;

const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/**
 * A cheap check every language gets: brackets balance and strings end, outside comments.
 * Catches what a cut-off or garbled answer looks like; the language's own parser (when there
 * is one) catches the rest.
 */
export function bracketProblem(code: string, language: TestLanguage): string | undefined {
  const stack: { c: string; line: number }[] = [];
  const lines = code.split('\n');
  let quote: string | null = null;
  let triple = false;
  let block = false;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (block) {
        if (c === '*' && line[i + 1] === '/') {
          block = false;
          i++;
        }
        continue;
      }
      if (quote) {
        if (c === '\\') i++;
        else if (triple ? line.startsWith(quote.repeat(3), i) : c === quote) {
          if (triple) i += 2;
          quote = null;
          triple = false;
        }
        continue;
      }
      if (language === 'python' ? c === '#' : c === '/' && line[i + 1] === '/') break;
      if (language !== 'python' && c === '/' && line[i + 1] === '*') {
        block = true;
        i++;
        continue;
      }
      if (c === '"' || c === "'" || c === '`') {
        if (language === 'python' && line.startsWith(c.repeat(3), i)) {
          triple = true;
          i += 2;
        }
        quote = c;
        continue;
      }
      if (c === '(' || c === '[' || c === '{') stack.push({ c, line: n + 1 });
      else if (PAIRS[c]) {
        const top = stack.pop();
        if (!top || top.c !== PAIRS[c]) return `line ${n + 1}: "${c}" does not close ${top ? `the "${top.c}" of line ${top.line}` : 'anything'}`;
      }
    }
    const multiline = triple || quote === '`' || (language === 'go' && quote === '`');
    if (quote && !multiline) return `line ${n + 1}: a string is not closed`;
  }
  if (quote) return 'a string is not closed at the end of the file';
  if (block) return 'a comment is not closed at the end of the file';
  const open = stack.pop();
  if (open) return `line ${open.line}: "${open.c}" is never closed`;
  return undefined;
}
