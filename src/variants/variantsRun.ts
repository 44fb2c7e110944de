import type { FileText } from '../context/fitFiles';
import type { Logger } from '../log/logger';
import type { MetricsSink } from '../metrics/requestSample';
import type { EarlierAttempt } from '../rewrite/editPrompt';
import { RewriteFeed } from '../rewrite/rewriteFeed';
import type { EditModels, EditTarget } from '../rewrite/rewriteTypes';
import { startRewrite } from '../rewrite/startRewrite';
import type { ModelRequest, ModelStream, StreamResult } from '../transport/modelClient';
import type { ModelError } from '../transport/modelError';
import { rejectsTemperature } from '../transport/rejectsTemperature';
import { variantInstruction, variantPlan, type VariantPlan } from './variantApproaches';
import { isActive, type CardView } from './variantCard';

/** Times one variant is put back in the queue after the endpoint refused it, before it fails. */
const MAX_REFUSALS = 8;
/** Wait before trying a refused variant again when the endpoint gave no retry-after. */
const REFUSED_WAIT_MS = 250;

export interface VariantsTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface VariantsDeps {
  models: EditModels;
  metrics: MetricsSink;
  log: Logger;
  timers: VariantsTimers;
  now(): number;
  /** A card's status, route or note changed (not called per delta). */
  onCard(card: CardView): void;
  /** Text of one card; `generation` tells a restarted card's text from its earlier one. */
  onDelta(index: number, generation: number, text: string): void;
}

interface Variant {
  plan: VariantPlan;
  card: CardView;
  feed: RewriteFeed;
  /** The running request; undefined once it ended or was stopped (its events are then ignored). */
  stream?: ModelStream;
  /** The user instruction this variant follows (a redirect of one card changes only its own). */
  instruction: string;
  earlier?: EarlierAttempt;
  notBefore: number;
  refusals: number;
  /** A pick waiting for this variant to finish. */
  pickWaiter?: (lines: string[] | undefined) => void;
}

/**
 * Several rewrites of one region at once: one request per variant, all in parallel over the
 * same client (lanes on the WebSocket, parallel streams over HTTP), each routed on its own and
 * pushed apart by its approach (and temperature, where the endpoint takes one). When the
 * endpoint refuses parallel requests (429, lane limit) the refused ones queue and start as
 * others end. Nothing here touches the document: `pick` hands back the chosen text.
 */
export class VariantsRun {
  private readonly variants: Variant[];
  private readonly original: string[];
  private limit: number;
  private temperatureOk = true;
  private closed = false;
  private pumpTimer: unknown;
  private pickedIndex: number | undefined;

  constructor(
    private readonly target: EditTarget,
    instruction: string,
    count: number,
    private readonly deps: VariantsDeps,
    private readonly references: readonly FileText[] = [],
  ) {
    this.original = target.lines;
    const plans = variantPlan(count);
    this.limit = plans.length;
    this.variants = plans.map((plan) => ({
      plan,
      instruction,
      feed: new RewriteFeed(this.original),
      notBefore: 0,
      refusals: 0,
      card: { index: plan.index, approach: plan.approach.label, status: 'queued', generation: 0, route: 'fast', model: '', reasons: [], instruction, tokens: 0 },
    }));
  }

  get count(): number {
    return this.variants.length;
  }

  get picked(): number | undefined {
    return this.pickedIndex;
  }

  cards(): CardView[] {
    return this.variants.map((v) => this.card(v.plan.index)!);
  }

  /** A card with its live figures (tokens, tokens/s) brought up to date. */
  card(index: number): CardView | undefined {
    const v = this.variants[index];
    if (!v) return undefined;
    const s = v.stream;
    if (s) {
      v.card.tokens = s.marks.outputTokens;
      if (s.marks.firstToken !== undefined && s.marks.outputTokens > 1) {
        const seconds = (this.deps.now() - s.marks.firstToken) / 1000;
        if (seconds > 0) v.card.tokensPerSecond = (s.marks.outputTokens - 1) / seconds;
      }
    }
    return { ...v.card, reasons: [...v.card.reasons] };
  }

  /** The text received so far for a card (what a redirect keeps as context). */
  text(index: number): string {
    return this.variants[index]?.feed.text() ?? '';
  }

  start(): void {
    for (const v of this.variants) this.emit(v);
    this.pump();
  }

  /** Stops every running variant, keeping what each produced; queued ones do not start. */
  stopAll(): void {
    for (const v of this.variants) this.stopOne(v);
  }

  stop(index: number): void {
    const v = this.variants[index];
    if (v) this.stopOne(v);
  }

