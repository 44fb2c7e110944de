import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/logger';
import type { RequestSample } from '../../src/metrics/requestSample';
import type { EditTarget } from '../../src/rewrite/rewriteTypes';
import type { RouteRequest } from '../../src/router/routeTypes';
import { ModelError } from '../../src/transport/modelError';
import type { CardView } from '../../src/variants/variantCard';
import { VariantsRun } from '../../src/variants/variantsRun';
import { until } from '../../support/until.mjs';
import { FakeModelClient } from '../support/fakeModelClient';

const ORIGINAL = ['function area(w, h) {', '  return w * h;', '}'];

function target(): EditTarget {
  return { startLine: 4, lines: [...ORIGINAL], context: { path: 'src/a.ts', languageId: 'typescript', before: '', after: '' }, files: ['src/a.ts'] };
}

function harness(count = 3, instruction = 'rename w and h') {
  const fast = new FakeModelClient({ model: 'fast-model' });
  const full = new FakeModelClient({ model: 'full-model' });
  const cards = new Map<number, CardView>();
  const texts = new Map<number, string>();
  const samples: RequestSample[] = [];
  const routed: RouteRequest[] = [];
  const timers: { fn: () => void; at: number }[] = [];
  let now = 0;
  const run = new VariantsRun(target(), instruction, count, {
    models: {
      route: (r) => {
        routed.push(r);
        return { target: r.text.startsWith('/deep') ? 'full' : 'fast', reasons: ['single file'], text: r.text.replace(/^\/deep\s*/, '') };
      },
      client: (t) => (t === 'fast' ? fast : full),
      contextTokens: () => 100_000,
    },
    metrics: { record: (s) => samples.push(s) },
    log: silentLogger,
    timers: {
      setTimeout: (fn, ms) => {
        const t = { fn, at: now + ms };
        timers.push(t);
        return t;
      },
      clearTimeout: (h) => {
        const i = timers.indexOf(h as (typeof timers)[number]);
        if (i >= 0) timers.splice(i, 1);
      },
    },
    now: () => now,
    onCard: (c) => cards.set(c.index, c),
    onDelta: (i, _g, t) => texts.set(i, (texts.get(i) ?? '') + t),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.splice(0).filter((x) => x.at <= now)) t.fn();
  };
  return { run, fast, full, cards, texts, samples, routed, advance };
}

