import * as vscode from 'vscode';
import type { TaskManager } from '../../tasks/taskManager';
import { TaskRowChanges } from '../../tasks/taskRowChanges';
import { taskRowCommand, TaskRowCommands } from '../../tasks/taskRowCommands';
import { describeTask, taskTitle } from '../../tasks/taskSummary';
import type { TaskRecord, TaskState } from '../../tasks/taskTypes';

const ICONS: Record<TaskState, [string, string?]> = {
  queued: ['clock'],
  // A still icon: a spinning one restyles the page on every frame for as long as a task runs,
  // and the typist's ghost text is painted by the same page.
  running: ['pulse'],
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
  private readonly changed = new vscode.EventEmitter<string | string[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly off: () => void;
  private readonly rows = new TaskRowChanges();
  /** Figures (elapsed time, tokens, turns, cost) move while something runs: redrawn each second then. */
  private readonly ticker: NodeJS.Timeout;

  /** A task changes with every piece of streamed text: checks for a new state are joined, at most one per REDRAW_MS. */
  private redraw: NodeJS.Timeout | undefined;

  /** Each row's click command, one per task (see TaskRowCommands). */
  private readonly clicks = new TaskRowCommands((command, id) => vscode.commands.registerCommand(command, () => vscode.commands.executeCommand('flint.tasks.showLog', id)));

  constructor(private readonly manager: TaskManager) {
    this.off = manager.onChange(() => {
      this.redraw ??= setTimeout(() => {
        this.redraw = undefined;
        this.refresh(false);
      }, REDRAW_MS);
    });
    this.ticker = setInterval(() => {
      if (manager.list().some((r) => r.state === 'running' || r.state === 'waiting')) this.refresh(true);
    }, 1000);
  }

  private refresh(figures: boolean): void {
    const changed = this.rows.take(this.manager.list(), Date.now(), { figures });
    if (changed === 'all') this.changed.fire(undefined);
    else if (changed.length > 0) this.changed.fire(changed);
  }

  getChildren(element?: string): string[] {
    if (element) return [];
    const records = this.manager.list();
    // What the view shows now is what later changes are measured against.
    this.rows.take(records, Date.now());
    const ids = records.map((r) => r.id);
    // Registered before the rows are drawn: every row's click has its command.
    this.clicks.sync(ids);
    return ids;
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
    this.clicks.dispose();
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
  item.command = { command: taskRowCommand(record.id), title: 'Show Log' };
  return item;
}
