import type { ProcessRunner } from '../tests/processRunner';

/** The nice value of a background task's processes: below the editor and the fast model. */
export const BACKGROUND_NICENESS = 10;

/**
 * flint.tasks.processPriority: `idle` runs a task's processes in Linux's idle scheduling class
 * (only on CPU the editor and the rest leave; elsewhere as `low`), `low` at nice 10.
 */
export type ProcessPriority = 'idle' | 'low';

/**
 * A task's processes (its commands, test runs, git, search, dependency copies) at a lower CPU
 * priority, as `priority` says now: background work yields the CPU to the editor and the typist's
 * ghost text. Each still leads its own process group with its time limit.
 */
export const background =
  (run: ProcessRunner, priority: () => ProcessPriority): ProcessRunner =>
  (request) =>
    run({ ...request, niceness: request.niceness ?? BACKGROUND_NICENESS, idle: request.idle ?? priority() === 'idle' });
