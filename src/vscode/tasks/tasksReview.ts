import * as vscode from 'vscode';
import { secretRefusal } from '../../privacy/secretScan';
import type { FileChange } from '../../tasks/changeSet';
import { acceptTaskHunks, type ChooseHunk, type HunkChoice } from '../../tasks/merge/composeMerge';
import { conflictInstruction } from '../../tasks/merge/conflictInstruction';
import { hunkContext } from '../../tasks/merge/hunkContext';
import { fileOutcomes, type FileChoice } from '../../tasks/merge/fileOutcome';
import { mergeFile, type CurrentText, type FileMerge } from '../../tasks/merge/mergeFile';
import { mergeText, type MergeHunk } from '../../tasks/merge/mergeText';
import type { Review, TaskResults } from '../../tasks/taskResults';
import type { Logger } from '../../log/logger';
import type { InlineEdits } from '../shared/inlineEdits';
import { applyOutcome, currentTexts, StaleText, workspaceUri } from './tasksApplyFiles';
import { askConflict, type ConflictContent, type ConflictPick } from './tasksReviewConflicts';
import { parseTaskSideUri, taskSideUri } from './tasksReviewContent';

/** A file of a review as a command names it. */
export interface FileTarget {
  taskId: string;
  path: string;
}

const sourcePaths = (c: FileChange) => (c.kind === 'renamed' ? [c.from, c.path] : [c.path]);

/**
 * Reviews of finished tasks' results: the multi-file diff, and accepting or discarding them by
 * file or hunk. Every accepted change is merged into the user's current text first and lands as
 * one undo step per file; what it replaced goes into the revert record before the next file.
 */
export class TasksReview {
  constructor(
    readonly results: TaskResults,
    private readonly edits: InlineEdits,
    private readonly conflicts: ConflictContent,
    private readonly log: Logger,
    /** Why a document cannot be sent to a model (deny list, outside the workspace, a secret in it). */
    private readonly refusal: (doc: vscode.TextDocument) => string | undefined,
  ) {}

  /**
   * Opens the multi-file diff of a change set under review: the snapshot against the task's text.
   * No notification of its own (the task's end raised one): Accept All and Discard All are on the
   * task's row in the Tasks view and in the command palette.
   */
  async show(taskId: string): Promise<void> {
    const review = this.results.review(taskId);
    if (!review) throw new Error('That task\'s result is no longer under review.');
    const open = this.undecided(taskId);
    const triples = open.map((f) => [
      workspaceUri(f.path, review.changeSet.folder),
      f.kind === 'created' ? undefined : taskSideUri(taskId, f.kind === 'renamed' ? f.from : f.path, 'base'),
      f.kind === 'deleted' ? undefined : taskSideUri(taskId, f.path, 'task'),
    ]);
    await vscode.commands.executeCommand('vscode.changes', reviewTitle(review.changeSet.summary), triples);
  }

  async acceptAll(taskId: string): Promise<void> {
    for (const f of this.undecided(taskId)) await this.acceptFile({ taskId, path: f.path });
  }

  async discardAll(taskId: string): Promise<void> {
    const sure = await vscode.window.showWarningMessage('Discard the rest of this task\'s result? It cannot be reviewed again.', { modal: true }, 'Discard');
    if (sure === 'Discard') await this.results.discard(taskId);
  }

  async discardFile(target: FileTarget): Promise<void> {
    await this.results.recordApplied(target.taskId, [], { path: target.path, decision: 'discarded' });
  }

  /**
   * Accepts one file: task hunks clear of the user's edits apply as they are; each conflict is
   * shown and waits for the user's pick. Left for later, the file stays under review.
   */
  async acceptFile(target: FileTarget): Promise<void> {
    const change = this.change(target);
    const { merge, current } = await this.merge(target.taskId, change);
    const picks = await this.askAll(target, merge);
    const whole = picks !== undefined && picks.size === conflictCount(merge);
    // A rename moves the file: it lands once, with every conflict decided.
    if (!whole && merge.from !== undefined) return;
    const fileChoice: FileChoice = picks?.get('file') === 'task' ? 'task' : 'user';
    await this.land(target.taskId, change, merge, current, choiceFrom(picks), fileChoice);
    const model = merge.text?.hunks.find((h) => picks?.get(h.key) === 'model');
    if (whole) await this.results.recordApplied(target.taskId, [], { path: target.path, decision: 'accepted' });
    if (model) await this.resolveWithModel(target, await this.relocate(target.taskId, change, model));
  }

