import { describe, expect, it } from 'vitest';
import { GhostTextAlternatives } from '../../src/completions/ghostTextAlternatives';
import type { CompletionRequest } from '../../src/completions/completionTypes';
import { until } from '../../support/until.mjs';
import { asked, ModelError, type FakeModelClient } from '../support/fakeModelClient';
import { engineHarness, request } from './engineHarness';

const PREFIX = 'const items = [3, 4];\nlet total = ';

function setup(count = 3) {
  const h = engineHarness();
  const settings = { count };
  const cycling = new GhostTextAlternatives({ engine: h.engine, count: () => settings.count });
  return { ...h, cycling, settings };
}

/** Answers the newest stream with `text` and ends it. */
async function answer(client: FakeModelClient, text: string, index = client.streams.length - 1): Promise<void> {
  await until('the request is out', () => client.streams[index] !== undefined);
  client.streams[index].push(text);
  client.streams[index].end();
}

/** Shows the first suggestion the way typing does (an automatic ask), speculation settled. */
async function shown(h: ReturnType<typeof setup>, text = 'items.length;\n') {
  const first = h.cycling.provide(request(PREFIX), false);
  await answer(h.client, text, 0);
  const results = await first;
  // The shown suggestion's continuation is asked for, as after any shown suggestion.
  await asked(h.client, 2);
  return results;
}

const cycle = (extra: Partial<CompletionRequest> = {}) => request(PREFIX, '', { explicit: true, ...extra });
const bodies = (client: FakeModelClient) => client.streams.map((s) => JSON.stringify(s.request));

describe('GhostTextAlternatives: typing', () => {
  it('sends exactly what the engine alone sends, keystroke by keystroke, and never a temperature', async () => {
    const typed = ['let total = ', 'let total = i', 'let total = it', 'let total = ite'];
    const run = async (withAlternatives: boolean) => {
      const h = setup(3);
      const out: string[] = [];
      for (const [i, prefix] of typed.entries()) {
        const req = request(`const items = [3, 4];\n${prefix}`);
        const p = withAlternatives ? h.cycling.provide(req, false) : h.engine.provide(req).then((r) => (r ? [r] : []));
        if (i === 0) await answer(h.client, 'items.length;\n', 0);
        const results = await p;
        out.push(results.map((r) => r.suggestion.text).join('|'));
      }
      return { h, out };
    };
    const bare = await run(false);
    const wrapped = await run(true);
    expect(wrapped.out).toEqual(bare.out);
    expect(wrapped.out).toEqual(['items.length;', 'tems.length;', 'ems.length;', 'ms.length;']);
    expect(bodies(wrapped.h.client)).toEqual(bodies(bare.h.client));
    expect(wrapped.h.client.streams.every((s) => s.request.temperature === undefined)).toBe(true);
    expect(wrapped.h.log.count('alternative')).toBe(0);
  });

  it('an explicit ask Flint made itself (cycle false) sends no alternative', async () => {
    const h = setup(3);
    await shown(h);
    const before = h.client.streams.length;
    const results = await h.cycling.provide(cycle(), false);
    expect(results.map((r) => r.suggestion.text)).toEqual(['items.length;']);
    expect(h.client.streams.length).toBe(before);
  });
});

