import type { ProcessRunner } from '../tests/processRunner';

/** Git without hooks or optional index writes: a snapshot must never run the user's hooks nor refresh their index. */
const QUIET = ['-c', 'core.hooksPath=/dev/null', '--no-optional-locks'];

export class GitError extends Error {}

export interface GitOptions {
  timeoutMs?: number;
  env?: Record<string, string>;
  /** Written to git's stdin. */
  input?: string;
  signal?: AbortSignal;
  /** The index is the copy's own: git may write its refreshed stat data (later calls then spare rehashing). */
  refreshIndex?: boolean;
}

/** Runs git to its end and returns its stdout; throws GitError with git's own message. */
export type Git = (args: readonly string[], cwd: string, options?: GitOptions) => Promise<string>;

/**
 * Git started by `run` (the process spawner in the editor, so no git process is forked from the
 * extension host): own process group, time limit, and the priority `run` gives it (tasks pass
 * their background runner).
 */
export function gitOn(run: ProcessRunner): Git {
  return async (args, cwd, options = {}) => {
    const quiet = options.refreshIndex ? QUIET.slice(0, 2) : QUIET;
    const r = await run({ argv: ['git', ...quiet, ...args], cwd, timeoutMs: options.timeoutMs ?? 60_000, env: { GIT_TERMINAL_PROMPT: '0', ...options.env }, input: options.input, signal: options.signal });
    if (r.cancelled) throw new GitError(`git ${args[0]} was stopped`);
    if (r.startError) throw new GitError(`git could not start (${r.startError}): background tasks need git installed`);
    if (r.timedOut) throw new GitError(`git ${args[0]} did not finish in time`);
    if (r.code !== 0) throw new GitError(`git ${args[0]} failed: ${r.stderr.trim() || `exit code ${r.code}`}`);
    return r.stdout;
  };
}

/** Splits git's -z output. */
export const zList = (out: string): string[] => out.split('\0').filter((s) => s !== '');
