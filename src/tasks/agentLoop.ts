import { toolCallingRefused } from '../config/modelKind';
import type { MetricsSink, RequestSample } from '../metrics/requestSample';
import { addCounts, estimateCost, NO_TOKENS, type TokenCounts, type TokenPrices } from '../metrics/tokenCost';
import { tokensOf } from '../metrics/tokenLedger';
import type { ConversationItem, FunctionCallResult, ModelClient, StreamResult } from '../transport/modelClient';
import { refusesTools } from '../transport/refusesTools';
import { compactItems, conversationTokens } from './compactItems';
import { LoopGuard } from './loopGuard';
import { AgentLog, type TaskEndReason } from './agentLog';
import type { TaskLimits } from './taskLimits';
import type { Toolbox, ToolOutcome } from './toolbox';

export interface AgentLoopDeps {
  /** The full model's client (the client factory's `full()`), asked again each turn: settings may swap it. */
  client(): ModelClient;
  toolbox: Toolbox;
  /** Every turn's request is recorded here (the token ledger and latency report). */
  metrics: MetricsSink;
  prices(): TokenPrices;
  /** Milliseconds on the clock the client stamps its marks with (performance.now()). */
  now(): number;
}

/** Where a task stands after a turn: enough to resume it from there. */
export interface AgentState {
  items: ConversationItem[];
  /** The last response the endpoint keeps, and how many items it already holds. */
  previousResponseId?: string;
  chainedItems: number;
  /** Completed turns: a turn a Stop, Redirect or the time limit cut is not one (its tokens count all the same). */
  turns: number;
  tokens: TokenCounts;
  elapsedMs: number;
}

export interface AgentTask {
  instructions: string;
  /** The task with its context (file, selection, open editors, the conversation so far). */
  prompt: string;
  limits: TaskLimits;
  /** The endpoint keeps responses (`previous_response_id`); false sends the whole conversation every turn. */
  chained?: boolean;
  maxOutputTokens?: number;
  /** Continue from a kept state (Resume) instead of starting with `prompt`. */
  resume?: AgentState;
}

export interface AgentResult {
  reason: TaskEndReason;
  message: string;
  /** The model's closing text (its last answer without calls), or '' when it did not finish. */
  summary: string;
  state: AgentState;
  cost: number | undefined;
}

/** Output of a call that was not run because the task was interrupted first (Stop, a limit), or redirected. */
const NOT_RUN = 'Not run: the task was interrupted before this call.';
const SUPERSEDED = 'Not run: the user gave a new instruction (see the next message).';
/** Room kept for the model's answer and the tool definitions when fitting the context window. */
const COMPACT_AT = 0.8;
const COMPACT_TO = 0.6;

/**
 * A background task on the full model: turns over the Responses API's function calling, each
 * streamed, its calls run through the toolbox and their outputs sent back, until the model
 * answers without a call, the user stops it, or a budget or guard ends it. Redirect joins a new
 * instruction to the conversation at once (the running turn or tool is cut, the work stays).
 */
export class AgentLoop {
  readonly log = new AgentLog();
  private state: AgentState;
  private readonly guard: LoopGuard;
  private readonly redirects: string[] = [];
  private halted: { reason: TaskEndReason; message: string; superseded?: boolean } | undefined;
  private turnController: AbortController | undefined;
  private startedAt = 0;
  private running = false;
  /** The last turn started, cut ones included: each turn's own number in the log. */
  private lastTurn: number;
  private specTokens: number | undefined;

  constructor(
    private readonly deps: AgentLoopDeps,
    private readonly task: AgentTask,
  ) {
    this.state = task.resume
      ? { ...task.resume, items: [...task.resume.items] }
      : { items: [{ role: 'user', content: task.prompt }], chainedItems: 0, turns: 0, tokens: NO_TOKENS, elapsedMs: 0 };
    this.guard = new LoopGuard(task.limits.repeatedCalls, task.limits.turnsWithoutChange);
    this.lastTurn = this.state.turns;
  }

  /** A copy of where the task stands (kept for Resume). */
  snapshot(): AgentState {
    return { ...this.state, items: [...this.state.items], elapsedMs: this.elapsed() };
  }

  get cost(): number | undefined {
    return estimateCost(this.state.tokens, this.deps.prices());
  }

  /**
   * Stop: the running turn and tool are cut; the conversation and the working copy stay.
   * `forRedirect`: the user gave a new instruction the next run starts with, so the cut turn's
   * calls left unrun say they were superseded by it.
   */
  stop(forRedirect = false): void {
    this.halt('stopped', forRedirect ? 'Stopped for a new instruction from the user.' : 'Stopped by the user.', forRedirect);
  }

  /** A new instruction: the running turn or tool stops, and the next turn starts with it. */
  redirect(text: string): void {
    this.redirects.push(text);
    this.turnController?.abort();
  }

