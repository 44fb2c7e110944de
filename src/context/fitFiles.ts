import { charsForTokens, estimateTokens } from './tokenEstimate';
import { trimToLines } from './trimToLines';

/** File text to send; `startLine` when it is a part of the file (a selection). */
export interface FileText {
  path: string;
  text: string;
  startLine?: number;
}

/** What trimming took from one file. */
export interface LeftOut {
  path: string;
  /** First and last line left out, in the file's numbering. */
  fromLine: number;
  toLine: number;
  /** The whole text was left out. */
  whole: boolean;
}

export interface Fitted<T extends FileText> {
  files: T[];
  leftOut: LeftOut[];
}

/**
 * Fits files into a token budget, trimming the largest first: every file keeps its head up to
 * a common cap, chosen as large as the budget allows, so small files stay whole and only big
 * ones lose their tails. Cuts fall on line ends; a trimmed text ends with a line saying what
 * was left out, so the model knows the file goes on. Files are returned in their given order.
 */
export function fitFiles<T extends FileText>(files: readonly T[], budgetTokens: number): Fitted<T> {
  const sizes = files.map((f) => estimateTokens(f.text));
  if (sizes.reduce((a, b) => a + b, 0) <= budgetTokens) return { files: [...files], leftOut: [] };
  const cap = commonCap(sizes, Math.max(0, budgetTokens));
  const out: T[] = [];
  const leftOut: LeftOut[] = [];
  files.forEach((f, i) => {
    if (sizes[i]! <= cap) {
      out.push(f);
      return;
    }
    const cut = trimToLines(f.text, charsForTokens(cap));
    const first = f.startLine ?? 1;
    const total = lineCount(f.text);
    const from = first + cut.lines;
    const to = first + total - 1;
    // Rounding between tokens and characters can leave nothing to cut.
    if (from > to) {
      out.push(f);
      return;
    }
    if (cut.lines === 0) {
      leftOut.push({ path: f.path, fromLine: from, toLine: to, whole: true });
      return;
    }
    leftOut.push({ path: f.path, fromLine: from, toLine: to, whole: false });
    out.push({ ...f, text: `${cut.text}\n… (lines ${from}-${to} of ${f.path} left out to fit the context)` });
  });
  return { files: out, leftOut };
}

/** "src/big.ts lines 401-900; src/huge.ts (whole file)": for the user and the log. */
export function describeLeftOut(leftOut: readonly LeftOut[]): string {
  return leftOut.map((l) => (l.whole ? `${l.path} (whole file)` : `${l.path} lines ${l.fromLine}-${l.toLine}`)).join('; ');
}

/** The largest cap c with sum(min(size, c)) <= budget (water filling over sorted sizes). */
function commonCap(sizes: readonly number[], budget: number): number {
  const sorted = [...sizes].sort((a, b) => a - b);
  let left = budget;
  for (let i = 0; i < sorted.length; i++) {
    const rest = sorted.length - i;
    if (sorted[i]! * rest > left) return Math.floor(left / rest);
    left -= sorted[i]!;
  }
  return Number.POSITIVE_INFINITY;
}

/** Lines of text, a final line break not starting another. */
function lineCount(text: string): number {
  let n = text.endsWith('\n') ? 0 : 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
