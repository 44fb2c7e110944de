import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProcessRunner } from '../tests/processRunner';
import { background, type ProcessPriority } from './backgroundProcess';
import { gitOn } from './gitCommand';
import { nodeProbe } from './nodeProbe';
import { createTaskEnvironment, type ConsentAnswer, type ConsentRequest } from './taskEnvironment';
import { TaskManager } from './taskManager';
import { privatizeDependencies } from './privateDependencies';
import { filePersistence } from './taskPersistence';
import type { TaskBudgets, TaskRunner } from './taskRunner';
import type { TaskRecord } from './taskTypes';
import { captureWorkingCopy } from './workingCopy';
import { changedPaths, changeSetOf, snapshotText } from './workingCopyChanges';
import type { Overlay } from './workingCopyFiles';
import { removeStaleCopies, removeWorkingCopy } from './workingCopyRemoval';

/** A command's time limit in a task (tests use flint.tests.timeoutMs). */
const COMMAND_TIMEOUT_MS = 10 * 60_000;

export interface TaskSettings {
  maxParallel: number;
  budgets: TaskBudgets;
  allowedCommands: readonly string[];
  /** flint.tests.command and flint.tests.timeoutMs. */
  testsCommand: string;
  testsTimeoutMs: number;
  /** flint.tasks.processPriority. */
  processPriority: ProcessPriority;
}

export interface TaskHost {
  /** The extension's storage folder for this workspace: tasks and their working copies live under it, outside every workspace folder. */
  storageDir: string;
  /** Starts the tasks' processes (commands, test runs, git): the process spawner in the editor; the manager lowers their priority. */
  spawn: ProcessRunner;
  runner(): TaskRunner | { unavailable: string };
  settings(): TaskSettings;
  trusted(): boolean;
  /** The deny list as the settings are now (folder-relative paths). */
  isDenied(): (relPath: string) => boolean;
  /** Unsaved buffers of a folder, folder-relative. */
  overlays(folder: string): Overlay[];
  askConsent(record: TaskRecord, request: ConsentRequest): Promise<ConsentAnswer>;
  alwaysAllowed: { has(command: string): boolean; add(command: string): void };
  onError(message: string): void;
}

/** The window's task manager on real working copies and processes, its saved tasks loaded and week-old copies removed. */
export async function createTaskManager(host: TaskHost): Promise<TaskManager> {
  const copies = join(host.storageDir, 'copies');
  // Every process of a task (git, commands, tests, dependency copies) at background priority, as the setting says when it starts.
  const spawn = background(host.spawn, () => host.settings().processPriority);
  // Git too starts from the spawner: a fork from the extension host would stall its event loop.
  const git = gitOn(spawn);
  const manager = new TaskManager({
    runner: host.runner,
    createCopy: (r) => captureWorkingCopy({ taskId: r.id, folder: r.folder, storageDir: copies, overlays: host.overlays(r.folder), isDenied: host.isDenied(), now: Date.now, git }),
    environment: (r, copy, waiting, changes) => {
      const s = host.settings();
      return createTaskEnvironment({
        root: copy.record.root,
        onDisk: copy.onDisk,
        snapshotText: copy.snapshotText,
        folder: r.folder,
        isDenied: host.isDenied(),
        trusted: host.trusted,
        allowedCommands: () => host.settings().allowedCommands,
        alwaysAllowed: host.alwaysAllowed,
        askConsent: async (request) => {
          waiting(true);
          try {
            return await host.askConsent(r, request);
          } finally {
            waiting(false);
          }
        },
        spawn,
        commandTimeoutMs: COMMAND_TIMEOUT_MS,
        testTimeoutMs: s.testsTimeoutMs,
        testCommandOverride: s.testsCommand,
        probe: nodeProbe,
        privateDependencies: () => privatizeDependencies(copy.record, spawn),
        snapshot: { at: r.createdAt, text: (p) => snapshotText(git, copy.record, p) },
        changes,
      });
    },
    changedPaths: (copy) => changedPaths(git, copy),
    changeSet: (copy, summary) => changeSetOf(git, copy, summary),
    removeCopy: (copy) => removeWorkingCopy(git, copy),
    copyExists: (copy) => access(copy.dir).then(() => true, () => false),
    persistence: filePersistence(join(host.storageDir, 'tasks'), host.onError),
    budgets: () => host.settings().budgets,
    maxParallel: () => host.settings().maxParallel,
    now: Date.now,
    newId: () => randomUUID(),
    onError: host.onError,
  });
  await manager.load();
  void removeStaleCopies(git, copies, Date.now()).catch((err: unknown) => host.onError(`old working copies could not be removed: ${String(err)}`));
  return manager;
}