  async run(): Promise<AgentResult> {
    if (this.running) throw new Error('This task is already running.');
    this.running = true;
    this.startedAt = this.deps.now() - this.state.elapsedMs;
    const left = this.task.limits.maxMinutes * 60_000 - this.state.elapsedMs;
    const timer = setTimeout(() => this.halt('max-minutes', `The task reached its time limit of ${this.task.limits.maxMinutes} minutes (flint.tasks.maxMinutes).`), Math.max(0, left));
    try {
      return await this.loop();
    } finally {
      clearTimeout(timer);
      this.running = false;
    }
  }

  private halt(reason: TaskEndReason, message: string, superseded = false): void {
    this.halted ??= { reason, message, superseded };
    this.turnController?.abort();
  }

  /** Why the task was told to stop (Stop, the time limit), if it was: read fresh, it changes under awaits. */
  private haltedBy(): { reason: TaskEndReason; message: string } | undefined {
    return this.halted;
  }

  /** The tool definitions' tokens, counted once: they are sent every turn, unchanged. */
  private toolsTokens(): number {
    return (this.specTokens ??= toolsTokens(this.deps.toolbox));
  }

  private elapsed(): number {
    return this.running ? this.deps.now() - this.startedAt : this.state.elapsedMs;
  }

  private async loop(): Promise<AgentResult> {
    for (;;) {
      const halted = this.haltedBy();
      if (halted) return this.end(halted.reason, halted.message);
      this.takeRedirects();
      const limit = this.budgetReached();
      if (limit) return this.end(limit.reason, limit.message);
      const overflow = this.fitContext();
      if (overflow) return this.end('context', overflow);
      const turn = ++this.lastTurn;
      const result = await this.runTurn(turn);
      // A cut turn is no turn: only the completed ones (and a failed one, which ends the task) count.
      if (result.status === 'cancelled') continue;
      if (result.status === 'failed') {
        this.state.turns++;
        return this.failed(result);
      }
      const calls = result.calls ?? [];
      this.keepResponse(result, calls);
      if (!calls.length) {
        this.state.turns++;
        if (this.redirects.length) continue;
        return this.end('completed', 'The task is done.', result.text);
      }
      const { changed, loop } = await this.runCalls(turn, calls);
      if (this.haltedBy()) continue;
      // Calls a Redirect cut: the turn did not complete, it counts for no budget.
      if (!this.turnController?.signal.aborted) this.state.turns++;
      if (loop) return this.end('loop', loop);
      const idle = this.guard.turnEnded(changed);
      if (idle) return this.end('no-progress', idle);
    }
  }

  /**
   * A failed turn ends the task; a conversation the model's window refused (its estimate of the
   * window was too generous) ends it as one that no longer fits, saying which setting to lower;
   * a model that cannot call tools, saying which model to pick instead.
   */
  private failed(result: StreamResult): AgentResult {
    if (result.error && refusesTools(result.error)) {
      const client = this.deps.client();
      return this.end('failed', toolCallingRefused(client.model, client.state.endpoint, result.error.message));
    }
    if (result.error?.options.serverCode !== 'context_length_exceeded') return this.end('failed', result.error?.message ?? 'The model request failed.');
    const window = this.task.limits.contextTokens;
    return this.end(
      'context',
      `The model refused the conversation: it exceeds the model's context window (${result.error.message}). Flint counted about ` +
        `${conversationTokens(this.task.instructions, this.state.items, this.toolsTokens())} tokens against a window of ${window} ` +
        '(flint.full.contextTokens): lower that setting to the model\'s real window so tasks compact in time. The work so far is kept.',
    );
  }

  private takeRedirects(): void {
    for (const text of this.redirects.splice(0)) {
      this.state.items.push({ role: 'user', content: text });
      this.log.append({ kind: 'user', text, at: this.deps.now() });
    }
  }

  private budgetReached(): { reason: TaskEndReason; message: string } | undefined {
    const { limits } = this.task;
    const s = this.state;
    if (s.turns >= limits.maxTurns) return { reason: 'max-turns', message: `The task reached its limit of ${limits.maxTurns} turns (flint.tasks.maxTurns).` };
    const used = s.tokens.input + s.tokens.output;
    if (limits.maxTokens !== undefined && used >= limits.maxTokens) return { reason: 'max-tokens', message: `The task used ${used} tokens, its limit is ${limits.maxTokens}.` };
    const cost = this.cost;
    if (limits.maxCost !== undefined && cost !== undefined && cost >= limits.maxCost) {
      return { reason: 'max-cost', message: `The task cost ${cost.toFixed(4)}, its limit is ${limits.maxCost} (flint.tasks.maxCost).` };
    }
    return undefined;
  }

