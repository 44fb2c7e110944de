import * as vscode from 'vscode';
import type { MergeHunk } from '../../tasks/merge/mergeText';
import { TaskResults } from '../../tasks/taskResults';
import type { Services } from '../../services';
import type { InlineEdits } from '../shared/inlineEdits';
import { sendRefusal } from '../shared/editTarget';
import { revertTask } from './tasksApplyRevert';
import { TasksReview, reviewTitle, type FileTarget } from './tasksReview';
import { CONFLICT_SCHEME, ConflictContent } from './tasksReviewConflicts';
import { TASK_SCHEME, TaskSideContent, parseTaskSideUri } from './tasksReviewContent';
import { setAsideDamaged, taskResultsFile } from './tasksReviewStorage';

type TaskArg = string | { taskId?: string } | undefined;
type FileArg = vscode.Uri | FileTarget | undefined;
type HunkArg = (FileTarget & { key: string }) | undefined;

/**
 * The review of finished tasks' results and Revert Task. Returns the review, whose `results`
 * lists what is under review or revertible (they survive reloads).
 */
export function registerTasksReview(context: vscode.ExtensionContext, services: Services, edits: InlineEdits): TasksReview {
  const results = new TaskResults(taskResultsFile(context));
  const conflicts = new ConflictContent();
  const sides = new TaskSideContent((id) => results.review(id)?.changeSet);
  const review = new TasksReview(results, edits, conflicts, services.log, (doc) => sendRefusal(doc, services));
  void results.load(async (err) => {
    services.log.warn(`tasks: ${err.message}`);
    const aside = await setAsideDamaged(context).catch((moveErr: unknown) => {
      // Left where it is, it must not be overwritten: task results are not saved this session.
      const message = `${err.message} It could not be set aside (${String(moveErr)}); remove or repair it to keep task results.`;
      void vscode.window.showErrorMessage(`Flint: ${message}`);
      throw new Error(message, { cause: moveErr });
    });
    void vscode.window.showWarningMessage(`Flint: ${err.message} It was kept as ${aside.fsPath}.`);
  });
  const run =
    <A>(f: (arg: A) => Promise<unknown>) =>
    (arg: A) =>
      f(arg).catch((err: unknown) => {
        services.log.warn(`tasks: ${String(err)}`);
        void vscode.window.showErrorMessage(`Flint: ${err instanceof Error ? err.message : String(err)}`);
      });
  const taskOf = async (arg: TaskArg, ids: string[]) => (typeof arg === 'string' ? arg : arg?.taskId) ?? fromEditor(review)?.taskId ?? fromReviewTab(results, ids) ?? pickTask(results, ids);
  const fileOf = async (arg: FileArg) => (arg instanceof vscode.Uri ? review.targetOf(arg) : arg) ?? fromEditor(review) ?? pickFile(review);
  const underReview = () => results.underReview().map((r) => r.changeSet.taskId);
  context.subscriptions.push(
    sides,
    vscode.workspace.registerTextDocumentContentProvider(TASK_SCHEME, sides),
    vscode.workspace.registerTextDocumentContentProvider(CONFLICT_SCHEME, conflicts),
    vscode.commands.registerCommand('flint.tasks.review', run(async (a: TaskArg) => ifDefined(await taskOf(a, underReview()), (id) => review.show(id)))),
    vscode.commands.registerCommand('flint.tasks.acceptAll', run(async (a: TaskArg) => ifDefined(await taskOf(a, underReview()), (id) => review.acceptAll(id)))),
    vscode.commands.registerCommand('flint.tasks.discardAll', run(async (a: TaskArg) => ifDefined(await taskOf(a, underReview()), (id) => review.discardAll(id)))),
    vscode.commands.registerCommand('flint.tasks.acceptFile', run(async (a: FileArg) => ifDefined(await fileOf(a), (t) => review.acceptFile(t)))),
    vscode.commands.registerCommand('flint.tasks.discardFile', run(async (a: FileArg) => ifDefined(await fileOf(a), (t) => review.discardFile(t)))),
    vscode.commands.registerCommand('flint.tasks.acceptHunk', run(async (a: HunkArg) => ifDefined(a ?? (await hunkAtCursor(review)), (h) => review.acceptHunk(h, h.key)))),
    vscode.commands.registerCommand('flint.tasks.revert', run(async (a: TaskArg) => ifDefined((typeof a === 'string' ? a : a?.taskId) ?? (await pickTask(results, results.revertible())), (id) => revertTask(results, conflicts, id)))),
  );
  return review;
}

