import type { LineRange } from '../code/enclosingBlock';

/**
 * One text change seen as whole lines: old lines `start`..`end` (inclusive, the lines the
 * replaced text touched) became `lines` lines (the inserted text's line breaks + 1).
 */
export interface LineEdit {
  start: number;
  end: number;
  lines: number;
}

/** The LineEdit of replacing a range from `startLine` to `endLine` with `text`. */
export function lineEditOf(startLine: number, endLine: number, text: string): LineEdit {
  let breaks = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) breaks++;
  return { start: startLine, end: endLine, lines: breaks + 1 };
}

/** Whether the edit touched any line of `range` (half-open). */
export function touches(edit: LineEdit, range: LineRange): boolean {
  return edit.start < range.end && edit.end >= range.start;
}

/** Where `range` is after the edit, or undefined when the edit touched it. */
export function shiftRange(range: LineRange, edit: LineEdit): LineRange | undefined {
  if (touches(edit, range)) return undefined;
  if (range.end <= edit.start) return range;
  const delta = edit.lines - (edit.end - edit.start + 1);
  return { start: range.start + delta, end: range.end + delta };
}
