import type { LineRange } from '../code/enclosingBlock';

export interface HunkLimits {
  /** Unchanged lines shown above and below each hunk. */
  contextLines: number;
  /** Hunks closer than this many lines are reviewed together. */
  joinGap: number;
  /** Longest hunk sent in one request; longer ones are split. */
  maxLines: number;
  /** Requests one review sends at most; the rest stay for the next one. */
  maxHunks: number;
}

export const defaultHunkLimits: HunkLimits = { contextLines: 12, joinGap: 6, maxLines: 120, maxHunks: 6 };

/** One request's worth: the changed lines, and the lines shown around them. */
export interface Hunk {
  lines: LineRange;
  context: LineRange;
}

/**
 * The requests for these dirty ranges of `text` (the document's lines), and the ranges left for
 * a later review. Hunks of blank lines only (a deletion leaves one) are not worth a request.
 */
export function reviewHunks(dirty: readonly LineRange[], text: readonly string[], limits: HunkLimits = defaultHunkLimits): { hunks: Hunk[]; left: LineRange[] } {
  const lineCount = text.length;
  const joined: LineRange[] = [];
  for (const r of dirty) {
    const last = joined[joined.length - 1];
    if (last && r.start - last.end <= limits.joinGap && r.end - last.start <= limits.maxLines) last.end = Math.max(last.end, r.end);
    else joined.push({ ...r });
  }
  const pieces: LineRange[] = [];
  for (const r of joined) {
    for (let s = r.start; s < r.end; s += limits.maxLines) pieces.push({ start: s, end: Math.min(r.end, s + limits.maxLines) });
  }
  const worth = pieces.filter((r) => r.start < lineCount && text.slice(r.start, r.end).some((l) => l.trim() !== ''));
  const hunks = worth.slice(0, limits.maxHunks).map((r) => {
    const lines = { start: r.start, end: Math.min(r.end, lineCount) };
    return { lines, context: { start: Math.max(0, lines.start - limits.contextLines), end: Math.min(lineCount, lines.end + limits.contextLines) } };
  });
  return { hunks, left: worth.slice(limits.maxHunks) };
}
