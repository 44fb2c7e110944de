import * as vscode from 'vscode';
import { backgroundTasksOff } from '../../config/modelKind';
import type { Services } from '../../services';
import { createTaskManager, type TaskSettings } from '../../tasks/createTaskManager';
import type { TaskManager } from '../../tasks/taskManager';
import type { ProcessRunner } from '../../tests/processRunner';
import type { TaskRunner } from '../../tasks/taskRunner';
import { taskEndNotice, type TaskEndAction } from '../../tasks/taskEndNotice';
import { STATE_LABELS, taskTitle } from '../../tasks/taskSummary';
import { ACTIVE_STATES, type TaskRecord, type TaskState } from '../../tasks/taskTypes';
import { currentDenyList } from '../shared/contextDenyList';
import { alwaysAllowedCommands, askCommandConsent } from './tasksConsent';
import { TASK_LOG_SCHEME, TaskLogProvider, taskLogUri } from './tasksLog';
import { taskRunnerFor } from './tasksRunner';
import { TasksTreeProvider } from './tasksView';

function settingsOf(services: Services): TaskSettings {
  const c = services.config();
  return {
    maxParallel: c['tasks.maxParallel'],
    budgets: {
      maxTurns: c['tasks.maxTurns'],
      maxMinutes: c['tasks.maxMinutes'],
      maxCost: c['tasks.maxCost'],
      maxTokens: c['tasks.maxTokens'],
      contextTokens: c['full.contextTokens'],
    },
    allowedCommands: c['tasks.allowedCommands'],
    testsCommand: c['tests.command'],
    testsTimeoutMs: c['tests.timeoutMs'],
    processPriority: c['tasks.processPriority'],
  };
}

/** Unsaved buffers inside `folder`, folder-relative: the task sees what the user sees. */
function unsavedBuffers(folder: string): { path: string; text: string }[] {
  const inside = vscode.workspace.workspaceFolders?.find((f) => f.uri.fsPath === folder);
  if (!inside) return [];
  return vscode.workspace.textDocuments
    .filter((d) => d.isDirty && d.uri.scheme === 'file' && vscode.workspace.getWorkspaceFolder(d.uri) === inside)
    .map((d) => ({ path: vscode.workspace.asRelativePath(d.uri, false), text: d.getText() }));
}

/** What a surface sends along with `flint.tasks.start`: the chat so far, or the inline-edit box's lines as the focus. */
interface StartExtras {
  conversation?: string;
  selection?: { text: string; startLine: number; endLine: number };
}

/** What goes with a task: the current file and selection, the open editors (deny-listed ones left out), and the surface's extras. */
function editorContext(folder: vscode.WorkspaceFolder, isDenied: (rel: string) => boolean, extras: StartExtras): unknown {
  const editor = vscode.window.activeTextEditor;
  const rel = (uri: vscode.Uri) => {
    const path = vscode.workspace.getWorkspaceFolder(uri) === folder ? vscode.workspace.asRelativePath(uri, false) : undefined;
    return path !== undefined && !isDenied(path) ? path : undefined;
  };
  const file = editor && rel(editor.document.uri);
  const selection = editor && file && !editor.selection.isEmpty ? { text: editor.document.getText(editor.selection), startLine: editor.selection.start.line, endLine: editor.selection.end.line } : undefined;
  const openEditors = vscode.window.visibleTextEditors.map((e) => rel(e.document.uri)).filter((p): p is string => p !== undefined);
  return { file, selection: extras.selection ?? selection, openEditors: [...new Set(openEditors)], ...(extras.conversation && { conversation: extras.conversation }) };
}

/**
 * Background tasks in the editor: the Tasks view, the log documents, the status bar count,
 * notifications, the consent prompt and the commands. `processes` starts the tasks' processes;
 * `agent` is the agent loop (undefined: tasks say none is available). Closing or reloading the window stops every task, killing its
 * processes; the next window shows them stopped.
 */
