import type { DiffRow, RowSpan } from '../rewrite/diffRow';
import { EXACT_DIFF_LIMIT, myersDiff, type DiffRun } from '../rewrite/myersDiff';
import { deleteSpans, type RowEdit } from './rowEdit';

/** What one row of the region shows while an edit is pending. */
export type PreviewKind = DiffRow['kind'] | 'partial' | 'pending';

/** Row spans per decoration, and the row the view follows. */
export interface PreviewView {
  added: RowSpan[];
  removed: RowSpan[];
  /** Original lines the stream has not reached yet. */
  pending: RowSpan[];
  /** The line being written right now. */
  partial: RowSpan[];
  rowCount: number;
  focusRow: number;
}

/**
 * Edits to bring the document to a new layout, and what the region shows once they are in;
 * `commit` once the editor applied them.
 */
export interface LayoutPlan {
  edits: RowEdit[];
  view: PreviewView;
  commit(): void;
}

interface Run {
  kind: DiffRow['kind'];
  start: number;
  count: number;
}

/**
 * What the region of the document holds while an edit is pending: decided rows (same,
 * removed, added), then the line being written, then the original lines not reached yet.
 * Original lines never move or change; new lines are inserted between them, so every
 * update is a batch of insertions near the growing edge and costs O(new rows). The layout
 * only changes when the editor confirmed the edits (`commit`), so a refused edit is simply
 * planned again.
 */
export class PreviewLayout {
  private head: DiffRow[] = [];
  private runs: Run[] = [];
  private partial: string | null = null;
  private pendingFrom = 0;
  private versionValue = 0;

  constructor(private readonly original: readonly string[]) {}

  /** Changes whenever what the region shows changed (so unchanged frames need no redraw). */
  get version(): number {
    return this.versionValue;
  }

  get rowCount(): number {
    return this.head.length + (this.partial === null ? 0 : 1) + this.original.length - this.pendingFrom;
  }

  /**
   * Follow the stream: `rows` extends the rows already shown, `pointer` is the first original
   * line not consumed, `partial` the unfinished line to show (null: none).
   */
  planAdvance(rows: readonly DiffRow[], pointer: number, partial: string | null): LayoutPlan {
    const from = this.head.length;
    // `rows` keeps growing while the edits are applied: plan and commit the same slice.
    const to = rows.length;
    if (to === from && partial === this.partial) {
      const runs = this.runs;
      const pendingCount = this.original.length - pointer;
      // Nothing to send, so nothing to draw with it: built only if asked for.
      return {
        edits: [],
        get view() {
          return viewOf(runs, from, partial !== null, pendingCount);
        },
        commit: () => (this.pendingFrom = pointer),
      };
    }
    const edits: RowEdit[] = [];
    let current: RowEdit = { row: from, deleteCount: this.partial === null ? 0 : 1, insert: [] };
    let docRow = current.row + current.deleteCount;
    for (let i = from; i < to; i++) {
      const r = rows[i];
      if (r.kind === 'added') {
        current.insert.push(r.text);
        continue;
      }
      // A consumed original: it stays where it is; new lines go before or after it.
      if (current.deleteCount > 0 || current.insert.length > 0) edits.push(current);
      docRow++;
      current = { row: docRow, deleteCount: 0, insert: [] };
    }
    if (partial !== null) current.insert.push(partial);
    if (current.deleteCount > 0 || current.insert.length > 0) edits.push(current);
    // Only the last run can grow: the others are shared with the layout as it is.
    const runs = this.runs.slice();
    if (runs.length > 0) runs[runs.length - 1] = { ...runs[runs.length - 1] };
    for (let i = from; i < to; i++) appendRun(runs, rows[i].kind, i);
    return {
      edits,
      view: viewOf(runs, to, partial !== null, this.original.length - pointer),
      commit: () => {
        this.versionValue++;
        for (let i = from; i < to; i++) this.head.push(rows[i]);
        this.runs = runs;
        this.partial = partial;
        this.pendingFrom = pointer;
      },
    };
  }

