import { FenceFilter, stripFences } from './codeFences';
import type { DiffRow } from './diffRow';
import { LineAssembler } from './lineAssembler';
import { EXACT_DIFF_LIMIT, myersDiff } from './myersDiff';
import { StreamingDiff } from './streamingDiff';

/**
 * One rewrite as it streams in: deltas → lines → fence filter → streaming diff. Also keeps
 * the raw reply, from which the exact result is computed when the stream ends.
 */
export class RewriteFeed {
  readonly diff: StreamingDiff;
  private readonly assembler = new LineAssembler();
  private readonly fences: FenceFilter;
  private readonly raw: string[] = [];
  private readonly originalStartsWithFence: boolean;

  constructor(readonly original: readonly string[]) {
    this.originalStartsWithFence = /^\s*(```|~~~)/.test(original[0] ?? '');
    this.fences = new FenceFilter(this.originalStartsWithFence);
    this.diff = new StreamingDiff(original);
  }

  /** Feeds one delta; true once the reply is over (a closing fence: the rest is commentary). */
  push(delta: string): boolean {
    for (const line of this.assembler.push(delta)) {
      this.raw.push(line);
      for (const kept of this.fences.push(line)) this.diff.pushLine(kept);
    }
    return this.fences.ended;
  }

  /** The unfinished line worth showing, or null (nothing yet, a possible fence, or a likely copy of the next original line). */
  visiblePartial(): string | null {
    const p = this.assembler.partial;
    if (p === '' || !this.fences.showsPartial(p) || this.diff.continuesOriginal(p)) return null;
    return p;
  }

  /** The reply so far as text (for a redirect's "earlier attempt"). */
  text(): string {
    const tail = this.assembler.partial;
    return this.raw.join('\n') + (tail ? `\n${tail}` : '');
  }

  /** Exact rows for a reply that ended normally: it replaces the whole region. */
  completeRows(): DiffRow[] {
    const lines = [...this.raw];
    if (this.assembler.partial !== '') lines.push(this.assembler.partial);
    return diffRows(this.original, stripFences(lines, this.originalStartsWithFence));
  }

  /**
   * Exact rows for a reply cut short (stopped, or the output limit): the lines received so
   * far replace the original lines they reached (matched or visibly rewritten); the rest of
   * the original stays. The unfinished line is dropped.
   */
  partialRows(): DiffRow[] {
    const kept = [...this.diff.received, ...this.original.slice(this.diff.reached())];
    return diffRows(this.original, kept);
  }
}

/**
 * The exact diff of `original` against `result`, as rows; in each changed block removed lines
 * come first. Very large rewrites get the linear greedy diff instead (still a valid diff).
 */
export function diffRows(original: readonly string[], result: readonly string[]): DiffRow[] {
  if (original.length + result.length > EXACT_DIFF_LIMIT) return greedyRows(original, result);
  const rows: DiffRow[] = [];
  let added: DiffRow[] = [];
  for (const run of myersDiff(original, result)) {
    for (let i = 0; i < run.length; i++) {
      if (run.kind === 'insert') added.push({ kind: 'added', text: result[run.bStart + i] });
      else if (run.kind === 'delete') rows.push({ kind: 'removed', text: original[run.aStart + i] });
      else {
        if (added.length > 0) rows.push(...added);
        added = [];
        rows.push({ kind: 'same', text: original[run.aStart + i] });
      }
    }
  }
  rows.push(...added);
  return rows;
}

function greedyRows(original: readonly string[], result: readonly string[]): DiffRow[] {
  const diff = new StreamingDiff(original);
  for (const line of result) diff.pushLine(line);
  return [...diff.rows, ...original.slice(diff.pointer).map((text): DiffRow => ({ kind: 'removed', text }))];
}
