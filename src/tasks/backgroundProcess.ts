import type { ProcessRunner } from '../tests/processRunner';

/** The nice value of a background task's processes: below the editor and the fast model. */
export const BACKGROUND_NICENESS = 10;

/**
 * flint.tasks.processPriority: `idle` runs a task's processes in Linux's idle scheduling class
 * (only on CPU the editor and the rest leave; elsewhere as `low`), `low` at nice 10.
 */
export type ProcessPriority = 'idle' | 'low';

/** How a task's processes run, as the settings say now. */
export interface BackgroundSettings {
  /** flint.tasks.processPriority. */
  priority: ProcessPriority;
  /** flint.tasks.spareCore: one CPU kept free of them (Linux). */
  spareCore: boolean;
}

/**
 * A task's processes (its commands, test runs, git, search, dependency copies) at a lower CPU
 * priority and, where asked, off one CPU, as `settings` say now: background work yields the CPU
 * to the editor and the typist's ghost text. Each still leads its own process group with its
 * time limit.
 */
export const background =
  (run: ProcessRunner, settings: () => BackgroundSettings): ProcessRunner =>
  (request) => {
    const now = settings();
    return run({ ...request, niceness: request.niceness ?? BACKGROUND_NICENESS, idle: request.idle ?? now.priority === 'idle', spareCore: request.spareCore ?? now.spareCore });
  };
