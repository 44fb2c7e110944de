import { createEmitter } from '../events/emitter';
import type { Logger } from '../log/logger';
import { histogram } from './histogram';
import type { LatencyExport, LatencySnapshot, ModelSnapshot, OutcomeCounts, SampleRoute, SampleSurface, SeriesSnapshot } from './latencySnapshot';
import { summarize } from './percentiles';
import type { MetricsSink, RequestSample } from './requestSample';
import { RingBuffer } from './ringBuffer';
import { firstTokenMs, tokensPerSecond } from './timingMarks';
import { estimateCost, type TokenCounts, type TokenPrices } from './tokenCost';
import { TokenLedger } from './tokenLedger';

export interface MetricsStoreOptions {
  /** Values kept per series and samples kept for export. */
  capacity?: number;
  /** Wall clock (Date.now) for the session start and export time. */
  wallClock?: () => number;
  log?: Logger;
}

const SURFACES: readonly SampleSurface[] = ['completion', 'edit', 'chat', 'variants', 'next-edit', 'review', 'task'];
const ROUTES: readonly SampleRoute[] = ['fast', 'full'];
const SURFACE_LABEL: Record<SampleSurface, string> = { completion: 'ghost text', edit: 'inline edit', chat: 'chat', variants: 'variants', 'next-edit': 'next edit', review: 'review', task: 'background tasks' };
const BINS = 24;

/**
 * This session's latency, in memory only: bounded ring buffers per measured quantity, plus
 * counters. Samples never leave the machine; export writes a file the user chose.
 */
export class MetricsStore implements MetricsSink {
  private readonly capacity: number;
  private readonly wallClock: () => number;
  private readonly startedAt: number;
  private readonly series = new Map<string, { label: string; unit: 'ms' | 'tok/s'; values: RingBuffer<number> }>();
  private readonly samples: RingBuffer<RequestSample>;
  private readonly outcomes = new Map<SampleSurface, OutcomeCounts>();
  private readonly models = new Map<string, { name: string; local: boolean; requests: number; firstToken: RingBuffer<number>; tps: RingBuffer<number> }>();
  // A broken display must not break the request that is being measured.
  private readonly onRecorded = createEmitter<RequestSample>((err) => this.options.log?.warn(`latency listener failed: ${String(err)}`));
  private readonly tokens = new TokenLedger();
  private last?: RequestSample;
  private recorded = 0;

  constructor(private readonly options: MetricsStoreOptions = {}) {
    this.capacity = options.capacity ?? 1000;
    this.wallClock = options.wallClock ?? Date.now;
    this.startedAt = this.wallClock();
    this.samples = new RingBuffer(this.capacity);
    this.addSeries('keystroke', 'ghost text: provider called → item returned', 'ms');
    this.addSeries('change', 'ghost text: document change → item returned', 'ms');
    this.addSeries('sent', 'request → sent (Flint overhead)', 'ms');
    for (const s of SURFACES) {
      for (const r of ROUTES) this.addSeries(`firstToken.${s}.${r}`, `first token: ${SURFACE_LABEL[s]}, ${r} model`, 'ms');
      this.outcomes.set(s, { used: 0, abandoned: 0, failed: 0, cache: 0, 'typing-through': 0 });
    }
    for (const r of ROUTES) this.addSeries(`tps.${r}`, `tokens/s: ${r} model`, 'tok/s');
  }

  record(input: RequestSample): void {
    // Marks may belong to a live stream object; keep what they said at this moment.
    const sample: RequestSample = { ...input, marks: { ...input.marks } };
    this.recorded++;
    this.samples.push(sample);
    this.outcomes.get(sample.surface)![sample.outcome]++;
    this.tokens.record(sample, this.wallClock());
    this.push('keystroke', sample.keystrokeToItemsMs);
    this.push('change', sample.changeToItemsMs);
    // Cache and typing-through hits made no request of their own: their marks would lie.
    const requested = sample.outcome !== 'cache' && sample.outcome !== 'typing-through';
    if (requested) {
      const m = sample.marks;
      this.push('sent', m.sent === undefined ? undefined : m.sent - m.created);
      const ft = firstTokenMs(m);
      this.push(`firstToken.${sample.surface}.${sample.route}`, ft);
      if (sample.outcome === 'used') this.push(`tps.${sample.route}`, tokensPerSecond(m));
      if (ft !== undefined) this.last = sample;
      this.recordModel(sample, ft);
    }
    this.onRecorded.emit(sample);
  }

