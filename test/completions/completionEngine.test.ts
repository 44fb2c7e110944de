import { describe, expect, it } from 'vitest';
import { hostReplied, stillPending } from '../support/fakeClock';
import { until } from '../../support/until.mjs';
import { CompletionEngine } from '../../src/completions/completionEngine';
import { silentLogger } from '../../src/log/logger';
import { engineHarness, request } from './engineHarness';
import { FakeClock } from '../support/fakeClock';
import { asked, FakeModelClient } from '../support/fakeModelClient';
import { ModelError } from '../support/fakeModelClient';

const P = 'function add(a: number, b: number) {\n  return ';

describe('CompletionEngine: early return and the stream into the cache', () => {
  it('returns the first complete line while the stream goes on', async () => {
    const { engine, client } = engineHarness();
    const pending = engine.provide(request(P, '\n}\n'));
    await asked(client);
    const s = client.last;
    s.push('a ');
    s.push('+ b;');
    await s.taken();
    let result: unknown;
    void pending.then((r) => (result = r));
    expect(await stillPending(pending)).toBe(true);
    expect(result).toBeUndefined();
    s.push('\n  // done');
    await until('the suggestion is returned', () => result !== undefined);
    expect(result).toMatchObject({ suggestion: { text: 'a + b;', replaceSuffix: 0 }, source: 'model' });
    expect(s.cancelled).toBe(false);
  });

  it('serves the next line after acceptance from the same stream, without a request', async () => {
    const { engine, client, log, samples } = engineHarness();
    const first = engine.provide(request('const a = 1;\n', ''));
    await asked(client);
    client.last.push('const b = 2;\n');
    await client.last.taken();
    const r1 = await first;
    expect(r1?.suggestion.text).toBe('const b = 2;');
    client.last.push('const c = 3;\n');
    engine.accepted(r1!.entryId);
    client.last.end();
    await until('the request is recorded', () => samples.length === 1);
    const requestsBefore = client.streams.length;
    expect(requestsBefore).toBe(1);
    const r2 = await engine.provide(request('const a = 1;\nconst b = 2;', ''));
    expect(r2).toMatchObject({ suggestion: { text: '\nconst c = 3;' }, source: 'cache' });
    await hostReplied();
    // Only a speculative request for what follows "const c = 3;" was added.
    expect(client.streams.length).toBe(requestsBefore + 1);
    expect(log.count('speculative')).toBe(1);
  });

  it('returns a whole block for an empty block, up to its end', async () => {
    const { engine, client } = engineHarness();
    const pending = engine.provide(request('function f(xs: number[]) {\n  ', '\n}\n'));
    await asked(client);
    let result: { suggestion: { text: string } } | undefined;
    void pending.then((r) => (result = r));
    client.last.push('let total = 0;\n  for (const x of xs) total += x;\n');
    await client.last.taken();
    expect(result).toBeUndefined();
    client.last.push('  return total;\n}\n\nfunction g() {');
    await until('the suggestion is returned', () => result !== undefined);
    expect(result?.suggestion.text).toBe('let total = 0;\n  for (const x of xs) total += x;\n  return total;');
  });

  it('cuts a block at completions.maxLines', async () => {
    const { engine, client } = engineHarness({ maxLines: 2 });
    const pending = engine.provide(request('if (ok) {\n  ', '\n}'));
    await asked(client);
    client.last.push('a();\n  b();\n  c();\n');
    expect((await pending)?.suggestion.text).toBe('a();\n  b();');
  });

  it('returns nothing for an empty reply and does not ask again at the same place', async () => {
    const { engine, client } = engineHarness();
    const pending = engine.provide(request('x', ''));
    await asked(client);
    client.last.end();
    expect(await pending).toBeUndefined();
    expect(await engine.provide(request('x', ''))).toBeUndefined();
    expect(client.streams.length).toBe(1);
  });
});

