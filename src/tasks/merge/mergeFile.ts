// One file of a task's change set merged against the workspace as it is now: its text merge,
// and what happens to the file itself (written, created, deleted, moved) or why that needs the
// user (a file the user deleted while the task changed it, a path both created, ...).
import type { FileChange, WorkspacePath } from '../changeSet';
import { mergeText, type TextMerge } from './mergeText';
import { eolOf, withEol } from './lines';

/** The user's current text of a path (an unsaved buffer's when open), undefined when it does not exist. */
export type CurrentText = (path: WorkspacePath) => string | undefined;

/** A whole-file disagreement: the user picks the task's side or keeps the file as it is. */
export interface FileConflict {
  readonly reason: 'deleted-by-user' | 'edited-by-user' | 'target-exists';
  /** The user's text, the task's, the snapshot's; undefined where that side has no file. */
  readonly user: string | undefined;
  readonly task: string | undefined;
  readonly base: string | undefined;
}

export interface FileMerge {
  readonly change: FileChange;
  /** Where the result lands. */
  readonly path: WorkspacePath;
  /** A rename's old path, deleted when the file is accepted. */
  readonly from?: WorkspacePath;
  /** The merge of the file's text; absent when the task deletes it or a file conflict stands. */
  readonly text?: TextMerge;
  /** The task deletes this file and the user left it as the snapshot had it. */
  readonly deletes?: true;
  readonly conflict?: FileConflict;
}

/** Same text but for a whole-file line-ending difference. */
const sameText = (x: string, y: string) => x === y || withEol(x, eolOf(y)) === y;

export function mergeFile(change: FileChange, current: CurrentText): FileMerge {
  const path = change.path;
  switch (change.kind) {
    case 'modified': {
      const ours = current(path);
      if (ours === undefined) return { change, path, conflict: { reason: 'deleted-by-user', user: undefined, task: change.task, base: change.base } };
      return { change, path, text: mergeText(change.base, ours, change.task) };
    }
    case 'created':
      // A path the user created too merges against an empty base: both sides conflict unless equal.
      return { change, path, text: mergeText('', current(path) ?? '', change.task) };
    case 'deleted': {
      const ours = current(path);
      if (ours === undefined || sameText(change.base, ours)) return { change, path, deletes: true };
      return { change, path, conflict: { reason: 'edited-by-user', user: ours, task: undefined, base: change.base } };
    }
    case 'renamed': {
      const ours = current(change.from);
      if (ours === undefined) return { change, path, from: change.from, conflict: { reason: 'deleted-by-user', user: undefined, task: change.task, base: change.base } };
      const there = current(path);
      if (there !== undefined) return { change, path, from: change.from, conflict: { reason: 'target-exists', user: there, task: change.task, base: undefined } };
      return { change, path, from: change.from, text: mergeText(change.base, ours, change.task) };
    }
  }
}

/** Files whose merge needs the user before it can land as the task meant. */
export const hasConflict = (f: FileMerge): boolean => f.conflict !== undefined || (f.text?.hunks.some((h) => h.kind === 'conflict') ?? false);
