import { describe, expect, it } from 'vitest';
import { SUBTLE_PAUSE_MS } from '../../src/completions/completionEngine';
import { until } from '../../support/until.mjs';
import { asked } from '../support/fakeModelClient';
import { engineHarness, request } from './engineHarness';

const PREFIX = 'function area(r) {\n  ';

const askedBesidesSpeculation = (h: ReturnType<typeof engineHarness>) => h.log.count() - h.log.count('speculative');
const SUFFIX = '\n}\n';

describe('CompletionEngine.prefetch', () => {
  it('asks once for the place the cursor arrived at; the first key that agrees is served from it with no request', async () => {
    const h = engineHarness();
    const ready = h.engine.prefetch(request(PREFIX, SUFFIX));
    expect(h.client.streams).toHaveLength(1);
    expect(h.log.count('prefetch')).toBe(1);
    h.client.last.push('return Math.PI * r * r;');
    h.client.last.end();
    expect(await ready).toBe(true);
    // The editor asks for it (Flint's own ask): at once, from what is kept.
    const shown = await h.engine.provide(request(PREFIX, SUFFIX, { explicit: true }));
    expect(shown?.suggestion.text).toBe('return Math.PI * r * r;');
    const typed = await h.engine.provide(request(`${PREFIX}r`, SUFFIX));
    expect(typed?.suggestion.text).toBe('eturn Math.PI * r * r;');
    // Only the shown suggestion's follow-up (the text after accepting it) was asked besides.
    expect(askedBesidesSpeculation(h)).toBe(1);
  });

  it('asks nothing when what is kept or running serves the place', async () => {
    const h = engineHarness();
    const first = h.engine.provide(request(PREFIX, SUFFIX));
    await asked(h.client);
    expect(h.client.streams).toHaveLength(1);
    const ready = h.engine.prefetch(request(PREFIX, SUFFIX));
    h.client.last.push('return 1;');
    h.client.last.end();
    expect(await ready).toBe(true);
    await first;
    expect(await h.engine.prefetch(request(PREFIX, SUFFIX))).toBe(true);
    expect(askedBesidesSpeculation(h)).toBe(1);
    expect(h.log.count('prefetch')).toBe(0);
  });

  it('the cursor leaving cancels the request nothing used; a prefetch elsewhere cancels the one before', async () => {
    const h = engineHarness();
    const left = new AbortController();
    const ready = h.engine.prefetch(request(PREFIX, SUFFIX, { signal: left.signal }));
    left.abort();
    expect(await ready).toBe(false);
    expect(h.client.streams[0].cancelled).toBe(true);
    void h.engine.prefetch(request('const a = ', ';\n'));
    void h.engine.prefetch(request('let b = ', ';\n'));
    expect(h.client.streams[1].cancelled).toBe(true);
    expect(h.client.streams[2].cancelled).toBe(false);
  });

  it('resolves false when the model offers nothing there, and remembers it', async () => {
    const h = engineHarness();
    const ready = h.engine.prefetch(request(PREFIX, SUFFIX));
    h.client.last.end();
    expect(await ready).toBe(false);
    expect(await h.engine.prefetch(request(PREFIX, SUFFIX))).toBe(false);
    expect(h.client.streams).toHaveLength(1);
  });
});

describe('CompletionEngine at the first key of an arrival', () => {
  it('asks at once, with no deliberate wait: there is nothing to type through yet', async () => {
    const h = engineHarness({ debounceMs: 100 });
    void h.engine.provide(request(`${PREFIX}r`, SUFFIX, { arrived: true }));
    await asked(h.client);
    expect(h.client.streams).toHaveLength(1);
    // Any other key waits as the setting says.
    void h.engine.provide(request(`${PREFIX}x`, SUFFIX));
    await until('the debounce wait starts', () => h.clock.sleeping > 0);
    await h.clock.advance(99);
    expect(h.client.streams).toHaveLength(1);
    await h.clock.advance(1);
    expect(h.client.streams).toHaveLength(2);
  });

  it('with subtle eagerness keeps its pause', async () => {
    const h = engineHarness({ eagerness: 'subtle' });
    void h.engine.provide(request(`${PREFIX}r`, SUFFIX, { arrived: true }));
    await until('the pause starts', () => h.clock.sleeping > 0);
    expect(h.client.streams).toHaveLength(0);
    await h.clock.advance(SUBTLE_PAUSE_MS);
    expect(h.client.streams).toHaveLength(1);
  });
});
