import { describe, expect, it } from 'vitest';
import { myersDiff, type DiffRun } from '../../src/rewrite/myersDiff';

/** Applies a script to `a`; it must produce `b`. */
function applyRuns(a: string[], b: string[], runs: DiffRun[]): string[] {
  const out: string[] = [];
  for (const r of runs) {
    if (r.kind === 'equal') out.push(...a.slice(r.aStart, r.aStart + r.length));
    if (r.kind === 'insert') out.push(...b.slice(r.bStart, r.bStart + r.length));
  }
  return out;
}

function editCount(runs: DiffRun[]): number {
  return runs.filter((r) => r.kind !== 'equal').reduce((n, r) => n + r.length, 0);
}

/** Reference: N + M - 2·LCS by dynamic programming. */
function minimalEdits(a: string[], b: string[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) dp[i][j] = a[i] === b[j] ? dp[i + 1][j + 1] + 1 : Math.max(dp[i + 1][j], dp[i][j + 1]);
  return a.length + b.length - 2 * dp[0][0];
}

function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}

describe('myersDiff', () => {
  it('finds nothing to do for equal inputs', () => {
    expect(myersDiff(['a', 'b'], ['a', 'b'])).toEqual([{ kind: 'equal', aStart: 0, bStart: 0, length: 2 }]);
  });

  it('handles empty sides', () => {
    expect(myersDiff([], ['x'])).toEqual([{ kind: 'insert', aStart: 0, bStart: 0, length: 1 }]);
    expect(myersDiff(['x'], [])).toEqual([{ kind: 'delete', aStart: 0, bStart: 0, length: 1 }]);
    expect(myersDiff([], [])).toEqual([]);
  });

  it('keeps a changed line in the middle local', () => {
    const runs = myersDiff(['a', 'b', 'c'], ['a', 'B', 'c']);
    expect(runs.map((r) => [r.kind, r.length])).toEqual([
      ['equal', 1],
      ['delete', 1],
      ['insert', 1],
      ['equal', 1],
    ]);
  });

  it('produces a valid, minimal script on random inputs', () => {
    const rnd = random(7);
    for (let t = 0; t < 300; t++) {
      const alphabet = 1 + Math.floor(rnd() * 5);
      const gen = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(rnd() * alphabet)));
      const a = gen(Math.floor(rnd() * 15));
      const b = gen(Math.floor(rnd() * 15));
      const runs = myersDiff(a, b);
      expect(applyRuns(a, b, runs)).toEqual(b);
      expect(editCount(runs)).toBe(minimalEdits(a, b));
    }
  });

  it('diffs a long file with a few changes quickly and minimally', () => {
    const a = Array.from({ length: 5000 }, (_, i) => `line ${i}`);
    const b = [...a];
    b.splice(100, 3, 'x', 'y');
    b.splice(4000, 0, 'z');
    const runs = myersDiff(a, b);
    expect(applyRuns(a, b, runs)).toEqual(b);
    expect(editCount(runs)).toBe(6);
  });
});
