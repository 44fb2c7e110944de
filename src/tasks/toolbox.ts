import type { FunctionToolSpec } from '../transport/modelClient';
import type { PlanStep } from './agentLog';

/** What a tool call came to: its output for the model, and what the loop needs to know of it. */
export interface ToolOutcome {
  ok: boolean;
  /** Sent to the model as the call's output (already capped). */
  output: string;
  /** A file of the working copy was written, created or deleted. */
  changedFiles?: boolean;
  /** The plan the model wrote. */
  plan?: PlanStep[];
}

/** The tools a task offers the model. `run` never rejects: a failure is an outcome the model reads. */
export interface Toolbox {
  readonly specs: readonly FunctionToolSpec[];
  run(name: string, args: string, signal: AbortSignal): Promise<ToolOutcome>;
}
