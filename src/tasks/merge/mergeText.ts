// The three-way merge of one file's text, line by line: base = the task's snapshot, ours = the
// user's text now, theirs = the task's. Both sides' line diffs against base are grouped as diff3
// does (changes that overlap or touch in base form one region); a region only the task changed
// is a task hunk, one both changed differently a conflict. The review needs every task hunk by
// itself (a deletion included), with its place in the user's text, to accept or discard it alone.
import { lineHunks } from './lineDiff';
import { eolOf, splitLines, withEol, type Eol } from './lines';

/** A change the task made where the user changed nothing, or a conflict where both did. */
export interface MergeHunk {
  readonly kind: 'task' | 'conflict';
  /** Stable across re-merges while the base is the same: the base lines it replaces. */
  readonly key: string;
  /** 0-based line in base where the hunk starts, and the same place in the user's text. */
  readonly baseLine: number;
  readonly oursLine: number;
  /** The same place in the task's text (where the review's diff shows it). */
  readonly taskLine: number;
  /** Character offset of `user` in the user's text. */
  readonly oursOffset: number;
  /** The user's text here (for a task hunk: untouched, so the same as `base`). */
  readonly user: string;
  readonly task: string;
  readonly base: string;
}

export type MergePiece = { readonly kind: 'keep'; readonly text: string } | MergeHunk;

export interface TextMerge {
  /** The user's text the pieces were cut from; every `user` side joined gives it back. */
  readonly ours: string;
  readonly eol: Eol;
  readonly pieces: readonly MergePiece[];
  readonly hunks: readonly MergeHunk[];
}

interface Hunk {
  side: 'a' | 'b';
  oStart: number;
  oEnd: number;
  start: number;
  end: number;
}

const sideHunks = (o: string[], x: string[], side: 'a' | 'b'): Hunk[] => lineHunks(o, x).map((h) => ({ side, ...h }));

/** Hunks of both sides that overlap or touch in base, as groups in base order. */
function groups(all: Hunk[]): Hunk[][] {
  all.sort((x, y) => x.oStart - y.oStart || x.oEnd - y.oEnd);
  const out: Hunk[][] = [];
  let end = -1;
  for (const h of all) {
    const last = out[out.length - 1];
    if (last && h.oStart <= end) {
      last.push(h);
      end = Math.max(end, h.oEnd);
    } else {
      out.push([h]);
      end = h.oEnd;
    }
  }
  return out;
}

/** The range one side spans over base lines [oS, oE), given its hunks there and its offset before. */
function sideRange(hs: Hunk[], oS: number, oE: number, delta: number): [number, number] {
  if (hs.length === 0) return [oS + delta, oE + delta];
  const first = hs[0];
  const last = hs.reduce((m, h) => (h.oEnd >= m.oEnd ? h : m), first);
  return [first.start - (first.oStart - oS), last.end + (oE - last.oEnd)];
}

/**
 * Merges `task` into `ours` against `base`. A whole-file line-ending difference of the base or
 * the task is not a change: both are read with the user's line ending, which the result keeps.
 */
export function mergeText(base: string, ours: string, task: string): TextMerge {
  // A text without a line break (an empty file the task creates) has no line ending to keep.
  const eol = eolOf([ours, base, task].find((t) => t.includes('\n')) ?? ours);
  const o = splitLines(eolOf(base) === eol ? base : withEol(base, eol));
  const a = splitLines(ours);
  const b = splitLines(eolOf(task) === eol ? task : withEol(task, eol));
  const pieces: MergePiece[] = [];
  const offsets = [0];
  for (const line of a) offsets.push(offsets[offsets.length - 1] + line.length);
  const keep = (from: number, to: number) => {
    if (to > from) pieces.push({ kind: 'keep', text: a.slice(from, to).join('') });
  };
  let aPos = 0;
  let dA = 0;
  let dB = 0;
  for (const group of groups([...sideHunks(o, a, 'a'), ...sideHunks(o, b, 'b')])) {
    const oS = group[0].oStart;
    const oE = Math.max(...group.map((h) => h.oEnd));
    const [aS, aE] = sideRange(group.filter((h) => h.side === 'a'), oS, oE, dA);
    const [bS, bE] = sideRange(group.filter((h) => h.side === 'b'), oS, oE, dB);
    dA = aE - oE;
    dB = bE - oE;
    keep(aPos, aS);
    aPos = aE;
    const user = a.slice(aS, aE).join('');
    const theirs = b.slice(bS, bE).join('');
    const hasTask = group.some((h) => h.side === 'b');
    // The user's own changes, and a change both made alike, stay as the user has them.
    if (!hasTask || (group.some((h) => h.side === 'a') && user === theirs)) {
      keep(aS, aE);
      continue;
    }
    const kind = group.some((h) => h.side === 'a') ? 'conflict' : 'task';
    pieces.push({ kind, key: `${oS}-${oE}`, baseLine: oS, oursLine: aS, taskLine: bS, oursOffset: offsets[aS], user, task: theirs, base: o.slice(oS, oE).join('') });
  }
  keep(aPos, a.length);
  return { ours, eol, pieces, hunks: pieces.filter((p): p is MergeHunk => p.kind !== 'keep') };
}