  /** Accepts the hunk with `key` alone (a conflict is asked about first). */
  async acceptHunk(target: FileTarget, key: string): Promise<void> {
    const change = this.change(target);
    const { merge, current } = await this.merge(target.taskId, change);
    const hunk = merge.text?.hunks.find((h) => h.key === key);
    if (!hunk) throw new Error('That hunk is no longer there to accept (already applied, or the review changed).');
    let pick: ConflictPick | undefined = 'task';
    if (hunk.kind === 'conflict') pick = await askConflict(this.conflicts, sidesOf(target.path, hunk, merge.text!.ours), true);
    if (!pick) return;
    await this.land(target.taskId, change, merge, current, (h) => (h.key === key && pick !== 'model' ? pick : 'user'), 'user');
    if (pick === 'model') await this.resolveWithModel(target, await this.relocate(target.taskId, change, hunk));
  }

  /** The hunks of a file under review, for a hunk picker. */
  async hunks(target: FileTarget): Promise<readonly MergeHunk[]> {
    return (await this.merge(target.taskId, this.change(target))).merge.text?.hunks ?? [];
  }

  /** The review file an editor shows (the task side of the diff, or the workspace file). */
  targetOf(uri: vscode.Uri): FileTarget | undefined {
    const side = parseTaskSideUri(uri);
    if (side) return { taskId: side.taskId, path: this.change({ taskId: side.taskId, path: side.path }, true)?.path ?? side.path };
    const rel = vscode.workspace.asRelativePath(uri, false);
    // In a multi-root workspace the same relative path can be in several folders: the task's folder decides.
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const inFolder = (r: Review) => (r.changeSet.folder === undefined ? folder === vscode.workspace.workspaceFolders?.[0] : folder?.uri.fsPath === r.changeSet.folder);
    const review = this.results.underReview().find((r) => inFolder(r) && r.changeSet.files.some((f) => f.path === rel && r.decided[rel] === undefined));
    return review ? { taskId: review.changeSet.taskId, path: rel } : undefined;
  }

  undecided(taskId: string): FileChange[] {
    const review = this.results.review(taskId);
    return review ? review.changeSet.files.filter((f) => review.decided[f.path] === undefined) : [];
  }

  private change(target: FileTarget, lenient: true): FileChange | undefined;
  private change(target: FileTarget): FileChange;
  private change(target: FileTarget, lenient?: true): FileChange | undefined {
    const found = this.results.review(target.taskId)?.changeSet.files.find((f) => f.path === target.path || (f.kind === 'renamed' && f.from === target.path));
    if (!found && !lenient) throw new Error(`${target.path} is not part of a task result under review.`);
    return found;
  }

  /** The folder a task's paths are in (absent: the first workspace folder). */
  private folder(taskId: string): string | undefined {
    return this.results.review(taskId)?.changeSet.folder ?? this.results.revertRecord(taskId)?.folder;
  }

  private async merge(taskId: string, change: FileChange): Promise<{ merge: FileMerge; current: CurrentText }> {
    const current = await currentTexts(sourcePaths(change), this.folder(taskId));
    return { merge: mergeFile(change, current), current };
  }

  /** Every conflict of the file, asked in order; undefined when the user left one for later. */
  private async askAll(target: FileTarget, merge: FileMerge): Promise<Map<string, ConflictPick> | undefined> {
    const picks = new Map<string, ConflictPick>();
    if (merge.conflict) {
      const c = merge.conflict;
      const pick = await askConflict(this.conflicts, { title: `${target.path} (${c.reason.replace(/-/g, ' ')})`, taskName: 'the task\'s', user: c.user, task: c.task, base: c.base, region: false }, false);
      if (!pick) return undefined;
      picks.set('file', pick);
      return picks;
    }
    for (const h of merge.text?.hunks.filter((x) => x.kind === 'conflict') ?? []) {
      const modelAllowed = ![...picks.values()].includes('model');
      const pick = await askConflict(this.conflicts, sidesOf(target.path, h, merge.text!.ours), modelAllowed);
      if (!pick) return picks.size > 0 ? picks : undefined;
      picks.set(h.key, pick);
    }
    return picks;
  }