describe('CompletionEngine: typing through', () => {
  it('keeps serving the visible suggestion as the user types it, with no request', async () => {
    const { engine, client, samples } = engineHarness();
    const pending = engine.provide(request('let name = ', ''));
    await asked(client);
    client.last.push('"flint";\n');
    client.last.end();
    expect((await pending)?.suggestion.text).toBe('"flint";');
    await asked(client, 2);
    // One speculative request for the text after "flint"; typing through adds none.
    expect(client.streams.length).toBe(2);
    for (const typed of ['"', '"f', '"fl', '"fli']) {
      const r = await engine.provide(request(`let name = ${typed}`, ''));
      expect(r).toMatchObject({ suggestion: { text: '"flint";'.slice(typed.length) }, source: 'typing-through' });
    }
    expect(client.streams.length).toBe(2);
    expect(samples.filter((s) => s.outcome === 'typing-through')).toHaveLength(4);
  });

  it('serves a keystroke from a still-running request whose partial text it matches', async () => {
    const { engine, client } = engineHarness();
    void engine.provide(request('const greeting = ', ''));
    await asked(client);
    client.last.push('"hel');
    await client.last.taken();
    const next = engine.provide(request('const greeting = "h', ''));
    expect(await stillPending(next)).toBe(true);
    expect(client.streams.length).toBe(1);
    client.last.push('lo";\n');
    const r = await next;
    expect(r).toMatchObject({ suggestion: { text: 'ello";' }, source: 'typing-through' });
    expect(client.streams.length).toBe(1);
    expect(client.last.cancelled).toBe(false);
  });

  it('keeps partial accepts working: the rest stays cached', async () => {
    const { engine, client } = engineHarness();
    const pending = engine.provide(request('return ', ''));
    await asked(client);
    client.last.push('items.filter(Boolean).length;\n');
    client.last.end();
    const r = await pending;
    await client.last.taken();
    engine.accepted(r!.entryId);
    const requests = client.streams.length;
    const rest = await engine.provide(request('return items.', ''));
    expect(rest?.suggestion.text).toBe('filter(Boolean).length;');
    expect(client.streams.length).toBe(requests);
  });

  it('types through an auto-closed bracket by replacing it', async () => {
    const { engine, client } = engineHarness();
    const pending = engine.provide(request('log', '\n'));
    await asked(client);
    client.last.push('(message);\n');
    client.last.end();
    await pending;
    await client.last.taken();
    const requests = client.streams.length;
    const r = await engine.provide(request('log(', ')\n'));
    expect(r?.suggestion).toEqual({ text: 'message);', replaceSuffix: 1 });
    expect(client.streams.length).toBe(requests);
  });

  it('misses on a different suffix (the key is prefix + exact suffix)', async () => {
    const { engine, client, log } = engineHarness();
    const pending = engine.provide(request('a = ', '\nb = 2'));
    await asked(client);
    client.last.push('1\n');
    client.last.end();
    await pending;
    void engine.provide(request('a = ', '\nb = 3'));
    await asked(client, 2);
    expect(log.count('keystroke')).toBe(2);
    expect(log.count()).toBe(client.streams.length);
  });
});

describe('CompletionEngine: cancellation', () => {
  it('cancels a request the document moved away from and starts the new one without waiting', async () => {
    const { engine, client, clock, samples } = engineHarness();
    void engine.provide(request('const x = ', ''));
    await asked(client);
    client.last.push('compute');
    await client.last.taken();
    const old = client.last;
    const startedAt = clock.now();
    const next = engine.provide(request('const x = 4', ''));
    await until('the old request is cancelled', () => old.cancelled);
    // The new request goes out first, then the old one is cancelled: nothing waits on it.
    expect(client.log).toEqual(['stream #1', 'stream #2', 'cancel #1']);
    expect(client.last.marks.created).toBe(startedAt);
    expect(old.cancelled).toBe(true);
    client.last.push('2;\n');
    expect((await next)?.suggestion.text).toBe('2;');
    expect(client.streams.filter((s) => s.cancelled)).toEqual([old]);
    await until('the abandoned request is recorded', () => samples.some((s) => s.marks === old.marks));
    expect(samples.find((s) => s.marks === old.marks)?.outcome).toBe('abandoned');
  });

  it('keeps a request alive while the user types towards it, and a diverging key cancels it', async () => {
    const { engine, client } = engineHarness();
    const first = engine.provide(request('x = ', ''));
    await asked(client);
    client.last.push('10\n');
    client.last.end();
    await first;
    await asked(client, 2);
    // The suggestion "10" is visible and finished: a speculative request for "x = 10" runs.
    expect(client.streams.length).toBe(2);
    const speculative = client.last;
    await engine.provide(request('x = 1', ''));
    expect(speculative.cancelled).toBe(false);
    void engine.provide(request('x = 2', ''));
    await until('the speculative request is cancelled', () => speculative.cancelled);
    expect(speculative.cancelled).toBe(true);
  });

  it('cancels superseded requests before a debounce wait, freeing their lanes during it', async () => {
    const { engine, client, clock } = engineHarness({ debounceMs: 40 });
    void engine.provide(request('a = ', '', { explicit: true }));
    await asked(client);
    void engine.provide(request('b = ', ''));
    await until('the debounce wait starts', () => clock.sleeping > 0);
    expect(client.log).toEqual(['stream #1', 'cancel #1']);
    await clock.advance(40);
    expect(client.log).toEqual(['stream #1', 'cancel #1', 'stream #2']);
  });

  it('stops waiting for a silent request once the user typed well past it', async () => {
    const { engine, client } = engineHarness();
    void engine.provide(request('v', ''));
    await asked(client);
    const silent = client.last;
    const typing = ['v1', 'v12', 'v123', 'v1234'].map((p) => engine.provide(request(p, '')));
    expect(await stillPending(typing[3]!)).toBe(true);
    expect(silent.cancelled).toBe(false);
    void engine.provide(request('v12345', ''));
    await until('the silent request is cancelled', () => silent.cancelled);
    expect(silent.cancelled).toBe(true);
    expect(client.streams.length).toBe(2);
  });

  it('does not cancel the model stream when the editor drops an answer', async () => {
    const { engine, client } = engineHarness();
    const controller = new AbortController();
    const pending = engine.provide(request('y = ', '', { signal: controller.signal }));
    await asked(client);
    controller.abort();
    expect(await pending).toBeUndefined();
    expect(client.last.cancelled).toBe(false);
  });
});