  /** Compacts the conversation before it nears the context window; a message when it cannot fit. */
  private fitContext(): string | undefined {
    const window = this.task.limits.contextTokens;
    // Room for the answer: an eighth of a small window (a model on this machine has 8,192 tokens), as chat leaves.
    const reserve = (this.task.maxOutputTokens ?? Math.min(4096, Math.floor(window / 8))) + this.toolsTokens();
    const before = conversationTokens(this.task.instructions, this.state.items, reserve);
    if (before <= window * COMPACT_AT) return undefined;
    const { items, tokens: after } = compactItems(this.task.instructions, this.state.items, reserve, window * COMPACT_TO);
    if (after > window * COMPACT_AT) {
      return `The conversation (about ${before} tokens) no longer fits the model's context window of ${window} tokens, even with old tool outputs removed. The work so far is kept.`;
    }
    this.state.items = items;
    // The endpoint's copy still holds what was removed: start a new chain from the shorter conversation.
    this.state.previousResponseId = undefined;
    this.state.chainedItems = 0;
    this.log.append({ kind: 'compacted', turn: this.lastTurn, tokensBefore: before, tokensAfter: after, at: this.deps.now() });
    return undefined;
  }

  private async runTurn(turn: number): Promise<StreamResult> {
    const controller = new AbortController();
    this.turnController = controller;
    const s = this.state;
    const chained = this.task.chained !== false && s.previousResponseId !== undefined;
    const stream = this.deps.client().stream({
      surface: 'task',
      instructions: this.task.instructions,
      input: [],
      items: chained ? s.items.slice(s.chainedItems) : s.items,
      fullItems: s.items,
      ...(chained ? { previousResponseId: s.previousResponseId } : {}),
      tools: this.deps.toolbox.specs,
      ...(this.task.maxOutputTokens !== undefined ? { maxOutputTokens: this.task.maxOutputTokens } : {}),
      label: 'background task',
    });
    this.log.append({ kind: 'turn', turn, at: this.deps.now() });
    const onAbort = () => stream.cancel();
    controller.signal.addEventListener('abort', onAbort, { once: true });
    if (this.halted || this.redirects.length) stream.cancel();
    for await (const delta of stream) this.log.append({ kind: 'text', turn, delta, at: this.deps.now() });
    const result = await stream.done;
    controller.signal.removeEventListener('abort', onAbort);
    this.record(stream.marks, result);
    // Text a cut turn already said is work too: it joins the conversation.
    if (result.status === 'cancelled' && result.text) s.items.push({ role: 'assistant', content: result.text });
    this.log.append({ kind: 'usage', turn, tokens: s.tokens, cost: this.cost, at: this.deps.now() });
    return result;
  }

  private record(marks: RequestSample['marks'], result: StreamResult): void {
    const outcome = result.status === 'failed' ? 'failed' : result.status === 'cancelled' ? 'abandoned' : 'used';
    const sample: RequestSample = { surface: 'task', route: 'full', marks, outcome };
    this.deps.metrics.record(sample);
    this.state.tokens = addCounts(this.state.tokens, tokensOf(sample));
  }

  /** The response's text and calls join the conversation; the endpoint holds them from here on. */
  private keepResponse(result: StreamResult, calls: readonly FunctionCallResult[]): void {
    const s = this.state;
    if (result.text) s.items.push({ role: 'assistant', content: result.text });
    for (const c of calls) s.items.push({ type: 'function_call', callId: c.callId, name: c.name, arguments: c.arguments });
    s.previousResponseId = result.responseId;
    s.chainedItems = s.items.length;
  }

  /** Runs a turn's calls in order; every call gets an output, run or not (the API requires one each). */
  private async runCalls(turn: number, calls: readonly FunctionCallResult[]): Promise<{ changed: boolean; loop?: string }> {
    const signal = this.turnController!.signal;
    let changed = false;
    let loop: string | undefined;
    for (const call of calls) {
      this.log.append({ kind: 'tool-call', turn, callId: call.callId, name: call.name, arguments: call.arguments, at: call.receivedAt });
      const repeat = loop ? undefined : this.guard.call(call.name, call.arguments);
      loop ??= repeat;
      let outcome: ToolOutcome;
      let durationMs = 0;
      if (loop) outcome = { ok: false, output: `Refused: ${loop}` };
      else if (signal.aborted) outcome = { ok: false, output: this.halted && !this.halted.superseded ? NOT_RUN : SUPERSEDED };
      else {
        const t0 = this.deps.now();
        outcome = await this.deps.toolbox.run(call.name, call.arguments, signal);
        durationMs = this.deps.now() - t0;
      }
      changed ||= outcome.changedFiles === true;
      this.state.items.push({ type: 'function_call_output', callId: call.callId, output: outcome.output });
      this.log.append({ kind: 'tool-result', turn, callId: call.callId, name: call.name, ok: outcome.ok, output: outcome.output, durationMs, at: this.deps.now() });
      if (outcome.plan) this.log.append({ kind: 'plan', turn, steps: outcome.plan, at: this.deps.now() });
    }
    return { changed, loop };
  }

  private end(reason: TaskEndReason, message: string, summary = ''): AgentResult {
    this.turnController = undefined;
    this.log.append({ kind: 'end', reason, message, at: this.deps.now() });
    return { reason, message, summary, state: this.snapshot(), cost: this.cost };
  }
}

function toolsTokens(toolbox: Toolbox): number {
  return Math.ceil(JSON.stringify(toolbox.specs).length / 4);
}
