import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { intervals, writeSummary } from '../../bench/summary.mjs';

let root: string | undefined;
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

function withResults(results: Record<string, unknown>): string {
  root = mkdtempSync(join(tmpdir(), 'flint-summary-'));
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  for (const [name, obj] of Object.entries(results)) writeFileSync(join(root, 'bench', 'results', `${name}.json`), JSON.stringify(obj));
  return root;
}

const row = (markdown: string, bench: string, figure: string) => markdown.split('\n').find((l) => l.startsWith(`| ${bench} | ${figure} |`));

describe('bench summary', () => {
  it('collects X_ci pairs under X, nested too', () => {
    expect(intervals({ a_ci: [1, 2], b: { c_ci: [null, 3] }, d_ci: [1, 2, 3], e: [1, 2] })).toEqual({ a: [1, 2], 'b.c': [null, 3] });
  });

  it('lists n and the interval next to a figure and counts a median on too few samples as a miss', () => {
    const { markdown, misses } = writeSummary({
      root: withResults({ router: { decision_us_p99: 20, decision_us_p99_n: 500, decision_us_p99_ci: [18, 25], decision_us_p50: 9, decision_us_p50_n: 500 } }),
      runs: { router: { status: 'ok', seconds: 1 } },
    });
    expect(row(markdown, 'router', 'decision_us_p99')).toBe('| router | decision_us_p99 | 20 | 500 | 18 – 25 | ≤ 1000 (n ≥ 1000) | **miss**: too few samples (n = 500 < 1000) |');
    expect(row(markdown, 'router', 'decision_us_p50')).toBe('| router | decision_us_p50 | 9 | 500 |  | | |');
    expect(row(markdown, 'router', 'decision_us_p50_n')).toBeUndefined();
    expect(misses).toBe(1);
  });

  it('passes a ratio only on its interval, and says when the interval cannot decide', () => {
    const transport = { ws_over_fresh_https: 0.3, ws_over_fresh_https_ci: [0.28, 0.33], ws_overhead_over_keepalive: -0.06, ws_overhead_over_keepalive_ci: [-0.4, 0.76] };
    const { markdown, misses } = writeSummary({ root: withResults({ transport }), runs: { transport: { status: 'ok' } } });
    expect(row(markdown, 'transport', 'ws_over_fresh_https')).toMatch(/\| 0\.28 – 0\.33 \| .* \| pass \|$/);
    expect(row(markdown, 'transport', 'ws_overhead_over_keepalive')).toMatch(/\| -0\.4 – 0\.76 \| .* \| \*\*miss\*\*: interval straddles the target: cannot decide \|$/);
    expect(misses).toBe(1);
  });

  it('dates a result by its own time, not its file\'s (a checkout resets that)', () => {
    const { markdown } = writeSummary({ root: withResults({ router: { decision_us_p50: 9, at: '2026-11-21T11:34:22.980Z' }, denyList: { checks: 3 } }) });
    expect(markdown).toContain('| router | earlier run | 2026-11-21 11:34 UTC |');
    expect(markdown).toMatch(new RegExp(`\\| denyList \\| earlier run \\| ${new Date().toISOString().slice(0, 10)} `));
  });

  it('lists what makes each target miss', () => {
    const { markdown } = writeSummary({ root: withResults({}), runs: {} });
    expect(markdown).toContain('## What makes each target miss');
    expect(row(markdown.split('## What makes each target miss')[1], 'tests', 'planted_bug_runs_failed')).toMatch(/^\| tests \| planted_bug_runs_failed \| a planted bug that the written tests do not fail/);
  });
});
