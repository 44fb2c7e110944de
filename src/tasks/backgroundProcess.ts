import type { ProcessRunner } from '../tests/processRunner';

/** The nice value of a background task's processes: below the editor and the fast model, above idle. */
export const BACKGROUND_NICENESS = 10;

/**
 * A task's processes (its commands, test runs, git, search) at a lower CPU priority: background
 * work yields the CPU to the editor and the typist's ghost text. Each still leads its own process
 * group with its time limit.
 */
export const background = (run: ProcessRunner): ProcessRunner => (request) => run({ ...request, niceness: request.niceness ?? BACKGROUND_NICENESS });