const ifDefined = async <T>(x: T | undefined, f: (x: T) => Promise<unknown>) => (x === undefined ? undefined : f(x));

function fromEditor(review: TasksReview): FileTarget | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri ? review.targetOf(uri) : undefined;
}

/** The task whose review tab is in front (a multi-file diff is no text editor), when its title names one task alone. */
function fromReviewTab(results: TaskResults, ids: string[]): string | undefined {
  const label = vscode.window.tabGroups.activeTabGroup.activeTab?.label;
  if (label === undefined) return undefined;
  const named = ids.filter((id) => {
    const summary = results.review(id)?.changeSet.summary;
    if (summary === undefined) return false;
    // The multi-file diff's tab adds the file count: "<title> (3 files)".
    const title = reviewTitle(summary);
    return label === title || label.startsWith(`${title} (`);
  });
  return named.length === 1 ? named[0] : undefined;
}

async function pickTask(results: TaskResults, ids: string[]): Promise<string | undefined> {
  if (ids.length <= 1) {
    if (ids.length === 0) void vscode.window.showInformationMessage('Flint: no task result for this.');
    return ids[0];
  }
  const items = ids.map((id) => ({ label: (results.review(id)?.changeSet.summary ?? results.revertRecord(id)?.summary)?.split('\n')[0] || id, description: id, id }));
  return (await vscode.window.showQuickPick(items, { title: 'Which task?' }))?.id;
}

async function pickFile(review: TasksReview): Promise<FileTarget | undefined> {
  const items = review.results.underReview().flatMap((r) => review.undecided(r.changeSet.taskId).map((f) => ({ label: f.path, description: f.kind, target: { taskId: r.changeSet.taskId, path: f.path } })));
  return (await vscode.window.showQuickPick(items, { title: 'Which file of the task\'s result?' }))?.target;
}

const lineCount = (text: string) => (text === '' ? 0 : text.replace(/\r?\n$/, '').split('\n').length);

/** The hunk under the cursor (in the review's task side or the workspace file), else one picked from a list. */
async function hunkAtCursor(review: TasksReview): Promise<HunkArg> {
  const editor = vscode.window.activeTextEditor;
  const target = editor ? review.targetOf(editor.document.uri) : await pickFile(review);
  if (!target) return undefined;
  const hunks = await review.hunks(target);
  if (editor) {
    const line = editor.selection.active.line;
    const onTask = parseTaskSideUri(editor.document.uri) !== undefined;
    const at = (h: MergeHunk) => (onTask ? [h.taskLine, lineCount(h.task)] : [h.oursLine, lineCount(h.user)]);
    const hit = hunks.find((h) => {
      const [start, n] = at(h);
      return line >= start && line < start + Math.max(1, n);
    });
    if (hit) return { ...target, key: hit.key };
  }
  const items = hunks.map((h) => ({ label: `${h.kind === 'conflict' ? 'Conflict' : 'Change'} at line ${h.oursLine + 1}`, detail: h.task.split('\n')[0] || '(deletes lines)', key: h.key }));
  const chosen = await vscode.window.showQuickPick(items, { title: `Accept which hunk of ${target.path}?` });
  return chosen ? { ...target, key: chosen.key } : undefined;
}
