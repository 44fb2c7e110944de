import { describe, expect, it } from 'vitest';
import { evaluate, minSamples, percentileOf, targets, type TargetRule } from '../../bench/targets.mjs';

const p50: TargetRule = { figure: 'added_ms_p50', op: '<=', value: 10 };
const p95: TargetRule = { figure: 'frame_ms_p95_busy', op: '<=', value: 16 };
const ratio: TargetRule = { figure: 'ws_overhead_over_keepalive', op: '<=', value: 0.2, interval: true, faultBelow: 0 };

describe('bench targets: the minimum sample count of a percentile', () => {
  it('reads the percentile off the figure name, or the target', () => {
    expect(percentileOf(p50)).toBe(50);
    expect(percentileOf(p95)).toBe(95);
    expect(percentileOf({ figure: 'decision_us_p99', op: '<=', value: 1 })).toBe(99);
    expect(percentileOf({ figure: 'nested.view_frame_ms_p90', op: '<=', value: 1 })).toBe(90);
    expect(percentileOf({ figure: 'requests_per_100_keystrokes', op: '<=', value: 5 })).toBeUndefined();
    expect(percentileOf({ figure: 'frame_p95_over_baseline', op: '<=', value: 1, interval: true })).toBeUndefined();
    expect(percentileOf({ figure: 'added_ms', op: '<=', value: 1, percentile: 50, interval: true })).toBe(50);
  });

  it('asks 100 samples of a median, 200 of a p90 or p95, 1,000 of a p99, and what a target says', () => {
    expect(minSamples(p50)).toBe(100);
    expect(minSamples({ figure: 'x_p90', op: '<=', value: 1 })).toBe(200);
    expect(minSamples(p95)).toBe(200);
    expect(minSamples({ figure: 'x_p99', op: '<=', value: 1 })).toBe(1000);
    expect(minSamples({ ...p95, minN: 500 })).toBe(500);
    expect(minSamples({ figure: 'runs_passed', op: '=', ref: 'runs' })).toBe(0);
  });

  it('misses a median under its target when it has fewer than 100 samples', () => {
    expect(evaluate(p50, { added_ms_p50: 4, added_ms_p50_n: 99 })).toMatchObject({ result: 'miss', why: 'too few samples (n = 99 < 100)' });
    expect(evaluate(p50, { added_ms_p50: 4, added_ms_p50_n: 100 })).toMatchObject({ result: 'pass', n: 100 });
    expect(evaluate(p50, { added_ms_p50: 11, added_ms_p50_n: 100 }).result).toBe('miss');
  });

  it('misses a p95 with 199 samples, and a percentile that reports no sample count at all', () => {
    expect(evaluate(p95, { frame_ms_p95_busy: 5, frame_ms_p95_busy_n: 199 })).toMatchObject({ result: 'miss', why: expect.stringContaining('too few samples') });
    expect(evaluate(p95, { frame_ms_p95_busy: 5 })).toMatchObject({ result: 'miss', why: 'too few samples (no sample count)' });
    expect(evaluate(p95, { frame_ms_p95_busy: 5, frame_ms_p95_busy_n: 200 }).result).toBe('pass');
  });
});

describe('bench targets: a ratio judged on its interval', () => {
  it('holds only when the far end of the interval does', () => {
    expect(evaluate(ratio, { ws_overhead_over_keepalive: 0.05 }, { ws_overhead_over_keepalive: [-0.1, 0.19] }).result).toBe('pass');
    expect(evaluate(ratio, { ws_overhead_over_keepalive: 0.05 }, { ws_overhead_over_keepalive: [-0.1, 0.2] }).result).toBe('pass');
  });

  it('misses when the interval straddles the target, however good the point is', () => {
    expect(evaluate(ratio, { ws_overhead_over_keepalive: -0.06 }, { ws_overhead_over_keepalive: [-0.4, 0.76] })).toMatchObject({
      result: 'miss',
      why: 'interval straddles the target: cannot decide',
      ci: [-0.4, 0.76],
    });
  });

  it('misses plainly when the whole interval is beyond the target', () => {
    expect(evaluate(ratio, { ws_overhead_over_keepalive: 0.5 }, { ws_overhead_over_keepalive: [0.3, 0.7] })).toEqual({ result: 'miss', why: undefined, ci: [0.3, 0.7] });
  });

  it('calls an interval wholly below zero a measurement fault, not a pass', () => {
    expect(evaluate(ratio, { ws_overhead_over_keepalive: -0.5 }, { ws_overhead_over_keepalive: [-0.8, -0.2] })).toMatchObject({
      result: 'miss',
      why: 'measurement fault (interval wholly below 0)',
    });
  });

  it('misses a ratio that reports no interval, and reads a null end as unbounded', () => {
    expect(evaluate(ratio, { ws_overhead_over_keepalive: 0.1 })).toMatchObject({ result: 'miss', why: 'no interval' });
    expect(evaluate(ratio, { ws_overhead_over_keepalive: 0.1 }, { ws_overhead_over_keepalive: [0, null] })).toMatchObject({ result: 'miss', ci: [0, Infinity] });
  });

  it('judges a lower bound on the low end', () => {
    const share: TargetRule = { figure: 'kept_share', op: '>=', value: 0.5, interval: true };
    expect(evaluate(share, { kept_share: 0.6 }, { kept_share: [0.52, 0.7] }).result).toBe('pass');
    expect(evaluate(share, { kept_share: 0.6 }, { kept_share: [0.45, 0.7] })).toMatchObject({ result: 'miss', why: 'interval straddles the target: cannot decide' });
  });

  it('applies both rules to a difference of medians', () => {
    const added: TargetRule = { figure: 'added_ms', op: '<=', value: 10, percentile: 50, interval: true };
    expect(evaluate(added, { added_ms: 4, added_ms_n: 40 }, { added_ms: [3, 5] }).why).toContain('too few samples');
    expect(evaluate(added, { added_ms: 4, added_ms_n: 400 }, { added_ms: [3, 12] }).result).toBe('miss');
    expect(evaluate(added, { added_ms: 4, added_ms_n: 400 }, { added_ms: [3, 5] }).result).toBe('pass');
  });
});

describe('bench targets: the table', () => {
  it('says for every target what would make it miss', () => {
    for (const [bench, list] of Object.entries(targets)) {
      for (const t of list) expect(t.fails?.length ?? 0, `${bench}.${t.figure}`).toBeGreaterThan(10);
    }
  });

  it('gives every interval target an ordering, and no equality target a percentile', () => {
    for (const [bench, list] of Object.entries(targets)) {
      for (const t of list) {
        if (t.interval) expect(['<=', '<', '>=', '>'], `${bench}.${t.figure}`).toContain(t.op);
        if (t.op === '=') expect(minSamples(t), `${bench}.${t.figure}`).toBe(0);
      }
    }
  });
});
