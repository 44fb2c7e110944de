import { describe, expect, it } from 'vitest';
import { CompletionCache, stillRelevant, suffixVariants } from '../../src/completions/completionCache';
import { CompletionEntry } from '../../src/completions/completionEntry';
import { cursorPlace } from '../../src/completions/cursorPlace';

let nextId = 1;
function entry(prefix: string, suffix: string, text: string, running = false): CompletionEntry {
  const e = new CompletionEntry(nextId++, prefix, suffix, { kind: 'line' }, (raw) => raw);
  e.append(text, 0);
  if (!running) e.finish({ status: 'completed', text, outputTokens: 1 }, 0);
  return e;
}

describe('CompletionCache', () => {
  it('finds an entry whose completion the typed text follows, longest prefix first', () => {
    const cache = new CompletionCache();
    const short = entry('const a', '', ' = compute();');
    const long = entry('const a = ', '', 'compute() + 1;');
    cache.add(short);
    cache.add(long);
    const hits = cache.lookup('const a = comp', '');
    expect(hits.map((h) => [h.entry.id, h.typed])).toEqual([
      [long.id, 'comp'],
      [short.id, ' = comp'],
    ]);
  });

  it('ignores entries whose completion the typed text contradicts', () => {
    const cache = new CompletionCache();
    cache.add(entry('x = ', '', '42;'));
    expect(cache.lookup('x = 7', '')).toEqual([]);
  });

  it('requires the exact suffix', () => {
    const cache = new CompletionCache();
    cache.add(entry('f(', '\nnext', 'a);'));
    expect(cache.lookup('f(', '\nother')).toEqual([]);
    expect(cache.lookup('f(a', '\nnext')).toHaveLength(1);
  });

  it('also matches when the editor auto-closed a bracket after the cursor', () => {
    expect(suffixVariants(')]\nrest')).toEqual([')]\nrest', ']\nrest', '\nrest']);
    const cache = new CompletionCache();
    cache.add(entry('g', '\n', '(1);'));
    expect(cache.lookup('g(', ')\n')[0]?.typed).toBe('(');
  });

  it('offers a running entry whose partial text agrees so far, as not ready', () => {
    const cache = new CompletionCache();
    const e = entry('s = ', '', '"ab', true);
    cache.add(e);
    expect(cache.lookup('s = "abc', '')).toEqual([{ entry: e, typed: '"abc', ready: false }]);
    expect(cache.lookup('s = "a', '')[0]?.ready).toBe(true);
  });

  it('is bounded in entries, evicting the least recently used', () => {
    const cache = new CompletionCache({ maxEntries: 2, maxSize: 1e9 });
    const a = entry('a', '', 'A');
    const b = entry('b', '', 'B');
    const c = entry('c', '', 'C');
    cache.add(a);
    cache.add(b);
    cache.touch(a);
    cache.add(c);
    expect(cache.count).toBe(2);
    expect(cache.lookup('b', '')).toEqual([]);
    expect(cache.lookup('a', '')).toHaveLength(1);
  });

  it('is bounded in size, cancelling a running entry it evicts', () => {
    const cache = new CompletionCache({ maxEntries: 100, maxSize: 100 });
    const big = entry('p'.repeat(60), '', 'x', true);
    let cancelled = false;
    big.stream = { cancel: () => (cancelled = true) } as never;
    cache.add(big);
    cache.add(entry('q'.repeat(60), '', 'y'));
    expect(cache.count).toBe(1);
    expect(cancelled).toBe(true);
  });

  it('knows when a running entry is still on the document path', () => {
    const ahead = entry('let x = 1', '', '0;', true);
    expect(stillRelevant(ahead, 'let x = ', '')).toBe(true);
    expect(stillRelevant(ahead, 'let y = ', '')).toBe(false);
    expect(stillRelevant(ahead, 'let x = 10', '')).toBe(true);
    expect(stillRelevant(ahead, 'let x = 19', '')).toBe(false);
    expect(stillRelevant(ahead, 'let x = 10', 'other')).toBe(false);
  });

  it('surveys a place: what serves it, as a lookup does, and which running requests it has left', () => {
    const cache = new CompletionCache();
    const kept = entry('let x = ', '', '10;');
    const ahead = entry('let x = 1', '', '0;', true);
    const elsewhere = entry('let y = ', '', '2', true);
    cache.add(kept);
    cache.add(ahead);
    const place = cursorPlace('let x = 1', '');
    const { hits, left } = cache.survey(place, [ahead, elsewhere]);
    expect(hits).toEqual(cache.lookup(place.prefix, place.suffix));
    expect(hits.map((h) => h.entry)).toEqual([ahead, kept]);
    expect(left).toEqual([elsewhere]);
  });
});
