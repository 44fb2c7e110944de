import { describe, expect, it } from 'vitest';
import { createMetricsStore } from '../../src/metrics/metricsStore';
import type { RequestSample } from '../../src/metrics/requestSample';
import { silentLogger, type Logger } from '../../src/log/logger';

function sample(over: Partial<RequestSample> & { first?: number; tokens?: number; doneAt?: number } = {}): RequestSample {
  const { first = 20, tokens = 101, doneAt, ...rest } = over;
  return {
    surface: 'completion',
    route: 'fast',
    outcome: 'used',
    marks: { created: 1000, sent: 1000.5, firstToken: 1000 + first, done: doneAt ?? 1000 + first + 100, outputTokens: tokens },
    ...rest,
  };
}

describe('MetricsStore', () => {
  it('keeps per-series values bounded by its capacity', () => {
    const store = createMetricsStore({ capacity: 10 });
    for (let i = 1; i <= 1000; i++) store.record(sample({ first: i, keystrokeToItemsMs: i }));
    const snap = store.snapshot();
    const ft = snap.firstToken.find((s) => s.key === 'firstToken.completion.fast')!;
    expect(ft.n).toBe(10);
    expect(ft.min).toBe(991);
    expect(snap.keystrokeToGhostText.n).toBe(10);
    expect(snap.recorded).toBe(1000);
    expect(snap.outcomes.completion.used).toBe(1000);
    expect(store.export().samples).toHaveLength(10);
  });

  it('keeps the document-change figure apart from the provider-call figure, each named for what it measures', () => {
    const store = createMetricsStore();
    store.record(sample({ outcome: 'cache', keystrokeToItemsMs: 0.3, changeToItemsMs: 41 }));
    store.record(sample({ outcome: 'typing-through', keystrokeToItemsMs: 0.2 }));
    const snap = store.snapshot();
    expect(snap.keystrokeToGhostText).toMatchObject({ n: 2, label: 'ghost text: provider called → item returned' });
    expect(snap.documentChangeToGhostText).toMatchObject({ n: 1, p50: 41, label: 'ghost text: document change → item returned' });
  });

  it('splits first-token time by surface and route and reports percentiles', () => {
    const store = createMetricsStore();
    for (let i = 1; i <= 100; i++) store.record(sample({ surface: 'chat', route: 'full', first: i }));
    store.record(sample({ surface: 'edit', route: 'fast', first: 7 }));
    const snap = store.snapshot();
    const chatFull = snap.firstToken.find((s) => s.key === 'firstToken.chat.full')!;
    expect(chatFull).toMatchObject({ n: 100, p50: 50, p95: 95, p99: 99, unit: 'ms' });
    expect(chatFull.label).toBe('first token: chat, full model');
    expect(snap.firstToken.find((s) => s.key === 'firstToken.edit.fast')!.p50).toBe(7);
    expect(snap.firstToken.find((s) => s.key === 'firstToken.completion.fast')!.n).toBe(0);
    // Every surface (ghost text, edit, chat, variants, next edit, review), each on both routes.
    expect(snap.firstToken).toHaveLength(14);
    expect(snap.firstToken.find((s) => s.key === 'firstToken.next-edit.fast')!.label).toBe('first token: next edit, fast model');
    expect(snap.firstToken.find((s) => s.key === 'firstToken.review.fast')!.label).toBe('first token: review, fast model');
  });

  it('measures tokens/s of used requests only, and Flint overhead from created to sent', () => {
    const store = createMetricsStore();
    // 101 tokens, 100 ms from first to last: (101 - 1) / 0.1 s = 1000 tokens/s.
    store.record(sample({ tokens: 101 }));
    store.record(sample({ outcome: 'abandoned', tokens: 3, doneAt: 1100 }));
    const snap = store.snapshot();
    expect(snap.tokensPerSecond.find((s) => s.key === 'tps.fast')).toMatchObject({ n: 1, p50: 1000, unit: 'tok/s' });
    expect(snap.sendOverhead).toMatchObject({ n: 2, p50: 0.5 });
  });

  it('lists the models that answered, with where they run, their requests, first token and speed', () => {
    const store = createMetricsStore();
    const local = { name: 'flint-code-6m', local: true };
    store.record(sample({ model: local, tokens: 31, first: 120 }));
    store.record(sample({ model: local, tokens: 31, first: 140 }));
    store.record(sample({ model: local, outcome: 'cache' }));
    store.record(sample({ surface: 'chat', route: 'full', model: { name: 'gpt-5.3-codex', local: false }, first: 400 }));
    store.record(sample({ surface: 'chat' }));
    const [first, second] = store.snapshot().models;
    expect(store.snapshot().models).toHaveLength(2);
    // 31 tokens, 100 ms from first to last: 300 tokens/s.
    expect(first).toMatchObject({ name: 'flint-code-6m', local: true, requests: 2, firstTokenMs: { n: 2, p50: 120 }, tokensPerSecond: { n: 2, p50: 300 } });
    expect(second).toMatchObject({ name: 'gpt-5.3-codex', local: false, requests: 1, firstTokenMs: { p50: 400 } });
  });

  it('counts cache and typing-through hits without treating them as requests', () => {
    const store = createMetricsStore();
    store.record(sample({ keystrokeToItemsMs: 40 }));
    store.record(sample({ outcome: 'cache', keystrokeToItemsMs: 2 }));
    store.record(sample({ outcome: 'typing-through', keystrokeToItemsMs: 1 }));
    store.record(sample({ outcome: 'abandoned' }));
    const snap = store.snapshot();
    expect(snap.completionHitRates).toEqual({ total: 4, cache: 0.25, typingThrough: 0.25 });
    expect(snap.keystrokeToGhostText.n).toBe(3);
    expect(snap.firstToken.find((s) => s.key === 'firstToken.completion.fast')!.n).toBe(2);
    expect(snap.outcomes.completion).toEqual({ used: 1, abandoned: 1, failed: 0, cache: 1, 'typing-through': 1 });
  });

  it('has no hit rates before any ghost text', () => {
    const snap = createMetricsStore().snapshot();
    expect(snap.completionHitRates).toEqual({ total: 0, cache: undefined, typingThrough: undefined });
    expect(snap.lastRequest).toBeUndefined();
  });

  it('remembers the last request that got a first token, copied at record time', () => {
    const store = createMetricsStore();
    const s = sample({ surface: 'chat', first: 33 });
    store.record(s);
    store.record(sample({ outcome: 'cache' }));
    store.record(sample({ outcome: 'failed', marks: { created: 0, outputTokens: 0 } }));
    s.marks.firstToken = 99_999;
    expect(store.lastRequest()).toMatchObject({ surface: 'chat', marks: { firstToken: 1033 } });
  });

  it('drops negative and non-finite durations instead of skewing percentiles', () => {
    const store = createMetricsStore();
    store.record(sample({ keystrokeToItemsMs: -5 }));
    store.record(sample({ keystrokeToItemsMs: Number.NaN }));
    store.record(sample({ marks: { created: 10, firstToken: 5, outputTokens: 1 } }));
    const snap = store.snapshot();
    expect(snap.keystrokeToGhostText.n).toBe(0);
    expect(snap.firstToken.find((s) => s.key === 'firstToken.completion.fast')!.n).toBe(2);
  });

  it('notifies listeners, survives a failing one, and stops after unsubscribe', () => {
    const warnings: string[] = [];
    const log: Logger = { ...silentLogger, warn: (m) => warnings.push(m) };
    const store = createMetricsStore({ log });
    const seen: string[] = [];
    store.onRecord(() => {
      throw new Error('boom');
    });
    const off = store.onRecord((s) => seen.push(s.outcome));
    store.record(sample());
    off();
    store.record(sample({ outcome: 'abandoned' }));
    expect(seen).toEqual(['used']);
    expect(warnings).toEqual(['latency listener failed: Error: boom', 'latency listener failed: Error: boom']);
  });

  it('exports plain JSON with the session start and export time', () => {
    let now = Date.UTC(2025, 0, 2, 3, 4, 5);
    const store = createMetricsStore({ wallClock: () => now });
    store.record(sample());
    now += 60_000;
    const exported = JSON.parse(JSON.stringify(store.export()));
    expect(exported.snapshot.sessionStartedAt).toBe('2025-01-02T03:04:05.000Z');
    expect(exported.exportedAt).toBe('2025-01-02T03:05:05.000Z');
    expect(exported.samples).toHaveLength(1);
    expect(exported.snapshot.firstToken[0].histogram.bins.length).toBeGreaterThan(0);
  });
});

