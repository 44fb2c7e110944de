import { describe, expect, it } from 'vitest';
import { SUBTLE_PAUSE_MS } from '../../src/completions/completionEngine';
import { until } from '../../support/until.mjs';
import { asked } from '../support/fakeModelClient';
import { engineHarness, request } from './engineHarness';

/** Types `text` after `base` one key every `gapMs`, each key cancelling the editor's ask for the one before (as VS Code does). */
async function typeAt(h: ReturnType<typeof engineHarness>, base: string, text: string, gapMs: number) {
  const answers: unknown[] = [];
  let previous: AbortController | undefined;
  for (let i = 1; i <= text.length; i++) {
    previous?.abort();
    const controller = new AbortController();
    previous = controller;
    void h.engine.provide(request(base + text.slice(0, i), '', { signal: controller.signal })).then((r) => answers.push(r));
    await h.waiting();
    await h.clock.advance(gapMs);
  }
  return { answers, last: previous! };
}

describe('flint.completions.eagerness', () => {
  it('subtle: typing at 90 ms a key asks nothing and shows nothing; a pause asks, and the suggestion shows', async () => {
    const h = engineHarness({ eagerness: 'subtle', debounceMs: null });
    const { answers } = await typeAt(h, 'const total = ', 'items.len', 90);
    expect(h.client.streams.length).toBe(0);
    expect(answers.length).toBe('items.len'.length - 1);
    expect(answers.every((a) => a === undefined)).toBe(true);
    // The last key's ask is still waiting: the pause has not run out yet.
    const pending = h.engine.provide(request('const total = items.leng', ''));
    await h.waiting();
    await h.clock.advance(SUBTLE_PAUSE_MS - 1);
    expect(h.client.streams.length).toBe(0);
    await h.clock.advance(1);
    expect(h.client.streams.length).toBe(1);
    h.client.last.push('th;\n');
    h.client.last.end();
    expect(await pending).toMatchObject({ suggestion: { text: 'th;' }, source: 'model' });
  });

  it('subtle: a suggestion the cache holds is not shown while typing, only after the pause', async () => {
    const h = engineHarness({ eagerness: 'subtle' });
    const first = h.engine.provide(request('x = ', '', { explicit: true }));
    await asked(h.client);
    h.client.last.push('compute(a, b);\n');
    h.client.last.end();
    await first;
    const requests = h.client.streams.length;
    // Typing away and back to the same text: the cache could answer at once.
    const again = h.engine.provide(request('x = ', ''));
    let answered = false;
    void again.then(() => (answered = true));
    await h.waiting();
    await h.clock.advance(SUBTLE_PAUSE_MS - 1);
    expect(answered).toBe(false);
    await h.clock.advance(1);
    expect(await again).toMatchObject({ suggestion: { text: 'compute(a, b);' }, source: 'cache' });
    expect(h.client.streams.length).toBe(requests);
  });

  it('subtle: a suggestion on screen goes on while typed through, and an explicit ask (Alt+\\) answers at once', async () => {
    const h = engineHarness({ eagerness: 'subtle' });
    const ask = h.engine.provide(request('let name = ', '', { explicit: true }));
    await asked(h.client);
    expect(h.client.streams.length).toBe(1);
    h.client.last.push('"flint";\n');
    h.client.last.end();
    expect(await ask).toMatchObject({ suggestion: { text: '"flint";' } });
    const typed = await h.engine.provide(request('let name = "fl', ''));
    expect(typed).toMatchObject({ suggestion: { text: 'int";' } });
  });

  it('eager: asks on the key even when the adaptive wait would hold back (a model slower than the typist)', async () => {
    const h = engineHarness({ eagerness: 'eager', debounceMs: null });
    const first = h.engine.provide(request('const name = ', ''));
    await until('the model is asked or the engine waits', () => h.clock.sleeping > 0 || h.client.streams.length > 0);
    await h.clock.advance(300);
    h.client.last.push('"flint-engine";\n');
    h.client.last.end();
    await first;
    for (const t of ['"', '"f', '"fl', '"fli', '"flin', '"flint']) {
      await h.clock.advance(100);
      await h.engine.provide(request(`const name = ${t}`, ''));
    }
    const before = h.log.count('keystroke');
    void h.engine.provide(request('const name = "flintX', ''));
    await until('the keystroke is asked', () => h.log.count('keystroke') > before);
    expect(h.log.count('keystroke')).toBe(before + 1);
  });

  it('normal: the same typist and model wait about one gap', async () => {
    const h = engineHarness({ eagerness: 'normal', debounceMs: null });
    const first = h.engine.provide(request('const name = ', ''));
    await until('the model is asked or the engine waits', () => h.clock.sleeping > 0 || h.client.streams.length > 0);
    await h.clock.advance(300);
    h.client.last.push('"flint-engine";\n');
    h.client.last.end();
    await first;
    for (const t of ['"', '"f', '"fl', '"fli', '"flin', '"flint']) {
      await h.clock.advance(100);
      await h.engine.provide(request(`const name = ${t}`, ''));
    }
    const before = h.log.count('keystroke');
    void h.engine.provide(request('const name = "flintX', ''));
    await h.waiting();
    expect(h.log.count('keystroke')).toBe(before);
  });
});