  /** Called after every recorded sample; returns the unsubscribe function. */
  onRecord(listener: (sample: RequestSample) => void): () => void {
    return this.onRecorded.on(listener);
  }

  /** The most recent sample that made a request and got a first token (for the status bar). */
  lastRequest(): RequestSample | undefined {
    return this.last;
  }

  /** Tokens of today (local time) so far. */
  tokensToday(): TokenCounts {
    return this.tokens.day(this.wallClock());
  }

  snapshot(prices: TokenPrices = {}): LatencySnapshot {
    const outcomes = Object.fromEntries(SURFACES.map((s) => [s, { ...this.outcomes.get(s)! }])) as LatencySnapshot['outcomes'];
    const c = outcomes.completion;
    const total = c.used + c.abandoned + c.failed + c.cache + c['typing-through'];
    return {
      sessionStartedAt: new Date(this.startedAt).toISOString(),
      recorded: this.recorded,
      keystrokeToGhostText: this.seriesSnapshot('keystroke'),
      documentChangeToGhostText: this.seriesSnapshot('change'),
      firstToken: SURFACES.flatMap((s) => ROUTES.map((r) => this.seriesSnapshot(`firstToken.${s}.${r}`))),
      sendOverhead: this.seriesSnapshot('sent'),
      tokensPerSecond: ROUTES.map((r) => this.seriesSnapshot(`tps.${r}`)),
      models: this.modelSnapshots(),
      outcomes,
      completionHitRates: {
        total,
        cache: total > 0 ? c.cache / total : undefined,
        typingThrough: total > 0 ? c['typing-through'] / total : undefined,
      },
      lastRequest: this.last,
      tokens: this.tokenReport(prices),
    };
  }

  private tokenReport(prices: TokenPrices): LatencySnapshot['tokens'] {
    const totals = this.tokens.sessionTotals();
    const today = this.tokensToday();
    const total = estimateCost(totals.total, prices);
    return {
      byHour: this.tokens.byHour(),
      ...totals,
      today,
      prices,
      ...(total === undefined ? {} : { cost: { total, today: estimateCost(today, prices)!, wasted: estimateCost(totals.wasted, prices)! } }),
    };
  }

  export(prices: TokenPrices = {}): LatencyExport {
    return { exportedAt: new Date(this.wallClock()).toISOString(), snapshot: this.snapshot(prices), samples: this.samples.values() };
  }

  private recordModel(sample: RequestSample, firstToken: number | undefined): void {
    if (!sample.model) return;
    const key = `${sample.model.name}\n${sample.model.local}`;
    let m = this.models.get(key);
    if (!m) {
      m = { ...sample.model, requests: 0, firstToken: new RingBuffer(this.capacity), tps: new RingBuffer(this.capacity) };
      this.models.set(key, m);
    }
    m.requests++;
    if (firstToken !== undefined && firstToken >= 0) m.firstToken.push(firstToken);
    const tps = sample.outcome === 'used' ? tokensPerSecond(sample.marks) : undefined;
    if (tps !== undefined && Number.isFinite(tps)) m.tps.push(tps);
  }

  private modelSnapshots(): ModelSnapshot[] {
    return [...this.models.values()]
      .map((m) => ({ name: m.name, local: m.local, requests: m.requests, firstTokenMs: summarize(m.firstToken.values()), tokensPerSecond: summarize(m.tps.values()) }))
      .sort((a, b) => b.requests - a.requests);
  }

  private addSeries(key: string, label: string, unit: 'ms' | 'tok/s'): void {
    this.series.set(key, { label, unit, values: new RingBuffer(this.capacity) });
  }

  private push(key: string, value: number | undefined): void {
    // A negative or non-finite duration means mixed clocks upstream; it would poison percentiles.
    if (value === undefined || !Number.isFinite(value) || value < 0) return;
    this.series.get(key)!.values.push(value);
  }

  private seriesSnapshot(key: string): SeriesSnapshot {
    const s = this.series.get(key)!;
    const values = s.values.values();
    const summary = summarize(values);
    return { key, label: s.label, unit: s.unit, ...summary, histogram: histogram(values, BINS, summary.p99) };
  }
}

export function createMetricsStore(options: MetricsStoreOptions = {}): MetricsStore {
  return new MetricsStore(options);
}