  /** Lands a file's outcomes one by one, each recorded for Revert Task as soon as it is applied. */
  private async land(taskId: string, change: FileChange, merge: FileMerge, current: CurrentText, choose: ChooseHunk, fileChoice: FileChoice): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const outcomes = fileOutcomes(merge, choose, fileChoice, current);
      try {
        for (const o of outcomes) {
          await applyOutcome(o, this.folder(taskId));
          await this.results.recordApplied(taskId, [o]);
        }
        return;
      } catch (err) {
        // The user typed during the merge: merge again against the new text, once.
        if (!(err instanceof StaleText) || attempt > 0) throw err;
        this.log.info(`tasks: ${err.message}; merging again`);
        ({ merge, current } = await this.merge(taskId, change));
      }
    }
  }

  /** Where a conflict is after the hunks above it landed (its key is its place in the base, which does not move). */
  private async relocate(taskId: string, change: FileChange, hunk: MergeHunk): Promise<MergeHunk> {
    if (change.kind === 'deleted') return hunk;
    const now = (await currentTexts([change.path], this.folder(taskId)))(change.path);
    if (now === undefined) return hunk;
    return mergeText(change.kind === 'created' ? '' : change.base, now, change.task).hunks.find((h) => h.key === hunk.key) ?? hunk;
  }

  /** Streams the fast model's merge of a conflict as an ordinary pending edit of the user's region. */
  private async resolveWithModel(target: FileTarget, hunk: MergeHunk): Promise<void> {
    const doc = await vscode.workspace.openTextDocument(workspaceUri(target.path, this.folder(target.taskId)));
    // The task's and the original text go along in the instruction: they are checked as the file is.
    const refused = this.refusal(doc) ?? secretRefusal(target.path, hunk.task + hunk.base);
    if (refused) throw new Error(`${refused} The conflict keeps your text; pick a side instead.`);
    await vscode.window.showTextDocument(doc, { preview: false });
    if (!(await this.edits.free(doc))) return;
    const lines = hunk.user === '' ? 0 : hunk.user.replace(/\r?\n$/, '').split('\n').length;
    // The region where the user's side of the conflict now is (an empty side: the line there).
    const start = Math.min(hunk.oursLine, Math.max(0, doc.lineCount - 1));
    this.edits.controller.startGenerated(doc, { start, end: Math.max(start + 1, start + lines) }, conflictInstruction(hunk, 'A background task'));
  }
}

const firstLine = (text: string) => text.split('\n').find((l) => l.trim() !== '')?.replace(/^#+\s*/, '').slice(0, 80) ?? 'background task';

/** The review's tab title: how the commands tell which task's review is in front. */
export const reviewTitle = (summary: string) => `Task result: ${firstLine(summary)}`;

const conflictCount = (m: FileMerge) => (m.conflict ? 1 : (m.text?.hunks.filter((h) => h.kind === 'conflict').length ?? 0));

function sidesOf(path: string, h: MergeHunk, ours: string) {
  return { title: `${path}:${h.oursLine + 1}`, taskName: 'the task\'s', user: h.user, task: h.task, base: h.base, region: true, context: hunkContext(ours, h) };
}

/** Task hunks apply; each conflict takes its pick (a model pick keeps the user's text until the model's edit is accepted). */
function choiceFrom(picks: Map<string, ConflictPick> | undefined): ChooseHunk {
  return (h) => {
    if (h.kind === 'task') return acceptTaskHunks(h);
    const pick = picks?.get(h.key);
    return pick === undefined || pick === 'model' ? 'user' : (pick satisfies HunkChoice);
  };
}
