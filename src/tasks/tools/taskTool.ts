import type { FunctionToolSpec } from '../../transport/modelClient';
import type { TaskEnvironment } from '../taskEnvironment';
import type { ToolOutcome } from '../toolbox';

/** Where a tool runs and what it remembers across calls. */
export interface ToolContext {
  env: TaskEnvironment;
  /** Cut when the call's time limit passes, or the task is stopped or redirected. */
  signal: AbortSignal;
  /** Each file's text as the agent last read or wrote it: an edit is checked against it. */
  seen: Map<string, string>;
  /** Each file's saved text the user last had when the model was told of their save. */
  toldSaves: Map<string, string>;
  /** Most characters of a tool's output sent to the model. */
  maxOutputChars: number;
}

/** One function the model may call. Throwing is fine: the toolbox turns it into an error output. */
export interface TaskTool {
  readonly spec: FunctionToolSpec;
  /** Per-call time limit override (commands and tests take longer than a read). */
  readonly timeoutMs?: number;
  /** Runs while the working copy's files are still being written (it serves the snapshot or waits itself). */
  readonly beforeDisk?: boolean;
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutcome>;
}

/** Keeps the start and end of a long output, saying how much was left out. */
export function capOutput(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.6);
  const tail = max - head;
  return `${text.slice(0, head)}\n[… ${text.length - max} characters left out …]\n${text.slice(text.length - tail)}`;
}

export function stringArg(args: Record<string, unknown>, name: string, required = true): string | undefined {
  const v = args[name];
  if (v === undefined || v === null) {
    if (required) throw new Error(`Missing argument "${name}".`);
    return undefined;
  }
  if (typeof v !== 'string') throw new Error(`Argument "${name}" must be a string.`);
  return v;
}

export function intArg(args: Record<string, unknown>, name: string): number | undefined {
  const v = args[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new Error(`Argument "${name}" must be a whole number from 1.`);
  return v;
}
