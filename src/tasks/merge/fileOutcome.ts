// What accepting a merged file does to the workspace, path by path: the text before and after
// (undefined: no file). The apply writes `after`; the revert record keeps `before`.
import type { WorkspacePath } from '../changeSet';
import { composeMerge, mergeEdits, type ChooseHunk, type TextEdit } from './composeMerge';
import type { CurrentText, FileMerge } from './mergeFile';

export interface FileOutcome {
  readonly path: WorkspacePath;
  readonly before: string | undefined;
  readonly after: string | undefined;
  /** For a file that exists before and after: the edits from `before` to `after`, so an open buffer is changed in place. */
  readonly edits?: readonly TextEdit[];
}

/** For a file conflict: keep the user's file, or take the task's side of it. */
export type FileChoice = 'user' | 'task';

/**
 * The outcomes of accepting `file` with the chosen hunks; an empty list when nothing changes.
 * `current` must be the text the merge was made from.
 */
export function fileOutcomes(file: FileMerge, choose: ChooseHunk, fileChoice: FileChoice, current: CurrentText): FileOutcome[] {
  const out: FileOutcome[] = [];
  const source = file.from ?? file.path;
  if (file.conflict) {
    if (fileChoice === 'user') return [];
    const { task } = file.conflict;
    if (file.from !== undefined && current(file.from) !== undefined) out.push({ path: file.from, before: current(file.from), after: undefined });
    out.push({ path: file.path, before: current(file.path), after: task });
    return out.filter((o) => o.before !== o.after);
  }
  if (file.deletes) {
    const before = current(file.path);
    return before === undefined ? [] : [{ path: file.path, before, after: undefined }];
  }
  const merge = file.text!;
  const before = current(source);
  // A created file whose every hunk was discarded is not created empty.
  if (before === undefined && mergeEdits(merge, choose).length === 0) return [];
  const after = composeMerge(merge, choose);
  if (file.from !== undefined) return [{ path: file.from, before, after: undefined }, { path: file.path, before: undefined, after }];
  if (before === after) return [];
  return [{ path: file.path, before, after, edits: before === undefined ? undefined : mergeEdits(merge, choose) }];
}
