import { describe, expect, it } from 'vitest';
import { hostReplied } from '../support/fakeClock';
import { asked } from '../support/fakeModelClient';
import { engineHarness, request } from './engineHarness';

/** Inside a loop: the answer here ends at the loop's closer (a block's end). */
const P = 'function width(line) {\n  let w = 0;\n  for (const c of line) {\n    w++;';

/** Shows the answer that ends at the closer, and lets the request for what follows it end with `after`. */
async function closerThenAfter(after: string, h = engineHarness()) {
  const first = h.engine.provide(request(P));
  await asked(h.client);
  h.client.last.push('\n  }');
  h.client.last.end();
  const shown = await first;
  expect(shown?.suggestion.text).toBe('\n  }');
  await hostReplied();
  expect(h.client.streams).toHaveLength(2);
  expect(h.log.count('speculative')).toBe(1);
  h.client.last.push(after);
  h.client.last.end();
  await h.recorded();
  return h;
}

describe('A suggestion that ends where its answer ends', () => {
  it('goes on with the answer kept for the state after it: typing through keeps the following lines, with no request', async () => {
    const h = await closerThenAfter('\n  return w;\n}');
    const asked = h.client.streams.length;
    // Enter, then the closer's indentation: the closer and the lines after it stay shown.
    const enter = await h.engine.provide(request(`${P}\n`));
    expect(enter).toMatchObject({ suggestion: { text: '  }\n  return w;\n}' }, source: 'typing-through' });
    const typed = await h.engine.provide(request(`${P}\n  `));
    expect(typed?.suggestion.text).toBe('}\n  return w;\n}');
    expect(h.client.streams).toHaveLength(asked);
  });

  it('keeps the following lines while the closer itself is typed (the rest of its line no longer starts with it)', async () => {
    const h = engineHarness();
    const listener = 'function watch() {\n  window.addEventListener("keydown", () => {\n    seen++;';
    const first = h.engine.provide(request(listener));
    await hostReplied();
    h.client.last.push('\n  }, true);');
    h.client.last.end();
    expect((await first)?.suggestion.text).toBe('\n  }, true);');
    await hostReplied();
    h.client.last.push('\n  return seen;\n}');
    h.client.last.end();
    await hostReplied();
    const asked = h.client.streams.length;
    const closer = await h.engine.provide(request(`${listener}\n  }`));
    expect(closer).toMatchObject({ suggestion: { text: ', true);\n  return seen;\n}' }, source: 'typing-through' });
    const typed = await h.engine.provide(request(`${listener}\n  }, tr`));
    expect(typed?.suggestion.text).toBe('ue);\n  return seen;\n}');
    expect(h.client.streams).toHaveLength(asked);
  });

  it('tells the editor to ask again once that answer comes, while the suggestion is still shown', async () => {
    const h = engineHarness();
    let grew = 0;
    h.engine.onGrow(() => grew++);
    await closerThenAfter('\n  return w;\n}', h);
    expect(grew).toBe(1);
    // The editor's ask again: the same state, the suggestion continued.
    const again = await h.engine.provide(request(P, '', { explicit: true }));
    expect(again?.suggestion.text).toBe('\n  }\n  return w;\n}');
  });

  // Each ends at the closer; what the request after it brings does not continue it.
  const notContinued = [
    { name: 'is not continued by an empty answer', after: '' },
    { name: 'is not continued along its own line (only by lines of their own)', after: ' // end of loop' },
  ];
  for (const { name, after } of notContinued) {
    it(name, async () => {
      const h = await closerThenAfter(after);
      expect((await h.engine.provide(request(`${P}\n`)))?.suggestion.text).toBe('  }');
    });
  }

  it('is not continued while its own answer has more after it', async () => {
    const g = engineHarness({ maxLines: 2 });
    const first = g.engine.provide(request('a();\n'));
    await asked(g.client);
    g.client.last.push('b();\nc();\nd();');
    g.client.last.end();
    expect((await first)?.suggestion.text).toBe('b();\nc();');
    await hostReplied();
    // Its own answer goes on (d();): nothing is asked for after the shown lines, nothing continues them.
    expect(g.client.streams).toHaveLength(1);
  });

  it('stays within completions.maxLines in all', async () => {
    const h = await closerThenAfter('\n  return w;\n}\n\nfunction next() {}', engineHarness({ maxLines: 3 }));
    const enter = await h.engine.provide(request(`${P}\n`));
    expect(enter?.suggestion.text.split('\n').length).toBeLessThanOrEqual(3);
    expect(enter?.suggestion.text.startsWith('  }\n  return w;')).toBe(true);
  });
});

describe('A suggestion continued only past a closer', () => {
  it('is not continued when it ends elsewhere than at a block\'s closer', async () => {
    const h = engineHarness();
    const first = h.engine.provide(request('export interface Limits '));
    await asked(h.client);
    h.client.last.push('{');
    h.client.last.end();
    expect((await first)?.suggestion.text).toBe('{');
    await hostReplied();
    h.client.last.push('\n}');
    h.client.last.end();
    await h.recorded();
    expect((await h.engine.provide(request('export interface Limits ', '', { explicit: true })))?.suggestion.text).toBe('{');
  });

  it('goes on over one answer after it, not the answers after that', async () => {
    const h = await closerThenAfter('\n  return w;\n}');
    expect((await h.engine.provide(request(P, '', { explicit: true })))?.suggestion.text).toBe('\n  }\n  return w;\n}');
    await hostReplied();
    h.client.last.push('\n\nfunction next() {}');
    h.client.last.end();
    await h.recorded();
    expect((await h.engine.provide(request(P, '', { explicit: true })))?.suggestion.text).toBe('\n  }\n  return w;\n}');
  });
});
