// The lines around a hunk in the user's text: a conflict is shown with them, so a one-line
// disagreement is read in its place in the file.
import { splitLines } from './lines';
import type { MergeHunk } from './mergeText';

export interface HunkContext {
  /** Up to `linesBefore` whole lines just above the hunk. */
  readonly before: string;
  /** Up to `linesAfter` whole lines just below it. */
  readonly after: string;
}

export function hunkContext(ours: string, hunk: Pick<MergeHunk, 'oursOffset' | 'user'>, linesBefore = 8, linesAfter = 3): HunkContext {
  const before = splitLines(ours.slice(0, hunk.oursOffset)).slice(-linesBefore).join('');
  const after = splitLines(ours.slice(hunk.oursOffset + hunk.user.length)).slice(0, linesAfter).join('');
  return { before, after };
}
