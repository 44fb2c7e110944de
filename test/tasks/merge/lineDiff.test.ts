import { describe, expect, it } from 'vitest';
import { lineHunks } from '../../../src/tasks/merge/lineDiff';
import { EXACT_DIFF_LIMIT } from '../../../src/rewrite/myersDiff';

describe('lineHunks', () => {
  it('gives each separate change its own hunk in base and in the other side', () => {
    const o = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(lineHunks(o, ['a', 'B', 'c', 'd', 'f', 'g'])).toEqual([
      { oStart: 1, oEnd: 2, start: 1, end: 2 },
      { oStart: 4, oEnd: 5, start: 4, end: 4 },
      { oStart: 6, oEnd: 6, start: 5, end: 6 },
    ]);
  });

  it('joins hunks one blank line apart, so a deleted block is one change', () => {
    // An equally short diff of a deleted block can keep one of its blank lines and cut it in two.
    expect(lineHunks(['a', 'X', '', 'Y', 'c'], ['a', '', 'c'])).toEqual([{ oStart: 1, oEnd: 4, start: 1, end: 2 }]);
    // A line with text between them keeps them apart.
    expect(lineHunks(['a', 'X', 'k', 'Y', 'c'], ['a', 'k', 'c'])).toHaveLength(2);
  });

  it('makes the whole middle one hunk past the exact diff\'s budget instead of taking long', () => {
    const o = Array.from({ length: EXACT_DIFF_LIMIT }, (_, i) => `o${i}`);
    const x = Array.from({ length: EXACT_DIFF_LIMIT }, (_, i) => `x${i}`);
    expect(lineHunks(['head', ...o, 'tail'], ['head', ...x, 'tail'])).toEqual([{ oStart: 1, oEnd: 1 + EXACT_DIFF_LIMIT, start: 1, end: 1 + EXACT_DIFF_LIMIT }]);
  });
});
