// Revert Task as a merge: base = the text the apply left, ours = the file now, theirs = the text
// before the apply. Where the user has not typed since, the file comes back byte for byte; an
// edit the user made after the apply is never touched: where the revert would, it is a conflict.
import { mergeText, type TextMerge } from '../merge/mergeText';
import { middleChange } from '../../edits/middleChange';
import { acceptTaskHunks, applyEdits, composeMerge, mergeEdits, type ChooseHunk, type TextEdit } from '../merge/composeMerge';
import type { FileOutcome, FileChoice } from '../merge/fileOutcome';
import type { CurrentText } from '../merge/mergeFile';
import type { RevertEntry, RevertRecord } from './revertRecord';

export interface RevertConflict {
  readonly reason: 'edited-after-apply' | 'deleted-after-apply' | 'recreated-after-apply';
  /** The user's text now, the text before the apply, the text the apply left. */
  readonly user: string | undefined;
  readonly task: string | undefined;
  readonly base: string | undefined;
}

export interface RevertFile {
  readonly entry: RevertEntry;
  readonly now: string | undefined;
  /** Both texts exist and the user kept the file: revert hunk by hunk. */
  readonly text?: TextMerge;
  readonly conflict?: RevertConflict;
}

function revertFile(entry: RevertEntry, now: string | undefined): RevertFile {
  const { before, after } = entry;
  if (now === after) return { entry, now };
  if (after === undefined) return { entry, now, conflict: { reason: 'recreated-after-apply', user: now, task: before, base: after } };
  if (now === undefined) return { entry, now, conflict: { reason: 'deleted-after-apply', user: now, task: before, base: after } };
  // A file the apply created and the user then edited: deleting it would delete the user's work.
  if (before === undefined) return { entry, now, conflict: { reason: 'edited-after-apply', user: now, task: before, base: after } };
  return { entry, now, text: mergeText(after, now, before) };
}

export function planRevert(record: RevertRecord, current: CurrentText): RevertFile[] {
  return record.files.map((e) => revertFile(e, current(e.path)));
}

/** The outcome of reverting `file` with the chosen sides (`task` = the text before the apply). */
export function revertOutcome(file: RevertFile, choose: ChooseHunk, fileChoice: FileChoice): FileOutcome | undefined {
  const { entry, now } = file;
  if (file.conflict) return fileChoice === 'task' && now !== entry.before ? { path: entry.path, before: now, after: entry.before } : undefined;
  if (!file.text) return now === entry.before ? undefined : { path: entry.path, before: now, after: entry.before, edits: exactEdits(now, entry.before) };
  const after = composeMerge(file.text, choose);
  return after === now ? undefined : { path: entry.path, before: now, after, edits: mergeEdits(file.text, choose) };
}

/** Line-wise edits from `now` to `before` (the text the user has not touched since), checked to land byte for byte. */
function exactEdits(now: string | undefined, before: string | undefined): TextEdit[] | undefined {
  if (now === undefined || before === undefined) return undefined;
  const edits = mergeEdits(mergeText(now, now, before), acceptTaskHunks);
  if (applyEdits(now, edits) === before) return edits;
  const m = middleChange(now, before);
  return [{ offset: m.start, length: m.end - m.start, text: m.text }];
}

export const revertHasConflict = (f: RevertFile): boolean => f.conflict !== undefined || (f.text?.hunks.some((h) => h.kind === 'conflict') ?? false);
