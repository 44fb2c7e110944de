import { describe, expect, it } from 'vitest';
import { bootstrapCi, median, medianDifference, pairedMedianDifference, pairUp, percentile, percentileCi, percentileFigure, samplePercentile, shareFigure } from '../../bench/sampleStats.mjs';

const ramp = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('bench sample statistics', () => {
  it('takes nearest-rank percentiles', () => {
    expect(percentile(ramp(100), 50)).toBe(50);
    expect(percentile(ramp(100), 95)).toBe(95);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeUndefined();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(samplePercentile([5, null, 1, undefined, Number.NaN, 3], 100)).toBe(5);
    expect(median([null, 9, undefined])).toBe(9);
    expect(median([null])).toBeUndefined();
  });

  it('brackets a median with order statistics that narrow as samples grow', () => {
    const [lo100, hi100] = percentileCi(ramp(100), 50)!;
    expect(lo100).toBeLessThan(50);
    expect(hi100).toBeGreaterThan(50);
    const [lo4, hi4] = percentileCi(ramp(4), 50)!;
    expect([lo4, hi4]).toEqual([1, 4]);
    const [lo1000, hi1000] = percentileCi(ramp(1000), 50)!;
    expect((hi1000 - lo1000) / 1000).toBeLessThan((hi100 - lo100) / 100);
  });

  it('gives a share a Wilson interval that stays in [0, 1] and narrows with n', () => {
    // Wilson's formula worked by hand: 41 of 44 gives 0.8177 – 0.9765.
    expect(shareFigure('s', 41, 44)).toEqual({ s: 0.932, s_n: 44, s_ci: [0.818, 0.977] });
    const all = shareFigure('s', 10, 10).s_ci!;
    expect(all[1]).toBe(1);
    expect(all[0]).toBeGreaterThan(0.6);
    expect(all[0]).toBeLessThan(0.8);
    expect(shareFigure('s', 0, 10).s_ci![0]).toBe(0);
    const small = shareFigure('s', 5, 10).s_ci!;
    const large = shareFigure('s', 500, 1000).s_ci!;
    expect(large[1] - large[0]).toBeLessThan((small[1] - small[0]) / 5);
    expect(shareFigure('s', 0, 0)).toEqual({ s: null, s_n: 0, s_ci: null });
  });

  it('writes a percentile with its sample count and interval beside it', () => {
    expect(percentileFigure('x_ms_p50', ramp(9), 50)).toEqual({ x_ms_p50: 5, x_ms_p50_n: 9, x_ms_p50_ci: [1, 9] });
  });

  it('counts missing samples against the figure when told what they are worth', () => {
    const samples = [1, 2, null, null, null];
    expect(percentileFigure('shown_ms_p50', samples, 50)).toMatchObject({ shown_ms_p50: 1, shown_ms_p50_n: 2 });
    expect(percentileFigure('shown_ms_p50', samples, 50, { missingAs: Infinity })).toMatchObject({ shown_ms_p50: Infinity, shown_ms_p50_n: 5 });
  });

  it('bootstraps an interval around a ratio of medians that contains its point', () => {
    const a = ramp(200).map((x) => x * 2);
    const b = ramp(200);
    const [lo, hi] = bootstrapCi([a, b], (x, y) => median(x)! / median(y)!)!;
    expect(lo).toBeLessThanOrEqual(2);
    expect(hi).toBeGreaterThanOrEqual(2);
    expect(hi - lo).toBeLessThan(1);
    expect(bootstrapCi([a, b], (x, y) => median(x)! / median(y)!)).toEqual([lo, hi]);
  });

  it('gives a difference of medians with its count and an interval around it', () => {
    const slow = ramp(150).map((x) => x + 10);
    const d = medianDifference('added_ms_p50', slow, ramp(120));
    expect(d.added_ms_p50).toBe(median(slow)! - median(ramp(120))!);
    expect(d.added_ms_p50_n).toBe(120);
    const [lo, hi] = d.added_ms_p50_ci!;
    expect(lo).toBeLessThanOrEqual(d.added_ms_p50!);
    expect(hi).toBeGreaterThanOrEqual(d.added_ms_p50!);
    expect(medianDifference('added_ms_p50', ramp(3), [])).toEqual({ added_ms_p50: null });
    expect(medianDifference('added_ms_p50', [], ramp(3))).toEqual({ added_ms_p50: null });
  });

  it('pairs cancel what both sides share: a paired difference is narrower than two medians apart', () => {
    // Each place has its own time (1 to 200 ms); the load adds 1 ms to every one of them.
    const places = ramp(200);
    const pairs = places.map((p, i) => [p + 1 + (i % 3) * 0.1, p] as const);
    const paired = pairedMedianDifference('added_ms', pairs);
    expect(paired.added_ms).toBeCloseTo(1.1, 5);
    expect(paired.added_ms_n).toBe(200);
    const [lo, hi] = paired.added_ms_ci!;
    expect(lo).toBeGreaterThanOrEqual(1);
    expect(hi).toBeLessThanOrEqual(1.2);
    const apart = medianDifference('added_ms', pairs.map(([a]) => a), pairs.map(([, b]) => b));
    const [alo, ahi] = apart.added_ms_ci!;
    expect(ahi - alo).toBeGreaterThan(10 * (hi - lo));
    expect(pairedMedianDifference('added_ms', [])).toEqual({ added_ms: null });
  });

  it('pairs items of the same key, leaving out keys one side lacks and values that are not numbers', () => {
    type Item = { k: string; v: number | null | undefined };
    const a: Item[] = [{ k: 'x', v: 1 }, { k: 'y', v: 2 }, { k: 'z', v: null }, { k: 'w', v: 4 }];
    const b: Item[] = [{ k: 'y', v: 20 }, { k: 'x', v: 10 }, { k: 'z', v: 30 }, { k: 'w', v: undefined }];
    expect(pairUp(a, b, (i) => i.k, (i) => i.v)).toEqual([[1, 10], [2, 20]]);
    expect(pairUp(a, [], (i) => i.k, (i) => i.v)).toEqual([]);
  });

  it('a paired difference keeps the sign and the spread of what differs', () => {
    const pairs = ramp(101).map((i) => [i % 2 === 1 ? 5 : -5, 0] as const);
    const d = pairedMedianDifference('added_ms', pairs);
    expect(d.added_ms).toBe(5);
    const [lo, hi] = d.added_ms_ci!;
    expect(lo).toBe(-5);
    expect(hi).toBe(5);
  });
});
