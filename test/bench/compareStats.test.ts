import { describe, expect, it } from 'vitest';
import { lackingPackages } from '../../bench/compareBuild.mjs';
import { compareTurns, pairedSideBySide, percentileSideBySide, shareSideBySide, sideBySide, sideBySideLines } from '../../bench/compareStats.mjs';
import { median } from '../../bench/sampleStats.mjs';
import { evaluate, targets } from '../../bench/targets.mjs';

/** Deterministic spread samples around `centre` (a triangle-ish shape, no randomness). */
const spread = (n: number, centre: number, width = 1) => Array.from({ length: n }, (_, i) => centre + width * (((i * 37) % n) / n - 0.5));

describe('side-by-side run: which build goes first', () => {
  it('lets each build go first equally often over pairs of rounds, both in every round', () => {
    const turns = compareTurns(8);
    expect(turns).toHaveLength(8);
    for (const t of turns) expect([...t].sort()).toEqual(['after', 'before']);
    expect(turns.filter((t) => t[0] === 'before')).toHaveLength(4);
  });
});

describe('side-by-side run: after minus before', () => {
  it('finds no difference between two samples of the same figure: the interval holds zero', () => {
    const f = percentileSideBySide('overhead_ms_p50', spread(200, 0.8, 0.4), spread(180, 0.8, 0.4));
    expect(f.overhead_ms_p50_before_n).toBe(200);
    expect(f.overhead_ms_p50_after_n).toBe(180);
    expect(f.overhead_ms_p50_diff_n).toBe(180);
    const [lo, hi] = f.overhead_ms_p50_diff_ci as [number, number];
    expect(lo).toBeLessThanOrEqual(0);
    expect(hi).toBeGreaterThanOrEqual(0);
    expect(Math.abs(f.overhead_ms_p50_diff as number)).toBeLessThan(0.05);
  });

  it('finds a slower after build: its difference and the whole interval above zero', () => {
    const f = percentileSideBySide('overhead_ms_p50', spread(200, 0.8, 0.4), spread(200, 1.8, 0.4));
    expect(f.overhead_ms_p50_diff).toBeCloseTo(1, 1);
    expect((f.overhead_ms_p50_diff_ci as [number, number])[0]).toBeGreaterThan(0.8);
    expect(f.overhead_ms_p50_before).toBeCloseTo(0.8, 1);
    expect(f.overhead_ms_p50_after).toBeCloseTo(1.8, 1);
  });

  it('counts a missing sample as slower than any when told, else leaves it out', () => {
    const before = [1, 2, 3, null, null, null, null];
    expect(percentileSideBySide('x_p50', before, [1, 2, 3]).x_p50_before).toBe(2);
    expect(percentileSideBySide('x_p50', before, [1, 2, 3], 50, { missingAs: Infinity }).x_p50_before).toBe(Infinity);
  });

  it('gives shares their Wilson intervals and the difference of shares a bootstrap one', () => {
    const ones = (hits: number, n: number) => Array.from({ length: n }, (_, i) => (i < hits ? 1 : 0));
    const f = shareSideBySide('shown_share', ones(80, 100), ones(60, 100));
    expect(f.shown_share_before).toBe(0.8);
    expect(f.shown_share_after).toBe(0.6);
    expect(f.shown_share_diff).toBeCloseTo(-0.2, 3);
    const [lo, hi] = f.shown_share_diff_ci as [number, number];
    expect(hi).toBeLessThan(0);
    expect(lo).toBeGreaterThan(-0.4);
  });

  it('takes a figure of several sets per build (a ratio of medians) and nulls an empty set', () => {
    const ratio = (b: number[], a: number[]) => median(b)! / median(a)!;
    const f = sideBySide('ratio', [spread(40, 20), spread(40, 10)], [spread(40, 30), spread(40, 10)], ratio);
    expect(f.ratio_before).toBeCloseTo(2, 1);
    expect(f.ratio_after).toBeCloseTo(3, 1);
    expect((f.ratio_diff_ci as [number, number])[0]).toBeGreaterThan(0.5);
    expect(sideBySide('ratio', [[], [1]], [[1], [1]], ratio)).toMatchObject({ ratio_before: null, ratio_diff: null, ratio_diff_n: 0 });
  });

  it('prints one line per compared figure', () => {
    const lines = sideBySideLines(shareSideBySide('shown_share', [1, 1, 0], [1, 0, 0]));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^shown_share: before 0.667 \[.*\], after 0.333 \[.*\], after − before -0.333 \[.*\] \(n 3\)$/);
  });
});

