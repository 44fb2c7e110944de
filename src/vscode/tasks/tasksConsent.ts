import * as vscode from 'vscode';
import type { ConsentAnswer, ConsentRequest } from '../../tasks/taskEnvironment';
import { taskTitle } from '../../tasks/taskSummary';
import type { TaskRecord } from '../../tasks/taskTypes';

const ALWAYS_KEY = 'flint.tasks.alwaysAllowed';
const ONCE = 'Allow once';
const ALWAYS = 'Always allow this command';
const DENY = 'Deny';

/**
 * Asks, in a notification (not modal: the user keeps typing), whether a task may run a command,
 * showing the exact command and the folder it runs in. Dismissing it, or the task stopping
 * meanwhile, answers Deny.
 */
export async function askCommandConsent(record: TaskRecord, request: ConsentRequest): Promise<ConsentAnswer> {
  const message = `Flint task "${taskTitle(record, 50)}" wants to run:\n${request.command}\nin ${request.cwd} (its working copy of ${request.folder})`;
  const stopped = new Promise<undefined>((resolve) => request.signal.addEventListener('abort', () => resolve(undefined), { once: true }));
  const pick = await Promise.race([vscode.window.showWarningMessage(message, ONCE, ALWAYS, DENY), stopped]);
  return pick === ONCE ? 'once' : pick === ALWAYS ? 'always' : 'deny';
}

/** "Always allow" answers, remembered for this workspace only. */
export function alwaysAllowedCommands(state: vscode.Memento): { has(command: string): boolean; add(command: string): void } {
  const read = () => new Set(state.get<string[]>(ALWAYS_KEY, []));
  return {
    has: (command) => read().has(command),
    add: (command) => void state.update(ALWAYS_KEY, [...read().add(command)]),
  };
}
