/** A task's budgets and guards; each stops the task with its reason, its work kept. */
export interface TaskLimits {
  /** Model turns (requests) at most (`flint.tasks.maxTurns`). */
  maxTurns: number;
  /** Wall-clock minutes at most (`flint.tasks.maxMinutes`). */
  maxMinutes: number;
  /** Input plus output tokens at most; undefined for no limit. */
  maxTokens?: number;
  /** Estimated cost at most, in the `flint.cost.*` currency; needs prices (`flint.tasks.maxCost`). */
  maxCost?: number;
  /** The same call (name and arguments) this many times stops the task. */
  repeatedCalls: number;
  /** This many turns in a row without a file changed stops the task. */
  turnsWithoutChange: number;
  /** The model's context window in tokens: the conversation is compacted before it is reached. */
  contextTokens: number;
}

export const DEFAULT_LIMITS: TaskLimits = {
  maxTurns: 40,
  maxMinutes: 20,
  repeatedCalls: 3,
  turnsWithoutChange: 12,
  contextTokens: 128_000,
};