describe('side-by-side run: packages of the other build', () => {
  const pkg = { dependencies: { ws: '8.23.0' }, devDependencies: { esbuild: '0.28.2', 'node-diff3': '3.2.1', loose: '^1.0.0' } };
  it('asks for none when every pinned version is installed, whichever list names it', () => {
    const have: Record<string, string> = { ws: '8.23.0', esbuild: '0.28.2', 'node-diff3': '3.2.1', loose: '1.4.0' };
    expect(lackingPackages(pkg, (n) => have[n])).toEqual([]);
  });
  it('names a package missing or at another version', () => {
    const have: Record<string, string> = { ws: '8.18.0', esbuild: '0.28.2' };
    expect(lackingPackages(pkg, (n) => have[n])).toEqual(['ws@8.23.0', 'node-diff3@3.2.1', 'loose@^1.0.0']);
  });
});

describe('side-by-side run: its targets can fail', () => {
  const judge = (bench: string, figure: string, value: number, ci: [number, number], n = 150) => {
    const rules = targets[bench].filter((t) => t.figure === figure);
    expect(rules.length).toBeGreaterThan(0);
    return rules.map((t) => evaluate(t, { [figure]: value, [`${figure}_n`]: n }, { [figure]: ci }).result);
  };
  it('passes a latency difference whose interval holds zero, misses one wholly beyond the tolerance or too wide', () => {
    expect(judge('completions-compare', 'overhead_ms_p50_model_diff', 0.02, [-0.05, 0.08])).toEqual(['pass']);
    expect(judge('completions-compare', 'overhead_ms_p50_model_diff', 1.1, [0.9, 1.3])).toEqual(['miss']);
    expect(judge('completions-compare', 'overhead_ms_p50_model_diff', 0.1, [-0.4, 0.7])).toEqual(['miss']);
    expect(judge('completions-compare', 'overhead_ms_p50_model_diff', 0.02, [-0.05, 0.08], 60)).toEqual(['miss']);
    expect(judge('e2e-compare', 'flint_ms_p50_diff', 1, [-2, 3])).toEqual(['pass']);
    expect(judge('e2e-compare', 'flint_ms_p50_diff', 9, [6, 12])).toEqual(['miss']);
  });
  it('misses a share or rate that moved either way', () => {
    expect(judge('e2e-compare', 'shown_share_diff', 0.01, [-0.04, 0.05])).toEqual(['pass', 'pass']);
    expect(judge('e2e-compare', 'shown_share_diff', -0.2, [-0.26, -0.14])).toEqual(['miss', 'pass']);
    expect(judge('e2e-compare', 'shown_share_diff', 0.2, [0.14, 0.26])).toEqual(['pass', 'miss']);
    expect(judge('completions-compare', 'requests_per_100_keystrokes_diff', 6, [4.5, 7.5])).toEqual(['miss', 'pass']);
  });
});

describe('side-by-side run: paired samples', () => {
  it('narrows the difference of a rate measured on the same units by both builds', () => {
    const units = Array.from({ length: 12 }, (_, i) => ({ keys: 50, requests: 4 + (i % 5) * 3 }));
    const rate = (us: { keys: number; requests: number }[]) => (100 * us.reduce((n, u) => n + u.requests, 0)) / us.reduce((n, u) => n + u.keys, 0);
    const paired = pairedSideBySide('rate', units, units, rate);
    const unpaired = sideBySide('rate', [units], [units], rate);
    expect(paired.rate_diff).toBe(0);
    expect(paired.rate_diff_ci).toEqual([0, 0]);
    const [lo, hi] = unpaired.rate_diff_ci as [number, number];
    expect(hi - lo).toBeGreaterThan(5);
    const more = units.map((u) => ({ ...u, requests: u.requests + 2 }));
    expect((pairedSideBySide('rate', units, more, rate).rate_diff_ci as [number, number])[0]).toBeCloseTo(4, 5);
  });
});
