import type { LineRange } from '../code/lineRange';

/** The lines around the cursor the model may rewrite, plus a few lines on each side to check its reply. */
export interface EditWindow {
  /** Document line of `lines[0]`. */
  startLine: number;
  lines: string[];
  cursor: { line: number; character: number };
  /** Lines just above and below the window (not sent as editable; a reply repeating them is off). */
  above: string[];
  below: string[];
}

export interface WindowSource {
  readonly lineCount: number;
  lineAt(line: number): string;
}

export interface WindowLimits {
  /** Lines each side of the cursor line. */
  linesEachSide: number;
  /** Characters of the whole window; it shrinks evenly around the cursor to fit. */
  maxChars: number;
  /** Lines longer than this (minified code, data) make the window unusable. */
  maxLineChars: number;
}

export const defaultWindowLimits: WindowLimits = { linesEachSide: 30, maxChars: 8_000, maxLineChars: 1_000 };

const OUTSIDE_LINES = 3;

/**
 * The window for a cursor: up to `linesEachSide` lines above and below, shrunk line by line
 * (farthest first) to the character budget, then cut at function boundaries when `functions`
 * (the outermost functions' lines [start, end), as the parser found them) are given: a
 * neighbouring function is in whole or not at all, so the model never sees half of one (the
 * function holding the cursor is cut only when it is larger than the window). Reads only the
 * lines it needs, so huge files cost the same as small ones. Undefined when even the cursor
 * line does not fit.
 */
export function editWindow(
  doc: WindowSource,
  cursor: { line: number; character: number },
  limits: WindowLimits = defaultWindowLimits,
  functions: readonly LineRange[] = [],
): EditWindow | undefined {
  const line = Math.min(Math.max(cursor.line, 0), doc.lineCount - 1);
  const text = (i: number) => doc.lineAt(i);
  const cursorText = text(line);
  if (cursorText.length > limits.maxLineChars || cursorText.length + 1 > limits.maxChars) return undefined;
  let start = line;
  let end = line + 1;
  let used = cursorText.length + 1;
  for (let step = 1; step <= limits.linesEachSide; step++) {
    let grew = false;
    for (const i of [line - step, line + step]) {
      if (i < 0 || i >= doc.lineCount) continue;
      const t = text(i);
      if (t.length > limits.maxLineChars || used + t.length + 1 > limits.maxChars) continue;
      // Only contiguous lines: a skipped line ends growth on that side.
      if (i === start - 1) start = i;
      else if (i === end) end = i + 1;
      else continue;
      used += t.length + 1;
      grew = true;
    }
    if (!grew) break;
  }
  ({ start, end } = wholeFunctions(start, end, line, functions));
  const lines: string[] = [];
  for (let i = start; i < end; i++) lines.push(text(i));
  const above: string[] = [];
  for (let i = Math.max(0, start - OUTSIDE_LINES); i < start; i++) above.push(text(i));
  const below: string[] = [];
  for (let i = end; i < Math.min(doc.lineCount, end + OUTSIDE_LINES); i++) below.push(text(i));
  return { startLine: start, lines, cursor: { line, character: Math.min(cursor.character, cursorText.length) }, above, below };
}

/** Narrows [start, end) so that it cuts no function in half, except the one holding `line`. */
function wholeFunctions(start: number, end: number, line: number, functions: readonly LineRange[]): LineRange {
  for (const f of functions) {
    if (f.start <= line && line < f.end) continue;
    if (f.start < start && start < f.end) start = f.end;
    if (f.start < end && end < f.end) end = f.start;
  }
  return { start: Math.min(start, line), end: Math.max(end, line + 1) };
}