export async function registerTasks(context: vscode.ExtensionContext, services: Services, processes: ProcessRunner, agent?: () => TaskRunner): Promise<TaskManager> {
  const manager = await createTaskManager({
    // This workspace's storage (outside its folders): another window's tasks are its own.
    storageDir: (context.storageUri ?? context.globalStorageUri).fsPath,
    spawn: processes,
    runner: taskRunnerFor(services, agent),
    settings: () => settingsOf(services),
    trusted: () => vscode.workspace.isTrusted,
    isDenied: () => currentDenyList(services),
    overlays: unsavedBuffers,
    askConsent: (record, request) => askCommandConsent(record, request),
    alwaysAllowed: alwaysAllowedCommands(context.workspaceState),
    onError: (m) => services.log.warn(m),
  });
  const tree = new TasksTreeProvider(manager);
  const view = vscode.window.createTreeView('flint.tasks', { treeDataProvider: tree });
  const userStops = new Set<string>();
  const logs = new TaskLogProvider(manager);
  const status = vscode.window.createStatusBarItem('flint.tasks', vscode.StatusBarAlignment.Right, 98.5);
  status.name = 'Flint background tasks';
  status.command = 'flint.tasks.focus';
  let shown = '';
  const showStatus = () => {
    const active = manager.activeCount();
    const queued = manager.list().filter((r) => r.state === 'queued').length;
    // A task changes every frame while it streams: the item goes to the window only when its counts change.
    if (`${active}/${queued}` === shown) return;
    shown = `${active}/${queued}`;
    status.text = `$(tasklist) ${active}${queued ? ` +${queued}` : ''}`;
    status.tooltip = `Flint: ${active} background ${active === 1 ? 'task' : 'tasks'} running${queued ? `, ${queued} queued` : ''}`;
    if (active + queued > 0) status.show();
    else status.hide();
  };
  showStatus();
  context.subscriptions.push(
    view,
    vscode.workspace.registerTextDocumentContentProvider(TASK_LOG_SCHEME, logs),
    tree,
    logs,
    status,
    { dispose: manager.onChange(showStatus) },
    { dispose: notifyOnEnd(manager, userStops, () => view.visible) },
    ...taskCommands(manager, userStops, () => currentDenyList(services), () => backgroundTasksOff(services.config())),
    // The window closes: aborting kills every process group at once; the saved state follows.
    { dispose: () => void manager.dispose() },
  );
  return manager;
}

const ACTION_COMMANDS: Record<TaskEndAction, string> = { Review: 'flint.tasks.review', Resume: 'flint.tasks.resume', 'Show Log': 'flint.tasks.showLog' };

/**
 * One notification when a task ends (see taskEndNotice; consent asks with its own). `userStops`:
 * the tasks the user asked to stop, until they stop.
 */
function notifyOnEnd(manager: TaskManager, userStops: Set<string>, tasksViewVisible: () => boolean): () => void {
  const last = new Map<string, TaskState>();
  return manager.onChange((r) => {
    const before = last.get(r.id);
    last.set(r.id, r.state);
    if (before === r.state) return;
    const stoppedByUser = userStops.has(r.id);
    if (!ACTIVE_STATES.includes(r.state)) userStops.delete(r.id);
    const notice = taskEndNotice(r, { before, stoppedByUser, tasksViewVisible: tasksViewVisible() });
    if (!notice) return;
    const shown = notice.level === 'info' ? vscode.window.showInformationMessage(notice.text, ...notice.actions) : vscode.window.showWarningMessage(notice.text, ...notice.actions);
    void shown.then((pick) => pick && vscode.commands.executeCommand(ACTION_COMMANDS[pick], r.id));
  });
}

