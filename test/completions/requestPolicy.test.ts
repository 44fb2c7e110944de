import { describe, expect, it } from 'vitest';
import { stillPending } from '../support/fakeClock';
import { until } from '../../support/until.mjs';
import { asked } from '../support/fakeModelClient';
import { engineHarness, request } from './engineHarness';

// No request for what Flint already holds: every answer kept or streaming is checked first (the
// one asked where the cursor arrived included), and no document state is asked for twice.
const LINE = '  const total = ';
const SUFFIX = '\n}\n';

describe('Ghost-text requests: nothing asked for what is held', () => {
  it('the first keys after an arrival wait on its streaming request, however early they come', async () => {
    const h = engineHarness({ debounceMs: 50 });
    void h.engine.prefetch(request(LINE, SUFFIX));
    expect(h.client.streams).toHaveLength(1);
    // Two keys before its first token: the typing agrees with it so far.
    const first = h.engine.provide(request(`${LINE}i`, SUFFIX, { arrived: true }));
    const second = h.engine.provide(request(`${LINE}it`, SUFFIX));
    await h.clock.advance(200);
    expect(h.client.streams).toHaveLength(1);
    h.client.last.push('items.reduce((n, x) => n + x, 0);');
    h.client.last.end();
    expect((await first)?.suggestion.text).toBe('tems.reduce((n, x) => n + x, 0);');
    expect((await second)?.suggestion.text).toBe('ems.reduce((n, x) => n + x, 0);');
    expect(h.log.count('keystroke')).toBe(0);
  });

  it('a state asked for again (the editor dropped its first ask) gets the running request, not a second one', async () => {
    const h = engineHarness();
    const dropped = new AbortController();
    const first = h.engine.provide(request(LINE, SUFFIX, { signal: dropped.signal }));
    await asked(h.client);
    dropped.abort();
    expect(await first).toBeUndefined();
    const again = h.engine.provide(request(LINE, SUFFIX));
    expect(await stillPending(again)).toBe(true);
    expect(h.client.streams).toHaveLength(1);
    h.client.last.push('0;\n');
    expect((await again)?.suggestion.text).toBe('0;');
    expect(h.client.streams).toHaveLength(1);
  });

  it('an explicit ask (no debounce) where a finished answer covers the state sends nothing', async () => {
    const h = engineHarness({ debounceMs: 80 });
    void h.engine.prefetch(request(LINE, SUFFIX));
    h.client.last.push('items.length;');
    h.client.last.end();
    await until('the prefetch is recorded', () => h.samples.length === 1);
    const shown = await h.engine.provide(request(`${LINE}item`, SUFFIX, { explicit: true }));
    expect(shown).toMatchObject({ suggestion: { text: 's.length;' }, source: 'cache' });
    expect(h.log.count() - h.log.count('speculative')).toBe(1);
  });

  it('a state whose answer was nothing is not asked for again, by a key or an explicit ask', async () => {
    const h = engineHarness();
    const first = h.engine.provide(request(LINE, SUFFIX));
    await asked(h.client);
    h.client.last.end();
    expect(await first).toBeUndefined();
    expect(await h.engine.provide(request(LINE, SUFFIX))).toBeUndefined();
    expect(await h.engine.provide(request(LINE, SUFFIX, { explicit: true }))).toBeUndefined();
    expect(h.client.streams).toHaveLength(1);
  });

  it('typing on through a streaming answer asks nothing new at any key', async () => {
    const h = engineHarness({ debounceMs: 30 });
    void h.engine.provide(request(LINE, SUFFIX));
    await h.clock.advance(50);
    h.client.last.push('items');
    const text = 'items.map((x) => x * 2);';
    const typed: Promise<unknown>[] = [];
    for (let k = 1; k <= 4; k++) {
      typed.push(h.engine.provide(request(LINE + text.slice(0, k), SUFFIX)));
      await h.clock.advance(100);
    }
    h.client.last.push('.map((x) => x * 2);');
    h.client.last.end();
    await Promise.all(typed);
    expect(h.log.count('keystroke')).toBe(1);
  });
});
