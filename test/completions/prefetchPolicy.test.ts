import { describe, expect, it } from 'vitest';
import { defaultPrefetchTuning, PrefetchPolicy } from '../../src/completions/prefetchPolicy';

const place = (offset: number, version = 1, key = 'file:///a.ts') => ({ key, version, offset });

describe('PrefetchPolicy', () => {
  it('asks only at the end of a line: nothing after the cursor but what the editor closes', () => {
    expect(PrefetchPolicy.atLineEnd('')).toBe(true);
    expect(PrefetchPolicy.atLineEnd('   ')).toBe(true);
    expect(PrefetchPolicy.atLineEnd(');')).toBe(true);
    expect(PrefetchPolicy.atLineEnd('"]')).toBe(true);
    expect(PrefetchPolicy.atLineEnd('x = 1;')).toBe(false);
    expect(PrefetchPolicy.atLineEnd(' + b')).toBe(false);
  });

  it('asks once per place: the same document state and cursor again asks nothing', () => {
    const p = new PrefetchPolicy();
    expect(p.mayAsk(place(10), 0)).toBe(true);
    expect(p.mayAsk(place(10), 100)).toBe(false);
    // Another place, or the same offset after an edit, is a new place.
    expect(p.mayAsk(place(20), 200)).toBe(true);
    expect(p.mayAsk(place(20, 2), 300)).toBe(true);
  });

  it('asks at most maxPerMinute times in any minute, then again as the minute moves on', () => {
    const p = new PrefetchPolicy({ ...defaultPrefetchTuning, maxPerMinute: 3 });
    expect([0, 1, 2, 3].map((i) => p.mayAsk(place(i), i * 1000))).toEqual([true, true, true, false]);
    expect(p.mayAsk(place(10), 59_999)).toBe(false);
    expect(p.mayAsk(place(11), 60_000)).toBe(true);
    expect(p.mayAsk(place(12), 60_500)).toBe(false);
    expect(p.mayAsk(place(13), 61_000)).toBe(true);
  });

  it('does not count an ask the user typed at against the budget', () => {
    const p = new PrefetchPolicy({ ...defaultPrefetchTuning, maxPerMinute: 2 });
    expect(p.mayAsk(place(0), 0)).toBe(true);
    p.typedAt('file:///a.ts', 2);
    expect(p.mayAsk(place(5, 2), 1000)).toBe(true);
    p.typedAt('file:///a.ts', 3);
    expect(p.mayAsk(place(9, 3), 2000)).toBe(true);
    // Moves with no typing count: the budget is spent.
    expect(p.mayAsk(place(20, 3), 3000)).toBe(true);
    expect(p.mayAsk(place(30, 3), 4000)).toBe(false);
  });

  it('refunds only the first edit right after the ask, in its document', () => {
    const p = new PrefetchPolicy({ ...defaultPrefetchTuning, maxPerMinute: 2 });
    expect(p.mayAsk(place(0), 0)).toBe(true);
    p.typedAt('file:///b.ts', 2);
    p.typedAt('file:///a.ts', 3);
    expect(p.mayAsk(place(10), 1000)).toBe(true);
    p.typedAt('file:///a.ts', 2);
    p.typedAt('file:///a.ts', 2);
    expect(p.mayAsk(place(20, 2), 2000)).toBe(true);
    expect(p.mayAsk(place(30, 2), 3000)).toBe(false);
  });
});
