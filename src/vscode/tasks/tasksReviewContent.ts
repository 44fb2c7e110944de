import * as vscode from 'vscode';
import type { ChangeSet, FileChange } from '../../tasks/changeSet';

/** The scheme of the review's read-only sides: the snapshot a task started from and its result. */
export const TASK_SCHEME = 'flint-task';

export type TaskSide = 'base' | 'task';

export function taskSideUri(taskId: string, path: string, side: TaskSide): vscode.Uri {
  return vscode.Uri.from({ scheme: TASK_SCHEME, path: `/${path}`, query: new URLSearchParams({ task: taskId, side }).toString() });
}

export function parseTaskSideUri(uri: vscode.Uri): { taskId: string; path: string; side: TaskSide } | undefined {
  if (uri.scheme !== TASK_SCHEME) return undefined;
  const q = new URLSearchParams(uri.query);
  const taskId = q.get('task');
  const side = q.get('side');
  if (!taskId || (side !== 'base' && side !== 'task')) return undefined;
  return { taskId, path: uri.path.slice(1), side };
}

/** A file's text on one side of a change set; undefined where that side has no file. */
export function sideText(change: FileChange, side: TaskSide): string | undefined {
  if (side === 'task') return change.kind === 'deleted' ? undefined : change.task;
  return change.kind === 'created' ? undefined : change.base;
}

/** Serves both sides from the change sets under review; documents of this scheme are read-only. */
export class TaskSideContent implements vscode.TextDocumentContentProvider {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly changeSet: (taskId: string) => ChangeSet | undefined) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    const at = parseTaskSideUri(uri);
    const set = at && this.changeSet(at.taskId);
    if (!at || !set) return 'This task result is no longer under review.';
    const change = set.files.find((f) => f.path === at.path || (at.side === 'base' && f.kind === 'renamed' && f.from === at.path));
    return (change && sideText(change, at.side)) ?? '';
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
