import type { RowSpan } from '../rewrite/diffRow';

/**
 * Replace `deleteCount` whole lines starting at `row` with the `insert` lines. A batch is
 * sorted by row, non-overlapping, and every row refers to the document before the batch.
 */
export interface RowEdit {
  row: number;
  deleteCount: number;
  insert: string[];
}

/** Deletions of the given spans, adjacent spans merged, in ascending order. */
export function deleteSpans(spans: readonly RowSpan[]): RowEdit[] {
  const edits: RowEdit[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.count === 0) continue;
    const last = edits[edits.length - 1];
    if (last && last.row + last.deleteCount === s.start) last.deleteCount += s.count;
    else edits.push({ row: s.start, deleteCount: s.count, insert: [] });
  }
  return edits;
}

/** The same batch `offset` rows further down (region rows to document lines). */
export function shiftEdits(edits: readonly RowEdit[], offset: number): RowEdit[] {
  return edits.map((e) => ({ ...e, row: e.row + offset }));
}