describe('MetricsStore tokens', () => {
  it('reports tokens, the wasted share, today and the estimated cost at the given prices', () => {
    const now = new Date(2026, 10, 26, 14, 30).getTime();
    const store = createMetricsStore({ wallClock: () => now });
    const withUsage = (over: Partial<RequestSample>, input: number, output: number): RequestSample => {
      const s = sample({ ...over, tokens: output });
      return { ...s, marks: { ...s.marks, inputTokens: input } };
    };
    store.record(withUsage({}, 1000, 100));
    store.record(withUsage({ outcome: 'abandoned', purpose: 'speculative' }, 1000, 100));
    store.record(withUsage({ surface: 'chat', outcome: 'cache' }, 5000, 500));
    expect(store.tokensToday()).toMatchObject({ requests: 2, input: 2000, output: 200 });

    const plain = store.snapshot().tokens;
    expect(plain.cost).toBeUndefined();
    expect(plain.total).toMatchObject({ requests: 2, input: 2000, output: 200 });
    expect(plain.wasted).toMatchObject({ requests: 1, input: 1000, output: 100 });
    expect(plain.wastedBy.speculative.requests).toBe(1);
    expect(plain.byHour).toEqual([{ hour: new Date(2026, 10, 26, 14).toISOString(), surfaces: { completion: expect.objectContaining({ requests: 2 }) } }]);

    const priced = store.snapshot({ inputPerMillion: 2, outputPerMillion: 10 }).tokens;
    // 2,000 in at 2/M plus 200 out at 10/M; half of it wasted.
    expect(priced.cost!.total).toBeCloseTo(0.006, 12);
    expect(priced.cost!.today).toBeCloseTo(0.006, 12);
    expect(priced.cost!.wasted).toBeCloseTo(0.003, 12);
  });
});
