import type { TaskEnvironment } from './taskEnvironment';

/** The limits a task stops at, its work kept (flint.tasks.*). */
export interface TaskBudgets {
  maxTurns: number;
  maxMinutes: number;
  /** In the currency of flint.cost.*; null: no limit. */
  maxCost: number | null;
  /** Input and output tokens together; null: no limit. */
  maxTokens: number | null;
  /** The full model's context window (flint.full.contextTokens): a smaller one than the loop's default is honoured. */
  contextTokens?: number;
}

/** What the agent loop reports while it works, in order. */
export type TaskEvent =
  /** A piece of the model's text (consecutive pieces join one log entry). */
  | { type: 'text'; text: string }
  /** The plan, when the model writes one. */
  | { type: 'plan'; text: string }
  /** A finished tool call: its arguments as sent, how long it took, what the model got back. */
  | { type: 'tool'; name: string; args: string; durationMs: number; result: string; error?: boolean }
  /**
   * A turn's usage and the conversation after it (what Resume continues from); `cut`: a Stop,
   * Redirect or the time limit cut it, so it counts for its tokens and cost but not as a turn.
   */
  | { type: 'turn'; inputTokens: number; outputTokens: number; cost?: number; cut?: boolean; conversation: unknown }
  /** The task is finished; `summary` is its closing message (markdown). */
  | { type: 'done'; summary: string }
  /** A budget or guard stopped it (its reason in words), the work kept. */
  | { type: 'stopped'; reason: string }
  | { type: 'failed'; reason: string };

export interface TaskRunInput {
  taskId: string;
  instruction: string;
  /** The surface's context (file, selection, open editors, chat so far). */
  context?: unknown;
  /** The conversation of an earlier run to continue (Resume, Redirect); undefined for a fresh start. */
  conversation?: unknown;
  /** A new instruction from the user joining the conversation (Redirect). */
  redirect?: string;
  env: TaskEnvironment;
  budgets: TaskBudgets;
  /** Aborted on Stop, Redirect (its reason a RedirectAbort), a budget or the window closing: the turn is cut, processes killed. */
  signal: AbortSignal;
}

/**
 * The reason a run's signal carries when a Redirect aborts it: the new instruction goes to the
 * next run, and the cut turn's calls left unrun read as superseded by it, not as interrupted.
 */
export class RedirectAbort extends Error {
  override readonly name = 'AbortError';

  constructor() {
    super('The user gave the task a new instruction.');
  }
}

export const abortedForRedirect = (signal: AbortSignal): boolean => signal.reason instanceof RedirectAbort;

/** The agent loop, as the task manager drives it. It ends its stream after done, stopped or failed, or when aborted. */
export interface TaskRunner {
  run(input: TaskRunInput): AsyncIterable<TaskEvent>;
}