  /** Starts a failed or stopped variant again from scratch. */
  retry(index: number): void {
    const v = this.variants[index];
    if (!v || this.closed || this.pickedIndex !== undefined || isActive(v.card.status)) return;
    v.earlier = undefined;
    v.refusals = 0;
    this.requeue(v);
    this.pump();
  }

  /**
   * A new instruction for every variant (or only `only`): each running one stops and starts
   * again with what it had produced as its earlier attempt, as an inline-edit redirect does.
   */
  redirect(instruction: string, only?: number): void {
    if (this.closed || this.pickedIndex !== undefined) return;
    const targets = only === undefined ? this.variants : this.variants.filter((v) => v.plan.index === only);
    for (const v of targets) {
      const output = v.feed.text();
      v.earlier = output ? { instruction: v.instruction, output } : v.earlier;
      this.halt(v, 'abandoned');
      v.instruction = instruction;
      v.card.instruction = instruction;
      v.refusals = 0;
      this.requeue(v);
    }
    this.pump();
  }

  /**
   * Chooses one variant: every other one is cancelled at once; a chosen one still streaming is
   * awaited. Resolves the chosen rewrite's lines (a stopped one keeps the original after the
   * last line it reached), or undefined when it has nothing to offer or failed.
   */
  async pick(index: number): Promise<string[] | undefined> {
    const v = this.variants[index];
    if (!v || this.closed || this.pickedIndex !== undefined || v.feed.text() === '') return undefined;
    if (v.card.status !== 'done' && v.card.status !== 'stopped' && v.card.status !== 'streaming') return undefined;
    this.pickedIndex = index;
    for (const other of this.variants) if (other !== v) this.cancelOne(other, 'another variant was picked');
    if (v.card.status === 'streaming') {
      const lines = await new Promise<string[] | undefined>((resolve) => (v.pickWaiter = resolve));
      return lines;
    }
    return this.resultLines(v);
  }

  /** The view or the document went away: every request ends now. */
  dispose(note = 'the view was closed'): void {
    if (this.closed) return;
    for (const v of this.variants) this.cancelOne(v, note);
    this.closed = true;
    if (this.pumpTimer !== undefined) this.deps.timers.clearTimeout(this.pumpTimer);
    this.pumpTimer = undefined;
  }

  /** Requests still open (0 once every variant ended, was stopped or cancelled). */
  openRequests(): number {
    return this.variants.filter((v) => v.stream).length;
  }

  private resultLines(v: Variant): string[] {
    const rows = v.card.status === 'done' ? v.feed.completeRows() : v.feed.partialRows();
    return rows.filter((r) => r.kind !== 'removed').map((r) => r.text);
  }

  private requeue(v: Variant): void {
    v.card = { ...v.card, status: 'queued', note: undefined, generation: v.card.generation + 1, tokens: 0, firstTokenMs: undefined, tokensPerSecond: undefined };
    v.feed = new RewriteFeed(this.original);
    this.emit(v);
  }

  /** Starts queued variants while fewer than the limit run. */
  private pump(): void {
    if (this.closed) return;
    if (this.pumpTimer !== undefined) this.deps.timers.clearTimeout(this.pumpTimer);
    this.pumpTimer = undefined;
    let running = this.variants.filter((v) => v.stream).length;
    let wake = Infinity;
    const now = this.deps.now();
    for (const v of this.variants) {
      if (v.card.status !== 'queued' || v.stream) continue;
      if (running >= this.limit) break;
      if (v.notBefore > now) {
        wake = Math.min(wake, v.notBefore);
        continue;
      }
      this.launch(v);
      running++;
    }
    if (wake !== Infinity) this.pumpTimer = this.deps.timers.setTimeout(() => this.pump(), Math.max(1, wake - now));
  }

  private launch(v: Variant): void {
    const { stream, request, decision, client } = startRewrite(this.deps.models, this.target, {
      instruction: variantInstruction(v.instruction, v.plan.approach),
      earlier: v.earlier,
      references: this.references,
      label: (reasons) => `variant ${v.plan.index + 1} (${v.plan.approach.label}): ${reasons.join('; ')}`,
      temperature: this.temperatureOk ? v.plan.temperature : undefined,
      onFallback: (why, _error, fast) => {
        if (v.stream !== stream) return;
        v.card = { ...v.card, route: 'fast', model: fast.model, reasons: [why, ...decision.reasons] };
        this.emit(v);
      },
    });
    v.stream = stream;
    v.card = { ...v.card, status: 'waiting', route: decision.target, model: client.model, reasons: decision.reasons, note: undefined };
    this.emit(v);
    void this.consume(v, stream, request);
  }

