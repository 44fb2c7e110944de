import { describe, expect, it } from 'vitest';
import { percentile, summarize } from '../../src/metrics/percentiles';

const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

describe('percentile (nearest rank)', () => {
  it('matches the textbook values on 1..100', () => {
    expect(percentile(oneToHundred, 50)).toBe(50);
    expect(percentile(oneToHundred, 95)).toBe(95);
    expect(percentile(oneToHundred, 99)).toBe(99);
    expect(percentile(oneToHundred, 100)).toBe(100);
  });

  it('returns an observed value on small samples', () => {
    expect(percentile([15, 20, 35, 40, 50], 30)).toBe(20);
    expect(percentile([15, 20, 35, 40, 50], 40)).toBe(20);
    expect(percentile([15, 20, 35, 40, 50], 50)).toBe(35);
    expect(percentile([3, 6, 7, 8, 8, 10, 13, 15, 16, 20], 25)).toBe(7);
    expect(percentile([3, 6, 7, 8, 8, 10, 13, 15, 16, 20], 75)).toBe(15);
    expect(percentile([42], 99)).toBe(42);
  });

  it('is undefined on no data and rejects a percentile out of range', () => {
    expect(percentile([], 50)).toBeUndefined();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(/\(0, 100\]/);
  });
});

describe('summarize', () => {
  it('sorts unsorted input and reports p50/p95/p99, min, max and mean', () => {
    const shuffled = [...oneToHundred].reverse();
    expect(summarize(shuffled)).toEqual({ n: 100, min: 1, max: 100, mean: 50.5, p50: 50, p95: 95, p99: 99 });
    expect(shuffled[0]).toBe(100);
  });

  it('shows a long tail at p99 but not at p50', () => {
    const values = [...Array(98).fill(10), 500, 900];
    const s = summarize(values);
    expect(s.p50).toBe(10);
    expect(s.p95).toBe(10);
    expect(s.p99).toBe(500);
    expect(s.max).toBe(900);
  });

  it('has only a count when empty', () => {
    expect(summarize([])).toEqual({ n: 0 });
  });
});