describe('GhostTextAlternatives: cycling', () => {
  it('keeps the shown suggestion first and asks for two alternatives in parallel, pushed apart by temperature', async () => {
    const h = setup(3);
    await shown(h);
    const before = h.client.streams.length;
    const primaryBody = h.client.streams[0].request;
    const pending = h.cycling.provide(cycle(), true);
    await asked(h.client, before + 2);
    // Both are out before either answers.
    expect(h.client.streams.length).toBe(before + 2);
    const [a, b] = h.client.streams.slice(before);
    expect([a.request.temperature, b.request.temperature]).toEqual([0.6, 1]);
    expect(a.request.input).toEqual(primaryBody.input);
    expect(a.request.instructions).toBe(primaryBody.instructions);
    await answer(h.client, 'items.length + 1;\n', before + 1);
    await answer(h.client, 'items[0] + items[1];\n', before);
    const results = await pending;
    expect(results.map((r) => r.suggestion.text)).toEqual(['items.length;', 'items[0] + items[1];', 'items.length + 1;']);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(3);
    expect(h.log.count('alternative')).toBe(2);
  });

  it('drops alternatives identical to the shown one or to each other', async () => {
    const h = setup(3);
    await shown(h);
    const before = h.client.streams.length;
    const pending = h.cycling.provide(cycle(), true);
    await answer(h.client, 'items.length;\n', before);
    await answer(h.client, 'items.length;  \n', before + 1);
    expect((await pending).map((r) => r.suggestion.text)).toEqual(['items.length;']);

    const again = setup(3);
    await shown(again);
    const from = again.client.streams.length;
    const p2 = again.cycling.provide(cycle(), true);
    await answer(again.client, 'items.at(-1);\n', from);
    await answer(again.client, 'items.at(-1);\n', from + 1);
    expect((await p2).map((r) => r.suggestion.text)).toEqual(['items.length;', 'items.at(-1);']);
  });

  it('asking again at the same place (growth, the next cycle, typing back) sends nothing and keeps the set', async () => {
    const h = setup(3);
    await shown(h);
    const before = h.client.streams.length;
    const pending = h.cycling.provide(cycle(), true);
    await answer(h.client, 'items.length * 2;\n', before);
    await answer(h.client, '0;\n', before + 1);
    const first = (await pending).map((r) => r.suggestion.text);
    const count = h.client.streams.length;
    expect((await h.cycling.provide(cycle(), true)).map((r) => r.suggestion.text)).toEqual(first);
    expect((await h.cycling.provide(cycle(), false)).map((r) => r.suggestion.text)).toEqual(first);
    expect((await h.cycling.provide(request(PREFIX), false)).map((r) => r.suggestion.text)).toEqual(first);
    expect(h.client.streams.length).toBe(count);
  });

  it('typing on after cycling is answered by the shown suggestion, never by an alternative', async () => {
    const h = setup(3);
    await shown(h);
    const before = h.client.streams.length;
    const pending = h.cycling.provide(cycle(), true);
    await answer(h.client, 'items.map(String);\n', before);
    await answer(h.client, 'items.length - 1;\n', before + 1);
    await pending;
    const count = h.client.streams.length;
    const typed = await h.cycling.provide(request(`${PREFIX}items.`), false);
    expect(typed.map((r) => r.suggestion.text)).toEqual(['length;']);
    expect(h.client.streams.length).toBe(count);
  });

  it('cancelling the ask cancels both alternative requests at once', async () => {
    const h = setup(3);
    await shown(h);
    const before = h.client.streams.length;
    const controller = new AbortController();
    const pending = h.cycling.provide(cycle({ signal: controller.signal }), true);
    await asked(h.client, before + 1);
    h.client.streams[before].push('items');
    controller.abort();
    expect(await pending).toEqual([]);
    expect(h.client.streams.slice(before).map((s) => s.cancelled)).toEqual([true, true]);
    expect(h.client.log.slice(-2)).toEqual([`cancel #${before + 1}`, `cancel #${before + 2}`]);
  });

  it('follows flint.completions.alternatives: 1 asks for none, 2 for one, more than 3 for two', async () => {
    for (const [count, extra] of [[1, 0], [2, 1], [9, 2]] as const) {
      const h = setup(count);
      await shown(h);
      const before = h.client.streams.length;
      const pending = h.cycling.provide(cycle(), true);
      await asked(h.client, before + extra);
      expect(h.client.streams.length - before).toBe(extra);
      for (let i = 0; i < extra; i++) await answer(h.client, `alt${i};\n`, before + i);
      expect((await pending).length).toBe(1 + extra);
    }
  });

  it('nothing shown: no alternatives are asked for', async () => {
    const h = setup(3);
    const pending = h.cycling.provide(cycle(), true);
    await answer(h.client, '', 0);
    expect(await pending).toEqual([]);
    expect(h.client.streams.length).toBe(1);
  });

  it('an endpoint that refuses a temperature: no pause of ghost text, the next cycle asks without one', async () => {
    const h = setup(2);
    await shown(h);
    const before = h.client.streams.length;
    const pending = h.cycling.provide(cycle(), true);
    await asked(h.client, before + 1);
    h.client.streams[before].end('failed', { error: new ModelError('bad_request', "Unsupported parameter: 'temperature'") });
    expect((await pending).length).toBe(1);
    // Typing still gets a request at once.
    const typing = h.cycling.provide(request(`${PREFIX}0`), false);
    await asked(h.client, before + 2);
    expect(h.client.streams.length).toBe(before + 2);
    await answer(h.client, ';\n', before + 1);
    await typing;
    const retry = h.cycling.provide(cycle(), true);
    await asked(h.client, before + 4);
    // Back at the shown suggestion the engine speculates again as it always does; then the alternative.
    expect(h.log.count('alternative')).toBe(2);
    // The requests are logged as they go out: the last alternative's stream is at its place in the log.
    const alternative = h.log.requests.map((r) => r.kind).lastIndexOf('alternative');
    expect(h.client.streams[alternative].request.temperature).toBeUndefined();
    await answer(h.client, 'items.pop();\n', alternative);
    expect((await retry).map((r) => r.suggestion.text)).toEqual(['items.length;', 'items.pop();']);
  });

  it('a failed alternative leaves the others', async () => {
    const h = setup(3);
    await shown(h);
    const before = h.client.streams.length;
    const pending = h.cycling.provide(cycle(), true);
    await asked(h.client, before + 2);
    h.client.streams[before].fail();
    await answer(h.client, 'items.length ** 2;\n', before + 1);
    expect((await pending).map((r) => r.suggestion.text)).toEqual(['items.length;', 'items.length ** 2;']);
  });
});
