import * as vscode from 'vscode';
import type { TaskManager } from '../../tasks/taskManager';
import { describeTask, taskTitle } from '../../tasks/taskSummary';
import type { TaskRecord, TaskState } from '../../tasks/taskTypes';

const ICONS: Record<TaskState, [string, string?]> = {
  queued: ['clock'],
  running: ['sync~spin'],
  waiting: ['question', 'notificationsWarningIcon.foreground'],
  done: ['pass', 'testing.iconPassed'],
  failed: ['error', 'testing.iconFailed'],
  stopped: ['debug-stop'],
};

const REDRAW_MS = 200;

/** What a task's item offers: Stop while active, Resume once stopped or failed (the view's context menus read it). */
function contextValue(state: TaskState): string {
  if (state === 'queued' || state === 'running' || state === 'waiting') return 'flint.task.active';
  return state === 'done' ? 'flint.task.done' : 'flint.task.resumable';
}

/** The Tasks view: each task with its state and figures; a click opens its streaming log. */
export class TasksTreeProvider implements vscode.TreeDataProvider<string>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<string | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly off: () => void;
  /** Elapsed times move while something runs: the view is redrawn each second then. */
  private readonly ticker: NodeJS.Timeout;

  /** A task changes with every piece of streamed text: redraws are joined, at most one per REDRAW_MS. */
  private redraw: NodeJS.Timeout | undefined;

  constructor(private readonly manager: TaskManager) {
    this.off = manager.onChange(() => {
      this.redraw ??= setTimeout(() => {
        this.redraw = undefined;
        this.changed.fire(undefined);
      }, REDRAW_MS);
    });
    this.ticker = setInterval(() => {
      if (manager.list().some((r) => r.state === 'running' || r.state === 'waiting')) this.changed.fire(undefined);
    }, 1000);
  }

  getChildren(element?: string): string[] {
    return element ? [] : this.manager.list().map((r) => r.id);
  }

  getTreeItem(id: string): vscode.TreeItem {
    const record = this.manager.get(id);
    if (!record) return new vscode.TreeItem('(removed)');
    return taskItem(record, Date.now());
  }

  dispose(): void {
    clearInterval(this.ticker);
    clearTimeout(this.redraw);
    this.off();
    this.changed.dispose();
  }
}

function taskItem(record: TaskRecord, now: number): vscode.TreeItem {
  const item = new vscode.TreeItem(taskTitle(record), vscode.TreeItemCollapsibleState.None);
  item.id = record.id;
  item.description = describeTask(record, now);
  const [icon, color] = ICONS[record.state];
  item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
  item.tooltip = new vscode.MarkdownString().appendText(`${record.instruction}\n\n${describeTask(record, now)}${record.reason ? `\n\n${record.reason}` : ''}\n\n${record.folder}`);
  item.contextValue = contextValue(record.state);
  item.command = { command: 'flint.tasks.showLog', title: 'Show Log', arguments: [record.id] };
  return item;
}
