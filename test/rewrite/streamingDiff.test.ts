import { describe, expect, it } from 'vitest';
import { RewriteFeed, diffRows } from '../../src/rewrite/rewriteFeed';
import { StreamingDiff } from '../../src/rewrite/streamingDiff';
import { chunks, formatRows, goldenCases, originalOf, regionOf, resultOf } from '../edits/goldenCases';

describe('streaming line diff on golden cases', () => {
  it.each(goldenCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const region = regionOf(c);
    const feed = new RewriteFeed(region);
    for (const piece of chunks(c.reply)) {
      if (feed.push(piece)) break;
      // After every token the rows account for exactly the original lines consumed and the lines received.
      expect(originalOf(feed.diff.rows)).toEqual(region.slice(0, feed.diff.pointer));
      expect(resultOf(feed.diff.rows)).toEqual(feed.diff.received);
    }
    expect(formatRows(feed.diff.rows)).toEqual(c.expectedStreaming);
    const final = feed.completeRows();
    expect(formatRows(final)).toEqual(c.expectedDiff);
    expect(originalOf(final)).toEqual(region);
  });

  it('gives the same rows however the reply is cut into tokens', () => {
    for (const c of goldenCases) {
      const rowsFor = (seed: number) => {
        const feed = new RewriteFeed(regionOf(c));
        for (const piece of chunks(c.reply, seed)) if (feed.push(piece)) break;
        return formatRows(feed.diff.rows);
      };
      expect(rowsFor(1)).toEqual(rowsFor(9));
    }
  });
});

describe('StreamingDiff', () => {
  it('matches a repeated distinctive line only when it is the last one left', () => {
    const original = ['a();', 'log("x");', 'b();', 'c();', 'd();', 'e();', 'log("x");'];
    const diff = new StreamingDiff(original);
    diff.pushLine('a();');
    diff.pushLine('log("x");');
    expect(diff.pointer).toBe(2);
    // Far ahead (6 lines) but unique among the lines left: matched, the ones before are removed.
    diff.pushLine('log("x");');
    expect(formatRows(diff.rows)).toEqual([' a();', ' log("x");', '-b();', '-c();', '-d();', '-e();', ' log("x");']);
  });

  it('does not match a line that is far ahead and repeated', () => {
    const original = ['x', 'p();', 'q();', 'r();', 's();', 'return;', 't();', 'return;'];
    const diff = new StreamingDiff(original);
    diff.pushLine('x');
    diff.pushLine('return;');
    expect(formatRows(diff.rows)).toEqual([' x', '+return;']);
    expect(diff.pointer).toBe(1);
  });

  it('says whether an unfinished line may still be the next original line', () => {
    const diff = new StreamingDiff(['const a = 1;', 'b']);
    expect(diff.continuesOriginal('const a')).toBe(true);
    expect(diff.continuesOriginal('let')).toBe(false);
    diff.pushLine('const a = 1;');
    diff.pushLine('b');
    expect(diff.continuesOriginal('')).toBe(false);
  });
});

describe('StreamingDiff.reached', () => {
  it('counts trailing new lines that rewrite the next original lines, not inserted ones', () => {
    const diff = new StreamingDiff(['function f(a) {', '  return a;', '}']);
    diff.pushLine('function f(b) {');
    expect(diff.pointer).toBe(0);
    expect(diff.reached()).toBe(1);
    diff.pushLine('  log();');
    expect(diff.reached()).toBe(1);
    diff.pushLine('  return b;');
    expect(diff.reached()).toBe(2);
  });
});

describe('diffRows on very large rewrites', () => {
  it('falls back to the linear greedy diff, which is still a valid diff', () => {
    const original = Array.from({ length: 5000 }, (_, i) => `line ${i}`);
    const result = original.map((l, i) => (i % 3 === 0 ? `${l} changed` : l));
    const rows = diffRows(original, result);
    expect(originalOf(rows)).toEqual(original);
    expect(resultOf(rows)).toEqual(result);
  });
});
