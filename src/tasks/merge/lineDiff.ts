// The two-way line diff a three-way merge is built on: hunks of base lines [oStart, oEnd)
// replaced by lines [start, end) of the other side. Myers' diff costs O((N+M)·D), so a few
// edits in a long file are cheap; node-diff3's LCS took over a second on a 2,600-line file.
import { EXACT_DIFF_LIMIT, myersDiff } from '../../rewrite/myersDiff';

export interface LineHunk {
  readonly oStart: number;
  readonly oEnd: number;
  readonly start: number;
  readonly end: number;
}

/** Hunks from `o` to `x`, in order, separated by at least one equal line. */
export function lineHunks(o: readonly string[], x: readonly string[]): LineHunk[] {
  let head = 0;
  while (head < o.length && head < x.length && o[head] === x[head]) head++;
  let tail = 0;
  while (tail < o.length - head && tail < x.length - head && o[o.length - 1 - tail] === x[x.length - 1 - tail]) tail++;
  const oMid = o.length - head - tail;
  const xMid = x.length - head - tail;
  if (oMid === 0 && xMid === 0) return [];
  // Past the exact diff's budget the whole middle is one hunk: coarser, never wrong, never slow.
  if (oMid + xMid > EXACT_DIFF_LIMIT) return [{ oStart: head, oEnd: head + oMid, start: head, end: head + xMid }];
  const hunks: LineHunk[] = [];
  let open: { oStart: number; oEnd: number; start: number; end: number } | undefined;
  for (const run of myersDiff(o.slice(head, head + oMid), x.slice(head, head + xMid))) {
    const oAt = head + run.aStart;
    const xAt = head + run.bStart;
    if (run.kind === 'equal') {
      if (open) hunks.push(open);
      open = undefined;
      continue;
    }
    open ??= { oStart: oAt, oEnd: oAt, start: xAt, end: xAt };
    if (run.kind === 'delete') open.oEnd = oAt + run.length;
    else open.end = xAt + run.length;
  }
  if (open) hunks.push(open);
  return joinAcrossBlankLines(hunks, o);
}

/**
 * Hunks one blank line apart are one change: an equal-cost diff may keep a blank line of a
 * deleted block and cut the block in two, and then only one part would meet the other side's
 * edit (a conflict) while the rest applied alone.
 */
function joinAcrossBlankLines(hunks: LineHunk[], o: readonly string[]): LineHunk[] {
  const out: LineHunk[] = [];
  for (const h of hunks) {
    const last = out[out.length - 1];
    if (last && h.oStart === last.oEnd + 1 && o[last.oEnd].trim() === '') out[out.length - 1] = { oStart: last.oStart, oEnd: h.oEnd, start: last.start, end: h.end };
    else out.push(h);
  }
  return out;
}