describe('CompletionEngine: speculation', () => {
  it('asks for the continuation of a shown suggestion, so Tab then the next one is instant', async () => {
    const { engine, client, log, samples } = engineHarness();
    const first = engine.provide(request('import a from "a";\n', ''));
    await asked(client);
    client.last.push('import b from "b";');
    client.last.end();
    const r = await first;
    expect(r?.suggestion.text).toBe('import b from "b";');
    // The answer reaches the editor before the next prompt is built and sent.
    expect(client.streams.length).toBe(1);
    await hostReplied();
    expect(client.streams.length).toBe(2);
    const spec = client.last;
    expect(spec.request.input[0].content).toContain('import b from "b";<|cursor|>');
    spec.push('\nimport c from "c";\n');
    spec.end();
    await until('the speculative request is recorded', () => samples.some((x) => x.marks === spec.marks));
    engine.accepted(r!.entryId);
    const after = await engine.provide(request('import a from "a";\nimport b from "b";', ''));
    expect(after).toMatchObject({ suggestion: { text: '\nimport c from "c";' }, source: 'cache' });
    await hostReplied();
    expect(log.count('speculative')).toBe(2);
  });

  it('does not speculate while the stream still has more text after the shown lines', async () => {
    const { engine, client } = engineHarness();
    const first = engine.provide(request('a();\n', ''));
    await asked(client);
    client.last.push('b();\nc();\nd();');
    expect((await first)?.suggestion.text).toBe('b();\nc();');
    client.last.end();
    await hostReplied();
    expect(client.streams.length).toBe(1);
  });
});