  private async consume(v: Variant, stream: ModelStream, request: ModelRequest): Promise<void> {
    let endedByFence = false;
    try {
      for await (const delta of stream) {
        if (v.stream !== stream) return;
        if (v.card.status === 'waiting') {
          const ft = stream.marks.firstToken;
          v.card = { ...v.card, status: 'streaming', firstTokenMs: ft === undefined ? undefined : ft - stream.marks.created };
          this.emit(v);
        }
        this.deps.onDelta(v.plan.index, v.card.generation, delta);
        if (v.feed.push(delta)) {
          endedByFence = true;
          break;
        }
      }
    } catch (err) {
      this.deps.log.warn(`variant ${v.plan.index + 1} stream ${stream.id}: ${String(err)}`);
    }
    if (endedByFence) stream.cancel();
    const result = await stream.done;
    if (v.stream !== stream) return;
    this.card(v.plan.index);
    v.stream = undefined;
    this.ended(v, stream, request, result, endedByFence);
    this.pump();
  }

  private ended(v: Variant, stream: ModelStream, request: ModelRequest, result: StreamResult, endedByFence: boolean): void {
    const { status, error } = result;
    const noText = v.feed.text() === '';
    if (status === 'failed' && error && noText && !v.pickWaiter) {
      if (refusedParallel(error) && v.refusals < MAX_REFUSALS) {
        this.record(v, stream, 'abandoned');
        return this.refused(v, error);
      }
      if (request.temperature !== undefined && rejectsTemperature(error)) {
        this.deps.log.info(`variants: the endpoint refuses a temperature (${error.message}); the variants differ by approach only.`);
        this.temperatureOk = false;
        this.record(v, stream, 'abandoned');
        this.requeue(v);
        return;
      }
    }
    if (status === 'failed' || (status === 'cancelled' && !endedByFence)) {
      this.record(v, stream, 'failed');
      v.card = { ...v.card, status: 'failed', note: error?.message ?? 'the generation ended without a result' };
      this.emit(v);
      return this.settlePick(v, undefined);
    }
    this.record(v, stream, 'used');
    const complete = status === 'completed' || endedByFence;
    v.card = {
      ...v.card,
      status: complete ? 'done' : 'stopped',
      note: complete ? undefined : 'the model hit its output limit: the original continues after the last generated line',
    };
    this.emit(v);
    this.settlePick(v, this.resultLines(v));
  }

  private settlePick(v: Variant, lines: string[] | undefined): void {
    const waiter = v.pickWaiter;
    v.pickWaiter = undefined;
    waiter?.(lines);
  }

  /** The endpoint will not run this one alongside the others now: queue it behind them. */
  private refused(v: Variant, error: ModelError): void {
    const others = this.variants.filter((o) => o !== v && o.stream).length;
    this.limit = Math.max(1, others);
    v.refusals++;
    v.notBefore = this.deps.now() + (error.retryAfterMs ?? REFUSED_WAIT_MS);
    v.card = {
      ...v.card,
      status: 'queued',
      note: `queued: the endpoint refused parallel requests (${error.message}); starts when a slot is free`,
    };
    this.emit(v);
  }

  private stopOne(v: Variant): void {
    if (v.card.status === 'queued') {
      v.card = { ...v.card, status: 'stopped', note: 'stopped before it started' };
      this.emit(v);
      return;
    }
    if (!v.stream) return;
    this.card(v.plan.index);
    this.halt(v, 'used');
    v.card = { ...v.card, status: 'stopped', note: 'stopped: the original continues after the last generated line' };
    this.emit(v);
    this.settlePick(v, v.feed.text() === '' ? undefined : this.resultLines(v));
  }

  private cancelOne(v: Variant, note: string): void {
    if (!isActive(v.card.status)) return;
    this.halt(v, 'abandoned');
    v.card = { ...v.card, status: 'cancelled', note };
    this.emit(v);
    this.settlePick(v, undefined);
  }

  /** Stops the variant's request (if any) and ignores whatever it still sends. */
  private halt(v: Variant, outcome: 'used' | 'abandoned'): void {
    const s = v.stream;
    v.stream = undefined;
    if (!s) return;
    s.cancel();
    this.record(v, s, outcome);
  }

  private record(v: Variant, stream: ModelStream, outcome: 'used' | 'abandoned' | 'failed'): void {
    this.deps.metrics.record({ surface: 'variants', route: v.card.route, marks: stream.marks, outcome });
  }

  private emit(v: Variant): void {
    if (!this.closed) this.deps.onCard({ ...v.card, reasons: [...v.card.reasons] });
  }
}

/** 429, or a lane or connection limit: the endpoint will not take one more request right now. */
function refusedParallel(error: ModelError): boolean {
  if (error.code === 'rate_limit') return true;
  const code = error.options.serverCode ?? '';
  return code === 'websocket_stream_limit_reached' || code === 'too_many_requests' || code === 'concurrency_limit_exceeded';
}
