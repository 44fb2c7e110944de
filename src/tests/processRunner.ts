/** One finished child process. */
export interface ProcessResult {
  /** Exit code; null when killed by a signal. */
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  cancelled: boolean;
  /** Set when it could not start at all (e.g. ENOENT: the program is missing). */
  startError?: string;
  /**
   * Processes it started were still running when it exited (a `cmd &` of a shell) and were
   * stopped then: a program's processes end with it (POSIX; its process group).
   */
  leftBehind?: boolean;
}

export interface ProcessRequest {
  /** Program and arguments; with `shell`, argv[0] is a shell command line. */
  argv: string[];
  shell?: boolean;
  cwd: string;
  timeoutMs: number;
  /** Written to its stdin, which is then closed. */
  input?: string;
  env?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Lower CPU priority for background work (a nice value, 1–19; on Windows mapped to a lower
   * priority class): what it starts inherits it, so the editor keeps the CPU.
   */
  niceness?: number;
  /**
   * Linux: the idle scheduling class (SCHED_IDLE, through `chrt`), so it runs only on CPU nothing
   * else wants; what it starts inherits it. Where the class is not available it runs at its
   * `niceness`, or 19.
   */
  idle?: boolean;
}

/** Runs a program to its end; the real one kills the whole process group on timeout or cancel. */
export type ProcessRunner = (request: ProcessRequest) => Promise<ProcessResult>;
