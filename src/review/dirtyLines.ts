import type { LineRange } from '../code/enclosingBlock';
import type { LineEdit } from './lineEdit';

/**
 * The lines of one document changed since its last review, kept in step with every edit:
 * what the next review sends.
 */
export class DirtyLines {
  private ranges: LineRange[] = [];

  /** Shifts what is dirty past the edit and marks the lines it wrote. */
  edit(edit: LineEdit): void {
    const delta = edit.lines - (edit.end - edit.start + 1);
    const next: LineRange[] = [];
    for (const r of this.ranges) {
      if (r.end <= edit.start) next.push(r);
      else if (r.start > edit.end) next.push({ start: r.start + delta, end: r.end + delta });
      else {
        // Overlaps the edit: the parts outside it stay dirty, the edit's own lines are added below.
        if (r.start < edit.start) next.push({ start: r.start, end: edit.start });
        if (r.end > edit.end + 1) next.push({ start: edit.start + edit.lines, end: r.end + delta });
      }
    }
    next.push({ start: edit.start, end: edit.start + edit.lines });
    this.ranges = merge(next);
  }

  /** Marks lines dirty again (a review of them failed or was dropped). */
  add(range: LineRange): void {
    if (range.end > range.start) this.ranges = merge([...this.ranges, range]);
  }

  get empty(): boolean {
    return this.ranges.length === 0;
  }

  /** The dirty ranges, sorted and merged, clamped to `lineCount`; the set is emptied. */
  take(lineCount: number): LineRange[] {
    const out = this.ranges
      .map((r) => ({ start: Math.min(r.start, lineCount), end: Math.min(r.end, lineCount) }))
      .filter((r) => r.end > r.start);
    this.ranges = [];
    return out;
  }
}

/** Sorted, with touching or overlapping ranges joined. */
export function merge(ranges: readonly LineRange[]): LineRange[] {
  const sorted = [...ranges].filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const out: LineRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}
