import type { MetricsSink } from '../metrics/requestSample';
import type { TokenPrices } from '../metrics/tokenCost';
import type { ModelClient } from '../transport/modelClient';
import type { AgentEvent, TaskEndReason } from './agentLog';
import { AgentLoop, type AgentState } from './agentLoop';
import type { TaskEnvironment } from './taskEnvironment';
import { DEFAULT_LIMITS, type TaskLimits } from './taskLimits';
import { TASK_INSTRUCTIONS, taskPrompt } from './taskPrompt';
import { abortedForRedirect, type TaskBudgets, type TaskEvent, type TaskRunInput, type TaskRunner } from './taskRunner';
import { TextFrames } from './textFrames';
import type { Toolbox } from './toolbox';

export interface AgentRunnerDeps {
  /** The full model's client, asked again each turn. */
  client(): ModelClient;
  metrics: MetricsSink;
  prices(): TokenPrices;
  now(): number;
  /** The tools over one run's environment (its working copy). */
  toolbox(env: TaskEnvironment): Toolbox;
}

/** The agent loop as the task manager drives it: one loop per run, its log turned into task events. */
export function agentTaskRunner(deps: AgentRunnerDeps): TaskRunner {
  return { run: (input) => runAgent(deps, input) };
}

export function limitsOf(b: TaskBudgets): TaskLimits {
  return {
    ...DEFAULT_LIMITS,
    maxTurns: b.maxTurns,
    maxMinutes: b.maxMinutes,
    // A model served on this machine has a small window (8,192 tokens): the task compacts before it fills.
    contextTokens: Math.min(DEFAULT_LIMITS.contextTokens, b.contextTokens ?? Infinity),
    ...(b.maxCost !== null && { maxCost: b.maxCost }),
    ...(b.maxTokens !== null && { maxTokens: b.maxTokens }),
  };
}

/** A conversation kept from an earlier run, when it is one the loop can continue. */
function resumable(conversation: unknown): AgentState | undefined {
  const s = conversation as Partial<AgentState> | undefined;
  return s && Array.isArray(s.items) && typeof s.turns === 'number' && typeof s.chainedItems === 'number' && s.tokens ? (s as AgentState) : undefined;
}

async function* runAgent(deps: AgentRunnerDeps, input: TaskRunInput): AsyncGenerator<TaskEvent> {
  const resume = resumable(input.conversation);
  const loop = new AgentLoop(
    { client: deps.client, toolbox: deps.toolbox(input.env), metrics: deps.metrics, prices: deps.prices, now: deps.now },
    { instructions: TASK_INSTRUCTIONS, prompt: taskPrompt(input.instruction, input.context), limits: limitsOf(input.budgets), ...(resume && { resume }) },
  );
  if (input.redirect) loop.redirect(input.redirect);
  const events = new EventQueue<TaskEvent>();
  const fold = new AgentEventFold(loop);
  const frames = new TextFrames((e) => events.push(e));
  const off = loop.log.onEvent((e) => {
    for (const event of fold.take(e)) frames.push(event);
  });
  const onAbort = () => loop.stop(abortedForRedirect(input.signal));
  input.signal.addEventListener('abort', onAbort, { once: true });
  if (input.signal.aborted) onAbort();
  const finished = loop.run().then(
    (result) => {
      frames.flush();
      events.push(endEvent(result.reason, result.summary || result.message, result.message));
      events.close();
    },
    (err: unknown) => {
      frames.flush();
      events.push({ type: 'failed', reason: err instanceof Error ? err.message : String(err) });
      events.close();
    },
  );
  try {
    yield* events;
  } finally {
    off();
    frames.flush();
    input.signal.removeEventListener('abort', onAbort);
    loop.stop();
    await finished;
  }
}

/**
 * Turns the loop's log into task events. A turn's figures are sent once its tool calls have run
 * (at the next turn's start or the end), so the conversation it carries is a completed turn's.
 */
export class AgentEventFold {
  private readonly argsOf = new Map<string, string>();
  private pending: { input: number; output: number; cost: number | undefined } | undefined;
  private sent = { input: 0, output: 0, cost: 0 };
  /** The loop's turn count as last sent: a turn that leaves it unchanged did not complete. */
  private turns: number;

  constructor(private readonly loop: Pick<AgentLoop, 'snapshot'>) {
    this.turns = loop.snapshot().turns;
  }

  take(e: AgentEvent): TaskEvent[] {
    switch (e.kind) {
      case 'text':
        return [{ type: 'text', text: e.delta }];
      case 'tool-call':
        this.argsOf.set(e.callId, e.arguments);
        return [];
      case 'tool-result':
        return [{ type: 'tool', name: e.name, args: this.argsOf.get(e.callId) ?? '', durationMs: e.durationMs, result: e.output, ...(!e.ok && { error: true }) }];
      case 'plan':
        return [{ type: 'plan', text: e.steps.map((s) => `${s.status === 'done' ? '[x]' : s.status === 'in_progress' ? '[~]' : '[ ]'} ${s.step}`).join('\n') }];
      case 'usage':
        this.pending = { input: e.tokens.input, output: e.tokens.output, cost: e.cost };
        return [];
      // The loop counts a turn once it completes: at the next one's start, the kept state is the one before.
      case 'turn':
      case 'end':
        return this.flush();
      default:
        return [];
    }
  }

  private flush(): TaskEvent[] {
    const p = this.pending;
    if (!p) return [];
    this.pending = undefined;
    const state = this.loop.snapshot();
    const cost = p.cost === undefined ? undefined : p.cost - this.sent.cost;
    const cut = state.turns === this.turns;
    const event: TaskEvent = { type: 'turn', inputTokens: p.input - this.sent.input, outputTokens: p.output - this.sent.output, ...(cost !== undefined && { cost }), ...(cut && { cut }), conversation: state };
    this.sent = { input: p.input, output: p.output, cost: p.cost ?? 0 };
    this.turns = state.turns;
    return [event];
  }
}

/** The run's last event: done with the model's closing text, or why it ended. */
function endEvent(reason: TaskEndReason, summary: string, message: string): TaskEvent {
  if (reason === 'completed') return { type: 'done', summary };
  if (reason === 'failed') return { type: 'failed', reason: message };
  return { type: 'stopped', reason: message };
}

/** Events pushed by the loop's listeners, read by the generator as they come. */
class EventQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private wake: (() => void) | undefined;
  private closed = false;

  push(...items: T[]): void {
    this.items.push(...items);
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for (;;) {
      const next = this.items.shift();
      if (next !== undefined) yield next;
      else if (this.closed) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
