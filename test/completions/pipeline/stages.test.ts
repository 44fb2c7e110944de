import { describe, expect, it } from 'vitest';
import { askModel } from '../../../src/completions/pipeline/askModel';
import { debounce, debounceWait } from '../../../src/completions/pipeline/debounce';
import { reuseInFlight } from '../../../src/completions/pipeline/reuseInFlight';
import { reuseKept } from '../../../src/completions/pipeline/reuseKept';
import { ModelError } from '../../support/fakeModelClient';
import { until } from '../../../support/until.mjs';
import { request } from '../engineHarness';
import { stageHarness } from './stageHarness';

const P = 'const total = ';

describe('ghost text stages', () => {
  it('reuseKept serves a finished entry the typing agrees with, and says it came from the cache', async () => {
    const h = stageHarness();
    const k0 = h.keystroke(P, '\n');
    h.requests.start(k0.req, k0.place, 'keystroke');
    h.client.last.push('items.length;\n');
    h.client.last.end();
    await until('the request is recorded', () => h.samples.length === 1);
    const stop = await reuseKept(h.parts, h.keystroke(`${P}items`, '\n'));
    expect(stop).toMatchObject({ why: 'cache', result: { suggestion: { text: '.length;' }, source: 'cache' } });
    expect(h.samples.filter((s) => s.outcome === 'cache')).toHaveLength(1);
  });

  it('reuseKept stops where the model already said nothing fits, and leaves a running request to reuseInFlight', async () => {
    const h = stageHarness();
    const empty = h.keystroke('x', '');
    h.requests.start(empty.req, empty.place, 'keystroke');
    h.client.last.end();
    await until('the request is recorded', () => h.samples.length === 1);
    expect(await reuseKept(h.parts, h.keystroke('x', ''))).toEqual({ why: 'nothing-here' });

    const k0 = h.keystroke(P, '\n');
    const entry = h.requests.start(k0.req, k0.place, 'keystroke');
    h.client.last.push('items.len');
    await h.client.last.taken();
    const k = h.keystroke(`${P}items`, '\n');
    expect(await reuseKept(h.parts, k)).toBeUndefined();
    expect(k.pending).toBe(entry);
    const waiting = reuseInFlight(h.parts, k);
    h.client.last.push('gth;\n');
    expect(await waiting).toMatchObject({ why: 'typing-through', result: { suggestion: { text: '.length;' } } });
  });

  it('reuseInFlight goes on (and cancels the request) when the stream diverges from the typing', async () => {
    const h = stageHarness();
    const k0 = h.keystroke(P, '\n');
    const entry = h.requests.start(k0.req, k0.place, 'keystroke');
    h.client.last.push('it');
    await h.client.last.taken();
    // Typed ahead of the stream, agreeing with it so far: worth waiting for.
    const k = h.keystroke(`${P}itemx`, '\n');
    expect(await reuseKept(h.parts, k)).toBeUndefined();
    expect(k.pending).toBe(entry);
    const waiting = reuseInFlight(h.parts, k);
    h.client.last.push('ems.length;\n');
    expect(await waiting).toBeUndefined();
    expect(h.client.last.cancelled).toBe(true);
  });

  it('debounceWait: nothing for an explicit ask, and the time since the change counts toward it', () => {
    expect(debounceWait(request('a'), 100, 0)).toBe(100);
    expect(debounceWait(request('a', '', { explicit: true }), 100, 0)).toBe(0);
    expect(debounceWait(request('a', '', { changedAt: 10 }), 100, 40)).toBe(70);
    expect(debounceWait(request('a', '', { changedAt: 0 }), 100, 400)).toBe(0);
  });

  it('debounce waits, then looks again; a newer keystroke stops it', async () => {
    const h = stageHarness({ debounceMs: 50 });
    const k = h.keystroke(P, '\n');
    const waiting = debounce(h.parts, k);
    await h.clock.advance(50);
    expect(await waiting).toBeUndefined();
    expect(k.debounced).toBe(50);

    const controller = new AbortController();
    const k2 = h.keystroke(P, '\n', { signal: controller.signal });
    const stopped = debounce(h.parts, k2);
    controller.abort();
    expect(await stopped).toEqual({ why: 'superseded' });
  });

  it('askModel: only the newest keystroke asks, never while requests pause after a failure', async () => {
    const h = stageHarness();
    const older = h.keystroke(P, '\n');
    h.keystroke(`${P}i`, '\n');
    expect(await askModel(h.parts, older)).toEqual({ why: 'superseded' });
    expect(h.client.streams).toHaveLength(0);

    const k = h.keystroke(P, '\n');
    const asked = askModel(h.parts, k);
    await until('the model is asked', () => h.client.streams.length > 0);
    h.client.last.end('failed', { error: new ModelError('auth', 'bad key') });
    expect(await asked).toEqual({ why: 'no-suggestion' });
    expect(await askModel(h.parts, h.keystroke(P, '\n'))).toEqual({ why: 'paused' });
    expect(h.client.streams).toHaveLength(1);
  });

  it('askModel serves the first complete line as the model\'s, timed from the keystroke', async () => {
    const h = stageHarness();
    const k = h.keystroke(P, '\n', { changedAt: h.clock.now() - 5 });
    const asked = askModel(h.parts, k);
    await until('the model is asked', () => h.client.streams.length > 0);
    h.client.last.push('0;\n');
    const stop = await asked;
    expect(stop).toMatchObject({ why: 'model', result: { source: 'model', suggestion: { text: '0;' } } });
    expect(stop.result?.timing.sinceChange).toBe(5);
  });

  it('a stage that decides at once answers without a promise; one that waits returns one', async () => {
    const h = stageHarness({ debounceMs: 50 });
    const k = h.keystroke(P, '\n');
    expect(reuseKept(h.parts, k)).toBeUndefined();
    expect(reuseInFlight(h.parts, k)).toBeUndefined();
    expect(debounce(h.parts, h.keystroke(P, '\n', { explicit: true }))).toBeUndefined();
    const pausing = debounce(h.parts, h.keystroke(P, '\n'));
    expect(pausing).toBeInstanceOf(Promise);
    await h.clock.advance(50);
    expect(await pausing).toBeUndefined();
    const older = h.keystroke(P, '\n');
    h.keystroke(`${P}i`, '\n');
    expect(askModel(h.parts, older)).toEqual({ why: 'superseded' });
    expect(askModel(h.parts, h.keystroke(P, '\n'))).toBeInstanceOf(Promise);
  });
});
