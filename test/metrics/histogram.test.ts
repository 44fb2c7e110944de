import { describe, expect, it } from 'vitest';
import { histogram, niceStep } from '../../src/metrics/histogram';

describe('niceStep', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(0.7)).toBe(1);
    expect(niceStep(1.3)).toBe(2);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(130)).toBe(200);
    expect(niceStep(0)).toBe(1);
  });
});

describe('histogram', () => {
  it('counts every value once in equal, round bins', () => {
    const values = [1, 2, 2, 3, 9, 10];
    const h = histogram(values, 5);
    expect(h.bins.map((b) => [b.from, b.to, b.count])).toEqual([
      [0, 2, 1],
      [2, 4, 3],
      [4, 6, 0],
      [6, 8, 0],
      [8, 10, 1],
      [10, 12, 1],
    ]);
    expect(h.overflow).toBe(0);
  });

  it('puts values beyond the cut-off into overflow', () => {
    const values = [...Array.from({ length: 99 }, (_, i) => i), 10_000];
    const h = histogram(values, 10, 98);
    expect(h.overflow).toBe(1);
    expect(h.bins.reduce((s, b) => s + b.count, 0)).toBe(99);
    expect(h.bins.at(-1)!.to).toBeLessThan(200);
  });

  it('has one bin when all values are equal, and none when empty', () => {
    expect(histogram([5, 5, 5], 10).bins).toEqual([{ from: 5, to: 6, count: 3 }]);
    expect(histogram([], 10)).toEqual({ bins: [], overflow: 0 });
  });
});