describe('CompletionEngine: debounce', () => {
  it('waits the fixed debounce before asking, and a newer keystroke drops the wait', async () => {
    const { engine, client, clock } = engineHarness({ debounceMs: 50 });
    const c1 = new AbortController();
    const p1 = engine.provide(request('a', '', { signal: c1.signal }));
    await until('the debounce wait starts', () => clock.sleeping > 0);
    await clock.advance(30);
    expect(client.streams.length).toBe(0);
    c1.abort();
    expect(await p1).toBeUndefined();
    void engine.provide(request('ab', ''));
    await until('the debounce wait starts', () => clock.sleeping > 0);
    await clock.advance(49);
    expect(client.streams.length).toBe(0);
    await clock.advance(1);
    expect(client.streams.length).toBe(1);
  });

  it('counts the time since the keystroke toward the debounce, and asks at once when it has passed', async () => {
    const { engine, client, clock } = engineHarness({ debounceMs: 50 });
    // The editor asked 30 ms after the keystroke: 20 ms of the wait are left.
    void engine.provide(request('a', '', { changedAt: clock.now() - 30 }));
    await until('the debounce wait starts', () => clock.sleeping > 0);
    await clock.advance(19);
    expect(client.streams.length).toBe(0);
    await clock.advance(1);
    expect(client.streams.length).toBe(1);
    // A busy host asked only after the whole debounce: no further wait.
    void engine.provide(request('b', '', { changedAt: clock.now() - 80 }));
    await asked(client, 2);
    expect(client.streams.length).toBe(2);
  });

  it('adapts: no wait while the model beats the typist, about one gap when it is slower', async () => {
    const { engine, client, clock, log } = engineHarness({ debounceMs: null });
    const first = engine.provide(request('const name = ', ''));
    await until('the debounce wait starts or the model is asked', () => clock.sleeping > 0 || client.streams.length > 0);
    await clock.advance(300);
    client.last.push('"flint-engine";\n');
    client.last.end();
    await first;
    // The typist types through the suggestion, one key every 100 ms: slower model than typist.
    const typed = '"flint';
    for (let i = 1; i <= typed.length; i++) {
      await clock.advance(100);
      await engine.provide(request(`const name = ${typed.slice(0, i)}`, ''));
    }
    // Keystroke requests only: the speculation after a shown suggestion may go out meanwhile.
    const before = log.count('keystroke');
    void engine.provide(request('const name = "flintX', ''));
    await until('the debounce wait starts', () => clock.sleeping > 0);
    await clock.advance(99);
    expect(log.count('keystroke')).toBe(before);
    await clock.advance(1);
    expect(log.count('keystroke')).toBe(before + 1);
  });

  it('adapts: a model faster than the typist is asked at once', async () => {
    const { engine, client, clock, log } = engineHarness({ debounceMs: null });
    const first = engine.provide(request('let v = ', ''));
    await until('the debounce wait starts or the model is asked', () => clock.sleeping > 0 || client.streams.length > 0);
    await clock.advance(20);
    client.last.push('"abcdef";\n');
    client.last.end();
    await first;
    for (const t of ['"', '"a', '"ab', '"abc', '"abcd']) {
      await clock.advance(150);
      await engine.provide(request(`let v = ${t}`, ''));
    }
    const before = log.count('keystroke');
    void engine.provide(request('let v = "abcdX', ''));
    await until('the keystroke is asked', () => log.count('keystroke') > before);
    expect(log.count('keystroke')).toBe(before + 1);
  });

  it('skips the debounce for an explicit request', async () => {
    const { engine, client } = engineHarness({ debounceMs: 500 });
    void engine.provide(request('a', '', { explicit: true }));
    await asked(client);
    expect(client.streams.length).toBe(1);
  });
});

describe('CompletionEngine: failures and metrics', () => {
  it('pauses new requests after a failure and logs nothing to the user twice', async () => {
    const { engine, client, clock, samples } = engineHarness();
    const p = engine.provide(request('q', ''));
    await asked(client);
    client.last.end('failed', { error: new ModelError('auth', 'bad key') });
    expect(await p).toBeUndefined();
    await until('the failure is recorded', () => samples.length > 0);
    expect(samples.at(-1)?.outcome).toBe('failed');
    expect(await engine.provide(request('qq', ''))).toBeUndefined();
    expect(client.streams.length).toBe(1);
    await clock.advance(15_000);
    void engine.provide(request('qqq', ''));
    await asked(client, 2);
    expect(client.streams.length).toBe(2);
  });

  it('lifts the pause at once when the client is replaced (a new key or settings)', async () => {
    const clock = new FakeClock();
    let client = new FakeModelClient({ now: () => clock.now() });
    const engine = new CompletionEngine({
      client: () => client,
      settings: () => ({ api: 'responses', fimTemplate: 'qwen', maxLines: 30, tokenBudget: 4096, debounceMs: 0 }),
      clock,
      metrics: { record: () => {} },
      log: silentLogger,
    });
    const p = engine.provide(request('q', ''));
    await asked(client);
    client.last.end('failed', { error: new ModelError('auth', 'bad key') });
    await p;
    client = new FakeModelClient({ now: () => clock.now() });
    void engine.provide(request('qq', ''));
    await asked(client);
    expect(client.streams.length).toBe(1);
  });

  it('records keystroke-to-items for a used request when its stream ends', async () => {
    const { engine, client, clock, samples } = engineHarness();
    const p = engine.provide(request('let v = ', ''));
    await clock.advance(7);
    client.last.push('1;\n');
    await p;
    client.last.end();
    await until('the used request is recorded', () => samples.some((s) => s.outcome === 'used'));
    const used = samples.find((s) => s.outcome === 'used');
    expect(used?.keystrokeToItemsMs).toBe(7);
    expect(used?.surface).toBe('completion');
  });
});
