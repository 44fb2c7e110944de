import * as vscode from 'vscode';
import { acceptTaskHunks, type ChooseHunk } from '../../tasks/merge/composeMerge';
import { planRevert, revertOutcome, type RevertFile } from '../../tasks/revert/planRevert';
import { recordApply, type RevertEntry, type RevertRecord } from '../../tasks/revert/revertRecord';
import type { TaskResults } from '../../tasks/taskResults';
import { applyOutcome, currentTexts } from './tasksApplyFiles';
import { askConflict, type ConflictContent, type ConflictPick } from './tasksReviewConflicts';

/**
 * Revert Task: every file the apply touched goes back to its text before it (created files
 * deleted, deleted ones restored), after saves, reloads and closed editors, without git. An edit
 * the user made since stays; where the revert would touch it, the user picks. What the user
 * leaves for later stays in the record, to revert again.
 */
export async function revertTask(results: TaskResults, conflicts: ConflictContent, taskId: string): Promise<void> {
  const record = results.revertRecord(taskId);
  if (!record) throw new Error('That task\'s apply has nothing left to revert.');
  const current = await currentTexts(record.files.map((f) => f.path), record.folder);
  const left: RevertEntry[] = [];
  for (const file of planRevert(record, current)) {
    const choice = await revertChoice(conflicts, file);
    if (!choice) {
      left.push(file.entry);
      continue;
    }
    const outcome = revertOutcome(file, choice.choose, choice.file);
    if (outcome) await applyOutcome(outcome, record.folder);
  }
  const rest: RevertRecord | undefined = left.length > 0 ? recordApply(undefined, taskId, left, record) : undefined;
  await results.reverted(taskId, rest);
  void vscode.window.showInformationMessage(left.length > 0 ? `Flint: the task was reverted except ${left.length} file(s) left for later; Revert Task again to finish.` : 'Flint: the task was reverted.');
}

/** How to revert one file: asks about each place the user changed since the apply. */
async function revertChoice(conflicts: ConflictContent, file: RevertFile): Promise<{ choose: ChooseHunk; file: 'user' | 'task' } | undefined> {
  const path = file.entry.path;
  if (file.conflict) {
    const c = file.conflict;
    const pick = await askConflict(conflicts, { title: `${path} (${c.reason.replace(/-/g, ' ')})`, taskName: 'before the task', user: c.user, task: c.task, base: c.base, region: false }, false);
    return pick ? { choose: acceptTaskHunks, file: pick === 'task' ? 'task' : 'user' } : undefined;
  }
  const picks = new Map<string, ConflictPick>();
  for (const h of file.text?.hunks.filter((x) => x.kind === 'conflict') ?? []) {
    const pick = await askConflict(conflicts, { title: `${path}:${h.oursLine + 1}`, taskName: 'before the task', user: h.user, task: h.task, base: h.base, region: true }, false);
    if (!pick) return undefined;
    picks.set(h.key, pick);
  }
  return {
    choose: (h) => {
      if (h.kind === 'task') return 'task';
      const pick = picks.get(h.key);
      return pick === 'task' || pick === 'both' ? pick : 'user';
    },
    file: 'task',
  };
}
