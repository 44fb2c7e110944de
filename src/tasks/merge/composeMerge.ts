// A merge turned into text: each hunk takes the side the review chose for it.
import type { MergeHunk, TextMerge } from './mergeText';

/** What a hunk becomes: the user's text, the task's, both (the user's first), or a text of its own. */
export type HunkChoice = 'user' | 'task' | 'both' | { readonly text: string };

export type ChooseHunk = (hunk: MergeHunk) => HunkChoice;

/** A replacement in the user's text: `length` characters at `offset` become `text`. */
export interface TextEdit {
  readonly offset: number;
  readonly length: number;
  readonly text: string;
}

/** Accept All: task hunks apply, conflicts keep the user's text until the user picks. */
export const acceptTaskHunks: ChooseHunk = (h) => (h.kind === 'task' ? 'task' : 'user');

/** The text a hunk becomes; `both` on the file's last line (no line break) keeps the two on separate lines. */
export function hunkText(hunk: MergeHunk, choice: HunkChoice, eol = '\n'): string {
  if (typeof choice === 'object') return choice.text;
  if (choice === 'user') return hunk.user;
  if (choice === 'task') return hunk.task;
  const joint = hunk.user !== '' && hunk.task !== '' && !hunk.user.endsWith('\n') ? eol : '';
  return hunk.user + joint + hunk.task;
}

/** The edits that turn the user's text into the chosen merge, in document order. */
export function mergeEdits(merge: TextMerge, choose: ChooseHunk): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const h of merge.hunks) {
    const text = hunkText(h, choose(h), merge.eol);
    if (text !== h.user) edits.push({ offset: h.oursOffset, length: h.user.length, text });
  }
  return edits;
}

/** The merged text for the chosen sides. */
export function composeMerge(merge: TextMerge, choose: ChooseHunk): string {
  return merge.pieces.map((p) => (p.kind === 'keep' ? p.text : hunkText(p, choose(p), merge.eol))).join('');
}

/** `text` with `edits` (non-overlapping, in order) applied. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.offset) + e.text;
    at = e.offset + e.length;
  }
  return out + text.slice(at);
}
