import type { DiffRow } from '../rewrite/diffRow';
import type { RewriteFeed } from '../rewrite/rewriteFeed';
import type { CardStatus } from './variantCard';

/** A diff row as a card shows it: `rest` is an original line the stream has not reached yet. */
export interface ShownRow {
  kind: DiffRow['kind'] | 'rest';
  text: string;
}

/**
 * What a card shows: while streaming, the rows decided so far (they only grow), the
 * unfinished line, then the original lines not reached yet; once ended, the exact diff
 * (complete, or partial: the original continues after the last line reached).
 */
export function shownRows(feed: RewriteFeed, status: CardStatus): { stable: readonly DiffRow[]; tail: ShownRow[]; final: boolean } {
  if (status === 'done') return { stable: feed.completeRows(), tail: [], final: true };
  if (status === 'stopped' || status === 'failed' || status === 'cancelled') {
    return { stable: feed.text() === '' ? [] : feed.partialRows(), tail: [], final: true };
  }
  const { diff } = feed;
  const tail: ShownRow[] = [];
  const partial = feed.visiblePartial();
  if (partial !== null) tail.push({ kind: 'added', text: partial });
  for (const text of feed.original.slice(diff.pointer)) tail.push({ kind: 'rest', text });
  return { stable: diff.rows, tail, final: false };
}

/** Size of a rewrite for the card: lines added and removed, and the result's length. */
export function rowsSize(rows: readonly DiffRow[]): { added: number; removed: number; lines: number; chars: number } {
  let added = 0;
  let removed = 0;
  let lines = 0;
  let chars = 0;
  for (const r of rows) {
    if (r.kind === 'added') added++;
    if (r.kind === 'removed') removed++;
    else {
      lines++;
      chars += r.text.length + 1;
    }
  }
  return { added, removed, lines, chars: Math.max(0, chars - 1) };
}