  /** Replace whatever is shown by `target` (all original lines consumed), with minimal edits. */
  planSettle(target: readonly DiffRow[]): LayoutPlan {
    const shown = this.texts();
    const wanted = target.map((r) => r.text);
    const edits: RowEdit[] = [];
    // Too large to diff exactly: one replacement of the whole region.
    const runs: DiffRun[] =
      shown.length + wanted.length > EXACT_DIFF_LIMIT
        ? [
            { kind: 'delete', aStart: 0, bStart: 0, length: shown.length },
            { kind: 'insert', aStart: shown.length, bStart: 0, length: wanted.length },
          ]
        : myersDiff(shown, wanted);
    for (const run of runs) {
      if (run.kind === 'equal') continue;
      const last = edits[edits.length - 1];
      const adjacent = last && last.row + last.deleteCount === run.aStart;
      const edit = adjacent ? last : { row: run.aStart, deleteCount: 0, insert: [] };
      if (run.kind === 'delete') edit.deleteCount += run.length;
      else edit.insert.push(...wanted.slice(run.bStart, run.bStart + run.length));
      if (!adjacent) edits.push(edit);
    }
    const targetRuns: Run[] = [];
    target.forEach((r, i) => appendRun(targetRuns, r.kind, i));
    return {
      edits,
      view: viewOf(targetRuns, target.length, false, 0),
      commit: () => {
        this.versionValue++;
        this.head = [...target];
        this.runs = targetRuns;
        this.partial = null;
        this.pendingFrom = this.original.length;
      },
    };
  }

  /** Keep the result: remove the removed rows. Only once settled. */
  planAccept(): RowEdit[] {
    if (this.partial !== null || this.pendingFrom < this.original.length) throw new Error('accept before the edit settled');
    return deleteSpans(spansOf(this.runs, 'removed'));
  }

  /** Back to the original: remove added rows and the unfinished line; the layout empties. */
  planRestore(): LayoutPlan {
    const spans = spansOf(this.runs, 'added');
    if (this.partial !== null) spans.push({ start: this.head.length, count: 1 });
    return {
      edits: deleteSpans(spans),
      view: viewOf([], 0, false, this.original.length),
      commit: () => {
        this.versionValue++;
        this.head = [];
        this.runs = [];
        this.partial = null;
        this.pendingFrom = 0;
      },
    };
  }

  /** Text of the region's last row (where a change at its end would land). */
  lastRowText(): string {
    if (this.pendingFrom < this.original.length) return this.original[this.original.length - 1];
    if (this.partial !== null) return this.partial;
    return this.head[this.head.length - 1]?.text ?? '';
  }

  /** Kind of every row, top to bottom. */
  kinds(): PreviewKind[] {
    const out: PreviewKind[] = this.head.map((r) => r.kind);
    if (this.partial !== null) out.push('partial');
    for (let i = this.pendingFrom; i < this.original.length; i++) out.push('pending');
    return out;
  }

  view(): PreviewView {
    return viewOf(this.runs, this.head.length, this.partial !== null, this.original.length - this.pendingFrom);
  }

  private texts(): string[] {
    const out = this.head.map((r) => r.text);
    if (this.partial !== null) out.push(this.partial);
    for (let i = this.pendingFrom; i < this.original.length; i++) out.push(this.original[i]);
    return out;
  }
}

/** Adds row `index` (the next one) of `kind` to the runs. */
function appendRun(runs: Run[], kind: DiffRow['kind'], index: number): void {
  const last = runs[runs.length - 1];
  if (last && last.kind === kind) last.count++;
  else runs.push({ kind, start: index, count: 1 });
}

function spansOf(runs: readonly Run[], kind: DiffRow['kind']): RowSpan[] {
  const out: RowSpan[] = [];
  for (const run of runs) if (run.kind === kind) out.push({ start: run.start, count: run.count });
  return out;
}

/** The view of `headCount` decided rows (as `runs`), then the line being written, then `pendingCount` originals. */
function viewOf(runs: readonly Run[], headCount: number, partial: boolean, pendingCount: number): PreviewView {
  const pendingStart = headCount + (partial ? 1 : 0);
  return {
    added: spansOf(runs, 'added'),
    removed: spansOf(runs, 'removed'),
    pending: pendingCount > 0 ? [{ start: pendingStart, count: pendingCount }] : [],
    partial: partial ? [{ start: headCount, count: 1 }] : [],
    rowCount: pendingStart + pendingCount,
    focusRow: Math.max(0, pendingStart - 1),
  };
}
