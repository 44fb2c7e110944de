import { describe, expect, it } from 'vitest';
import { describeLeftOut, fitFiles } from '../../src/context/fitFiles';

/** `n` lines of 39 characters plus the line break: 10 tokens a line. */
const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} line ${String(i + 1).padStart(4, '0')}`.padEnd(39, '.')).join('\n');

describe('fitFiles', () => {
  it('keeps everything that fits, untouched and in order', () => {
    const files = [{ path: 'a.ts', text: lines(10, 'a') }, { path: 'b.ts', text: lines(5, 'b') }];
    const r = fitFiles(files, 1000);
    expect(r.files).toEqual(files);
    expect(r.leftOut).toEqual([]);
  });

  it('trims the largest file first and leaves small ones whole', () => {
    const small = { path: 'small.ts', text: lines(10, 's') };
    const big = { path: 'big.ts', text: lines(200, 'b') };
    const r = fitFiles([big, small], 600);
    expect(r.files.map((f) => f.path)).toEqual(['big.ts', 'small.ts']);
    expect(r.files[1]).toEqual(small);
    const kept = r.files[0]!.text.split('\n');
    expect(kept[0]).toBe(lines(1, 'b'));
    expect(kept.at(-1)).toMatch(/^… \(lines \d+-200 of big\.ts left out to fit the context\)$/);
    const keptLines = kept.length - 1;
    expect(keptLines).toBeGreaterThan(40);
    expect(keptLines).toBeLessThanOrEqual(50);
    expect(r.leftOut).toEqual([{ path: 'big.ts', fromLine: keptLines + 1, toLine: 200, whole: false }]);
    const tokens = r.files.reduce((n, f) => n + Math.ceil(f.text.length / 4), 0);
    expect(tokens).toBeLessThanOrEqual(600 + 20);
  });

  it('shares the budget evenly between files that are all too big', () => {
    const r = fitFiles([{ path: 'a.ts', text: lines(100, 'a') }, { path: 'b.ts', text: lines(300, 'b') }], 400);
    expect(r.leftOut.map((l) => [l.path, l.fromLine])).toEqual([
      ['a.ts', 21],
      ['b.ts', 21],
    ]);
  });

  it('hands what a cut at a line end leaves unused to the larger files, never going over the budget', () => {
    // a.ts: 51-character lines, so its 200 tokens hold 15 lines (764 characters, 191 tokens); b.ts gets the other 209.
    const a = Array.from({ length: 100 }, (_, i) => `a ${i}`.padEnd(50, '.')).join('\n');
    const b = Array.from({ length: 300 }, (_, i) => `b ${i}`.padEnd(19, '.')).join('\n');
    const r = fitFiles([{ path: 'a.ts', text: a }, { path: 'b.ts', text: b }], 400);
    expect(r.leftOut.map((l) => [l.path, l.fromLine])).toEqual([
      ['a.ts', 16],
      ['b.ts', 42],
    ]);
    const sent = r.files.reduce((n, f) => n + Math.ceil(f.text.slice(0, f.text.lastIndexOf('\n…')).length / 4), 0);
    expect(sent).toBeLessThanOrEqual(400);
  });

  it('numbers left-out lines in the file when the text is a selection', () => {
    const r = fitFiles([{ path: 'a.ts', text: lines(100, 'a'), startLine: 51 }], 100);
    expect(r.leftOut).toEqual([{ path: 'a.ts', fromLine: 61, toLine: 150, whole: false }]);
  });

  it('leaves a file out whole when not even its first line fits, and says so', () => {
    const r = fitFiles([{ path: 'one-line.min.js', text: 'x'.repeat(10_000) }, { path: 'a.ts', text: lines(3, 'a') }], 100);
    expect(r.files.map((f) => f.path)).toEqual(['a.ts']);
    expect(r.leftOut).toEqual([{ path: 'one-line.min.js', fromLine: 1, toLine: 1, whole: true }]);
    expect(describeLeftOut(r.leftOut)).toBe('one-line.min.js (whole file)');
  });

  it('counts a final line break as ending the last line, not starting another', () => {
    const r = fitFiles([{ path: 'a.ts', text: `${lines(100, 'a')}\n` }], 200);
    expect(r.leftOut[0]).toMatchObject({ toLine: 100 });
  });

  it('describes what was left out for the user', () => {
    expect(
      describeLeftOut([
        { path: 'src/big.ts', fromLine: 401, toLine: 900, whole: false },
        { path: 'src/huge.ts', fromLine: 1, toLine: 5000, whole: true },
      ]),
    ).toBe('src/big.ts lines 401-900; src/huge.ts (whole file)');
  });
});
