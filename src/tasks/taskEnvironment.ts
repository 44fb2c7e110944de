// Where a task's tools act: the working copy and what may run in it. The editor side builds
// this (the working copy, consent for commands, process groups); the agent only uses it.

/** What a command or test run left behind. `output` is stdout and stderr, already capped. */
export interface CommandResult {
  /** null when the process was killed (time limit, Stop) or never started. */
  exitCode: number | null;
  output: string;
  timedOut: boolean;
}

export interface TaskEnvironment {
  /** Absolute path of the working copy: every tool path is relative to it and stays inside it. */
  readonly root: string;
  /** Whether a working-copy-relative path (forward slashes) is a secret file never to be read or sent. */
  isDenied(relPath: string): boolean;
  /**
   * Runs a shell command line in the working copy (its own process group, a time limit, output
   * capped), after the user's consent where it is needed. A refusal rejects with an Error whose
   * message the model reads; aborting the signal kills the process group.
   */
  runCommand(command: string, signal: AbortSignal): Promise<CommandResult>;
  /** Runs the project's tests (one file when given) with the project's own runner. */
  runTests(signal: AbortSignal, file?: string): Promise<CommandResult>;
}
