import type { TokenCounts } from '../metrics/tokenCost';

/** Why a task ended. */
export type TaskEndReason =
  | 'completed'
  | 'stopped'
  | 'failed'
  | 'max-turns'
  | 'max-tokens'
  | 'max-cost'
  | 'max-minutes'
  | 'loop'
  | 'no-progress'
  | 'context';

/** One entry of the agent loop's log, in the order things happened; `at` is the task clock in ms. */
export type AgentEvent =
  | { kind: 'turn'; turn: number; at: number }
  /** Model text as it streams (the kept list joins a turn's consecutive deltas into one). */
  | { kind: 'text'; turn: number; delta: string; at: number }
  | { kind: 'tool-call'; turn: number; callId: string; name: string; arguments: string; at: number }
  | { kind: 'tool-result'; turn: number; callId: string; name: string; ok: boolean; output: string; durationMs: number; at: number }
  /** The plan the model wrote (its `write_plan` tool), whole each time. */
  | { kind: 'plan'; turn: number; steps: PlanStep[]; at: number }
  /** A new instruction from the user (Redirect). */
  | { kind: 'user'; text: string; at: number }
  /** The conversation was shortened to fit the context window. */
  | { kind: 'compacted'; turn: number; tokensBefore: number; tokensAfter: number; at: number }
  /** Tokens and cost so far, after each turn. */
  | { kind: 'usage'; turn: number; tokens: TokenCounts; cost: number | undefined; at: number }
  | { kind: 'end'; reason: TaskEndReason; message: string; at: number };

export interface PlanStep {
  step: string;
  status: 'pending' | 'in_progress' | 'done';
}

/** The agent loop's own record of a run, in order; a task runner folds it into the task's log. Listeners never break the loop. */
export class AgentLog {
  private readonly list: AgentEvent[] = [];
  private readonly listeners = new Set<(event: AgentEvent) => void>();

  get events(): readonly AgentEvent[] {
    return this.list;
  }

  append(event: AgentEvent): void {
    // One entry per run of text, not one per token: a long task's log stays small.
    const last = this.list[this.list.length - 1];
    if (event.kind === 'text' && last?.kind === 'text' && last.turn === event.turn) last.delta += event.delta;
    else this.list.push(event.kind === 'text' ? { ...event } : event);
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        // A failing view must not stop the task.
      }
    }
  }

  /** Follows new events; returns the unsubscribe. */
  onEvent(listener: (event: AgentEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The model's whole text of a turn. */
  textOf(turn: number): string {
    let s = '';
    for (const e of this.list) if (e.kind === 'text' && e.turn === turn) s += e.delta;
    return s;
  }
}
