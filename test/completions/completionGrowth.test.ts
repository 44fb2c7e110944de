import { describe, expect, it } from 'vitest';
import { engineHarness, request } from './engineHarness';
import { asked } from '../support/fakeModelClient';

const PREFIX = 'function sum(items) {\n  let total = ';
const SUFFIX = '\n';

describe('CompletionEngine: the suggestion grows over the following lines', () => {
  it('tells the editor to ask again once the block has arrived and serves it from the same request', async () => {
    const { engine, client, log, recorded } = engineHarness();
    let grew = 0;
    engine.onGrow(() => grew++);
    const first = engine.provide(request(PREFIX, SUFFIX));
    await asked(client);
    client.last.push('0;\n  for (');
    expect((await first)?.suggestion.text).toBe('0;');
    expect(grew).toBe(0);
    // More lines, but the block goes on: the editor would ask again only once for this text and
    // position, so it is not told yet.
    client.last.push('const x of items) total += x;\n  ret');
    await client.last.taken();
    expect(grew).toBe(0);
    client.last.push('urn total;\n}\n\nfunction next() {');
    await client.last.taken();
    expect(grew).toBe(1);
    // The editor asks again: the whole block comes from the same entry.
    const second = await engine.provide(request(PREFIX, SUFFIX, { explicit: true }));
    expect(second?.suggestion.text).toBe('0;\n  for (const x of items) total += x;\n  return total;\n}');
    client.last.end();
    await recorded();
    expect(grew).toBe(1);
    expect(client.streams.length - log.count('speculative')).toBe(1);
  });

  it('tells the editor when the stream ends before the block does', async () => {
    const { engine, client, recorded } = engineHarness();
    let grew = 0;
    engine.onGrow(() => grew++);
    const first = engine.provide(request(PREFIX, SUFFIX));
    await asked(client);
    client.last.push('0;\n');
    expect((await first)?.suggestion.text).toBe('0;');
    client.last.push('  total += 1;\n');
    await client.last.taken();
    expect(grew).toBe(0);
    client.last.end();
    await recorded();
    expect(grew).toBe(1);
    const second = await engine.provide(request(PREFIX, SUFFIX, { explicit: true }));
    expect(second?.suggestion.text).toBe('0;\n  total += 1;');
  });

  it('does not call a suggestion grown when only part of a line arrived', async () => {
    const { engine, client } = engineHarness();
    let grew = 0;
    engine.onGrow(() => grew++);
    const first = engine.provide(request(PREFIX, SUFFIX));
    await asked(client);
    client.last.push('0;\n');
    await first;
    client.last.push('  for (const x of it');
    await client.last.taken();
    expect(grew).toBe(0);
  });

  for (const [name, indent] of [['spaces', '  '], ['a tab', '\t']] as const) {
    it(`Enter and the indentation (${name}) that agree with the suggestion keep the rest, without a request`, async () => {
      const { engine, client } = engineHarness();
      const prefix = `function f() {\n${indent}let a = `;
      const first = engine.provide(request(prefix, SUFFIX));
      await asked(client);
      client.last.push(`1;\n${indent}let b = 2;\n${indent}return a + b;\n}`);
      expect((await first)?.suggestion.text).toBe(`1;\n${indent}let b = 2;\n${indent}return a + b;`);
      // Typed through the first line, then Enter (the editor adds the indentation).
      const atEnd = await engine.provide(request(`${prefix}1;`, SUFFIX));
      expect(atEnd?.suggestion.text).toBe(`\n${indent}let b = 2;\n${indent}return a + b;`);
      const afterEnter = await engine.provide(request(`${prefix}1;\n${indent}`, SUFFIX));
      expect(afterEnter).toMatchObject({ suggestion: { text: `let b = 2;\n${indent}return a + b;` }, source: 'typing-through' });
      // Enter alone (auto-indent off) agrees too: the suggestion holds the indentation.
      const bare = await engine.provide(request(`${prefix}1;\n`, SUFFIX));
      expect(bare?.suggestion.text).toBe(`${indent}let b = 2;\n${indent}return a + b;`);
      expect(client.streams.length).toBe(1);
    });
  }

  it('keeps serving from the cache after the stream ended, with no second request for received text', async () => {
    const { engine, client, log, recorded } = engineHarness();
    const first = engine.provide(request(PREFIX, SUFFIX));
    await asked(client);
    client.last.push('0;\n  return total;\n}');
    client.last.end();
    await recorded();
    expect((await first)?.suggestion.text.startsWith('0;\n  return total;')).toBe(true);
    const again = await engine.provide(request(PREFIX, SUFFIX, { explicit: true }));
    expect(again?.suggestion.text).toBe('0;\n  return total;\n}');
    const later = await engine.provide(request(`${PREFIX}0;\n  return total;`, SUFFIX));
    expect(later?.suggestion.text).toBe('\n}');
    expect(client.streams.length - log.count('speculative')).toBe(1);
  });

  it('measures from the document change when the request says when it was', async () => {
    const { engine, client, clock } = engineHarness();
    const changedAt = clock.now();
    await clock.advance(7);
    const first = engine.provide(request(PREFIX, SUFFIX, { changedAt }));
    await asked(client);
    client.last.push('0;\n');
    const r = await first;
    expect(r?.timing.sinceChange).toBe(7);
    expect(r?.timing.total).toBe(0);
  });
});