describe('VariantsRun', () => {
  it('sends one request per variant at once, each routed, pushed apart by approach and temperature', async () => {
    const h = harness(5);
    h.run.start();
    await until('every variant is asked', () => h.fast.streams.length === 5);
    expect(h.fast.streams).toHaveLength(5);
    expect(h.routed).toHaveLength(5);
    const users = h.fast.streams.map((s) => s.request.input[0].content);
    expect(new Set(users).size).toBe(5);
    expect(users[2]).toMatch(/Instruction: rename w and h\nApproach for this version: readable/);
    const temps = h.fast.streams.map((s) => s.request.temperature);
    expect(new Set(temps).size).toBe(5);
    expect([...h.cards.values()].every((c) => c.status === 'waiting' && c.route === 'fast' && c.reasons[0] === 'single file')).toBe(true);
  });

  it('streams each variant into its own card and ends it done', async () => {
    const h = harness(2);
    h.run.start();
    await until('every variant is asked', () => h.fast.streams.length === 2);
    h.fast.streams[0].push('function area(width, height) {\n', '  return width * height;\n}\n');
    h.fast.streams[1].push('const area = (w, h) =>');
    await h.fast.streams[1].taken();
    expect(h.cards.get(0)!.status).toBe('streaming');
    expect(h.texts.get(1)).toBe('const area = (w, h) =>');
    h.fast.streams[0].end();
    await until('the first variant is done', () => h.cards.get(0)!.status === 'done');
    expect(h.cards.get(0)!.status).toBe('done');
    expect(h.cards.get(1)!.status).toBe('streaming');
  });

  it('picking one cancels the others at once and hands back its complete text', async () => {
    const h = harness(3);
    h.run.start();
    await until('every variant is asked', () => h.fast.streams.length === 3);
    h.fast.streams[1].push('function area(width, height) {\n  return width * height;\n}');
    h.fast.streams[1].end();
    h.fast.streams[0].push('// still going\n');
    await h.fast.streams[0].taken();
    const picked = h.run.pick(1);
    expect(h.fast.streams[0].cancelled).toBe(true);
    expect(h.fast.streams[2].cancelled).toBe(true);
    expect(h.cards.get(0)!.status).toBe('cancelled');
    expect(await picked).toEqual(['function area(width, height) {', '  return width * height;', '}']);
    expect(h.run.openRequests()).toBe(0);
  });

  it('picking one still streaming waits for its end; the others stop at once', async () => {
    const h = harness(2);
    h.run.start();
    await until('every variant is asked', () => h.fast.streams.length === 2);
    h.fast.streams[0].push('function area(a, b) {\n');
    await h.fast.streams[0].taken();
    const picked = h.run.pick(0);
    expect(h.fast.streams[1].cancelled).toBe(true);
    h.fast.streams[0].push('  return a * b;\n}\n');
    h.fast.streams[0].end();
    expect(await picked).toEqual(['function area(a, b) {', '  return a * b;', '}']);
  });

  it('stop all keeps each partial text; a stopped variant picks as its lines plus the original after them', async () => {
    const h = harness(2);
    h.run.start();
    await until('every variant is asked', () => h.fast.streams.length === 2);
    h.fast.streams[0].push('function area(width, height) {\n  return wid');
    await h.fast.streams[0].taken();
    h.run.stopAll();
    expect(h.fast.streams.every((s) => s.cancelled)).toBe(true);
    expect(h.cards.get(0)!.status).toBe('stopped');
    expect(h.cards.get(1)!.status).toBe('stopped');
    expect(h.run.text(0)).toBe('function area(width, height) {\n  return wid');
    expect(await h.run.pick(1)).toBeUndefined();
    expect(await h.run.pick(0)).toEqual(['function area(width, height) {', '  return w * h;', '}']);
  });

  it('one failure marks only its card failed; retry starts it again', async () => {
    const h = harness(2);
    h.run.start();
    await until('every variant is asked', () => h.fast.streams.length === 2);
    h.fast.streams[0].push('x');
    h.fast.streams[0].end('failed', { error: new ModelError('server', 'The server had an error') });
    await until('the first variant failed', () => h.cards.get(0)!.status === 'failed');
    expect(h.cards.get(0)!.status).toBe('failed');
    expect(h.cards.get(0)!.note).toMatch(/server had an error/);
    expect(h.cards.get(1)!.status).toBe('waiting');
    h.run.retry(0);
    await until('the variant is asked again', () => h.fast.streams.length === 3);
    expect(h.fast.streams).toHaveLength(3);
    expect(h.cards.get(0)!.status).toBe('waiting');
    expect(h.cards.get(0)!.generation).toBe(1);
    expect(h.samples.filter((s) => s.outcome === 'failed' && s.surface === 'variants')).toHaveLength(1);
  });

  it('a 429 queues the refused variant and starts it when another ends, after the retry-after', async () => {
    const h = harness(3);
    h.run.start();
    await until('every variant is asked', () => h.fast.streams.length === 3);
    h.fast.streams[2].end('failed', { error: new ModelError('rate_limit', 'Too many requests (429)', { status: 429, retryAfterMs: 50 }) });
    await until('the refused variant is queued', () => h.cards.get(2)!.status === 'queued');
    expect(h.cards.get(2)!.status).toBe('queued');
    expect(h.cards.get(2)!.note).toMatch(/refused parallel requests/);
    h.advance(60);
    // Two already run: the limit is now two, so it waits for one of them.
    expect(h.fast.streams).toHaveLength(3);
    h.fast.streams[0].push('done\n');
    h.fast.streams[0].end();
    await until('the queued variant starts', () => h.fast.streams.length === 4);
    expect(h.fast.streams).toHaveLength(4);
    expect(h.cards.get(2)!.status).toBe('waiting');
  });

  it('an endpoint refusing a temperature gets the variant again without one, and no later one has it', async () => {
    const h = harness(2);
    h.run.start();
    await until('every variant is asked', () => h.fast.streams.length === 2);
    h.fast.streams[0].end('failed', { error: new ModelError('bad_request', "Unsupported parameter: 'temperature'") });
    await until('the variant is asked again', () => h.fast.streams.length === 3);
    expect(h.fast.streams).toHaveLength(3);
    expect(h.fast.streams[2].request.temperature).toBeUndefined();
    expect(h.cards.get(0)!.status).toBe('waiting');
  });

  it('redirect restarts every variant with its partial output as the earlier attempt', async () => {
    const h = harness(2);
    h.run.start();
    await until('every variant is asked', () => h.fast.streams.length === 2);
    h.fast.streams[0].push('// partial zero\n');
    await h.fast.streams[0].taken();
    h.run.redirect('use arrow functions');
    await until('every variant is asked again', () => h.fast.streams.length === 4);
    expect(h.fast.streams[0].cancelled).toBe(true);
    expect(h.fast.streams).toHaveLength(4);
    const again = h.fast.streams[2].request.input[0].content;
    expect(again).toMatch(/earlier rewrite for the instruction "rename w and h"[\s\S]*\/\/ partial zero[\s\S]*Instruction: use arrow functions/);
    expect(h.fast.streams[3].request.input[0].content).not.toMatch(/earlier rewrite/);
    expect(h.cards.get(0)!.instruction).toBe('use arrow functions');
  });

  it('redirecting only the focused variant leaves the others running', async () => {
    const h = harness(3);
    h.run.start();
    await until('every variant is asked', () => h.fast.streams.length === 3);
    h.run.redirect('shorter', 1);
    await until('the focused variant is asked again', () => h.fast.streams.length === 4);
    expect(h.fast.streams.map((s) => s.cancelled)).toEqual([false, true, false, false]);
    expect(h.cards.get(0)!.instruction).toBe('rename w and h');
  });

  it('a /deep instruction goes to the full model and says so on every card', async () => {
    const h = harness(2, '/deep rename');
    h.run.start();
    await until('every variant is asked', () => h.full.streams.length === 2);
    expect(h.full.streams).toHaveLength(2);
    expect([...h.cards.values()].every((c) => c.route === 'full' && c.model === 'full-model')).toBe(true);
  });

  it('dispose cancels every request and leaves none open', async () => {
    const h = harness(4);
    h.run.start();
    await until('every variant is asked', () => h.fast.streams.length === 4);
    h.run.dispose();
    expect(h.fast.streams.every((s) => s.cancelled)).toBe(true);
    expect(h.run.openRequests()).toBe(0);
  });
});
