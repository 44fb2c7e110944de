import { fitInOrder } from './fitInOrder';
import { estimateTokens } from './tokenEstimate';

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
 * Fits files into a token budget, trimming the largest first: the files are all wanted alike, so
 * each is offered an equal part of what the smaller ones left (`fitInOrder`, split evenly), and
 * small files stay whole while only big ones lose their tails. Cuts fall on line ends; a trimmed
 * text ends with a line saying what was left out, so the model knows the file goes on. Files are
 * returned in their given order.
 */
export function fitFiles<T extends FileText>(files: readonly T[], budgetTokens: number): Fitted<T> {
  /** What was taken of each file: its first `lines` lines, or all of it (`lines` undefined). */
  const taken = new Map<T, { text: string; lines?: number }>();
  const smallestFirst = files.map((file, i) => ({ file, i, text: file.text, size: estimateTokens(file.text) })).sort((a, b) => a.size - b.size || a.i - b.i);
  fitInOrder(smallestFirst, budgetTokens, {
    cost: (s) => s.size,
    overhead: () => 0,
    minLines: () => 1,
    split: 'even',
    take: (s, text, lines) => {
      taken.set(s.file, { text, lines });
      return estimateTokens(text);
    },
  });
  const out: T[] = [];
  const leftOut: LeftOut[] = [];
  for (const f of files) {
    const cut = taken.get(f);
    const first = f.startLine ?? 1;
    const from = first + (cut ? (cut.lines ?? Number.POSITIVE_INFINITY) : 0);
    const to = first + lineCount(f.text) - 1;
    // Rounding between tokens and characters can leave nothing to cut.
    if (from > to) out.push(f);
    else if (!cut) leftOut.push({ path: f.path, fromLine: from, toLine: to, whole: true });
    else {
      leftOut.push({ path: f.path, fromLine: from, toLine: to, whole: false });
      out.push({ ...f, text: `${cut.text}\n… (lines ${from}-${to} of ${f.path} left out to fit the context)` });
    }
  }
  return { files: out, leftOut };
}

/** "src/big.ts lines 401-900; src/huge.ts (whole file)": for the user and the log. */
export function describeLeftOut(leftOut: readonly LeftOut[]): string {
  return leftOut.map((l) => (l.whole ? `${l.path} (whole file)` : `${l.path} lines ${l.fromLine}-${l.toLine}`)).join('; ');
}

/** Lines of text, a final line break not starting another. */
function lineCount(text: string): number {
  let n = text.endsWith('\n') ? 0 : 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
