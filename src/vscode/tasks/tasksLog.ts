import * as vscode from 'vscode';
import type { TaskManager } from '../../tasks/taskManager';
import { formatLog } from '../../tasks/taskLog';
import { logRedrawDelayMs } from '../../tasks/logRedrawDelay';
import { describeTask } from '../../tasks/taskSummary';
import type { TaskLogEntry } from '../../tasks/taskTypes';

export const TASK_LOG_SCHEME = 'flint-task-log';

/** The read-only document of a task's log; its tab is named after the task. */
export const taskLogUri = (id: string, title: string): vscode.Uri =>
  vscode.Uri.from({ scheme: TASK_LOG_SCHEME, path: `/${id}/${title.replace(/[\\/:*?"<>|#%]/g, ' ').trim().slice(0, 40) || 'task'}.log` });

const idOf = (uri: vscode.Uri) => uri.path.split('/')[1] ?? '';

/**
 * Task logs as read-only virtual documents that follow the task: a change redraws an open log at
 * most every 200 ms, so a model streaming fast costs the editor a few redraws a second, and less
 * often as the log grows (logRedrawDelayMs: each redraw sends the whole text).
 */
export class TaskLogProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly due = new Map<string, NodeJS.Timeout>();
  private readonly off: () => void;
  /** Tool results formatted once, for every redraw of a log that streams. */
  private readonly toolBlocks = new WeakMap<TaskLogEntry, string>();
  /** Each log's length when last drawn. */
  private readonly drawnChars = new Map<string, number>();

  constructor(private readonly manager: TaskManager) {
    this.off = manager.onChange((record) => {
      if (this.due.has(record.id)) return;
      this.due.set(record.id, setTimeout(() => {
        this.due.delete(record.id);
        const open = vscode.workspace.textDocuments.filter((d) => d.uri.scheme === TASK_LOG_SCHEME && idOf(d.uri) === record.id);
        for (const d of open) this.changed.fire(d.uri);
      }, logRedrawDelayMs(this.drawnChars.get(record.id) ?? 0)));
    });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const record = this.manager.get(idOf(uri));
    if (!record) {
      this.drawnChars.delete(idOf(uri));
      return 'This task is no longer in the list.';
    }
    const text = `${describeTask(record, Date.now())}${record.reason ? ` (${record.reason})` : ''}\n${formatLog(record, this.toolBlocks)}`;
    this.drawnChars.set(record.id, text.length);
    return text;
  }

  dispose(): void {
    for (const t of this.due.values()) clearTimeout(t);
    this.off();
    this.changed.dispose();
  }
}