/** The task a command acts on: the view item's, else the one the user picks among `states`. */
async function pickTask(manager: TaskManager, arg: unknown, states: readonly TaskState[], verb: string): Promise<TaskRecord | undefined> {
  const given = typeof arg === 'string' ? manager.get(arg) : undefined;
  if (given) return given;
  const candidates = manager.list().filter((r) => states.includes(r.state));
  if (candidates.length === 0) {
    void vscode.window.showInformationMessage(`Flint: no background task to ${verb}.`);
    return undefined;
  }
  if (candidates.length === 1) return candidates[0];
  const pick = await vscode.window.showQuickPick(candidates.map((r) => ({ label: taskTitle(r), description: STATE_LABELS[r.state], id: r.id })), { placeHolder: `Task to ${verb}` });
  return pick && manager.get(pick.id);
}

const ALL: TaskState[] = ['queued', 'running', 'waiting', 'done', 'failed', 'stopped'];

const UNTRUSTED = 'Flint: background tasks cannot run in an untrusted workspace: Flint sends nothing to any model there, and a task runs no command. Trust the workspace to start one.';

/** Says why tasks are off (an untrusted workspace, a completion model), with what to change; true when they are. */
function sayTasksOff(off: string | undefined): boolean {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(UNTRUSTED, 'Manage Workspace Trust').then((pick) => {
      if (pick) void vscode.commands.executeCommand('workbench.trust.manage');
    });
    return true;
  }
  if (!off) return false;
  void vscode.window.showWarningMessage(off, 'Open Settings').then((pick) => {
    if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', 'flint.modelKind');
  });
  return true;
}

function taskCommands(manager: TaskManager, userStops: Set<string>, isDenied: () => (rel: string) => boolean, tasksOff: () => string | undefined): vscode.Disposable[] {
  const register = vscode.commands.registerCommand;
  return [
    register('flint.tasks.start', async (instruction?: unknown, extras?: StartExtras) => {
      // Before asking what to do: the answer could not be carried out.
      if (sayTasksOff(tasksOff())) return undefined;
      const editor = vscode.window.activeTextEditor;
      const folder = (editor && vscode.workspace.getWorkspaceFolder(editor.document.uri)) ?? vscode.workspace.workspaceFolders?.[0];
      if (!folder || folder.uri.scheme !== 'file') {
        void vscode.window.showWarningMessage('Flint: a background task works on a folder on this machine: open one first.');
        return undefined;
      }
      const text = typeof instruction === 'string' ? instruction : await vscode.window.showInputBox({ prompt: 'What should the background task do?', placeHolder: 'e.g. rename parseArgs to readOptions everywhere and update the tests', ignoreFocusOut: true });
      if (!text?.trim()) return undefined;
      const record = manager.start({ instruction: text.trim(), folder: folder.uri.fsPath, context: editorContext(folder, isDenied(), extras ?? {}) });
      return record.id;
    }),
    register('flint.tasks.stop', async (arg?: unknown) => {
      const r = await pickTask(manager, arg, ACTIVE_STATES, 'stop');
      if (!r || !ACTIVE_STATES.includes(r.state)) return;
      userStops.add(r.id);
      manager.stop(r.id);
    }),
    register('flint.tasks.redirect', async (arg?: unknown, instruction?: unknown) => {
      const r = await pickTask(manager, arg, ALL, 'redirect');
      if (!r) return;
      const text = typeof instruction === 'string' ? instruction : await vscode.window.showInputBox({ prompt: `New instruction for "${taskTitle(r, 50)}"`, ignoreFocusOut: true });
      if (text?.trim()) manager.redirect(r.id, text.trim());
    }),
    register('flint.tasks.resume', async (arg?: unknown) => {
      const r = await pickTask(manager, arg, ['stopped', 'failed'], 'resume');
      if (r && !sayTasksOff(tasksOff())) manager.resume(r.id);
    }),
    register('flint.tasks.showLog', async (arg?: unknown) => {
      const r = await pickTask(manager, arg, ALL, 'show');
      if (r) await vscode.window.showTextDocument(taskLogUri(r.id, taskTitle(r, 40)), { preview: true, preserveFocus: typeof arg === 'string' });
    }),
  ];
}
