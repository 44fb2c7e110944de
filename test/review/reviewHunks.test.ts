import { describe, expect, it } from 'vitest';
import { reviewHunks } from '../../src/review/reviewHunks';

const text = Array.from({ length: 400 }, (_, i) => (i % 10 === 9 ? '' : `line ${i}`));
const limits = { contextLines: 3, joinGap: 4, maxLines: 50, maxHunks: 3 };

describe('reviewHunks', () => {
  it('shows context around each hunk, within the document', () => {
    const { hunks } = reviewHunks([{ start: 1, end: 2 }, { start: 396, end: 400 }], text, limits);
    expect(hunks).toEqual([
      { lines: { start: 1, end: 2 }, context: { start: 0, end: 5 } },
      { lines: { start: 396, end: 400 }, context: { start: 393, end: 400 } },
    ]);
  });

  it('joins hunks a few lines apart and splits long ones', () => {
    const { hunks } = reviewHunks([{ start: 10, end: 12 }, { start: 15, end: 16 }, { start: 100, end: 220 }], text, limits);
    expect(hunks.map((h) => h.lines)).toEqual([
      { start: 10, end: 16 },
      { start: 100, end: 150 },
      { start: 150, end: 200 },
    ]);
  });

  it('leaves hunks beyond the limit for the next review and skips blank-only ones', () => {
    const { hunks, left } = reviewHunks([{ start: 9, end: 10 }, { start: 100, end: 101 }, { start: 120, end: 121 }, { start: 140, end: 141 }, { start: 160, end: 161 }], text, limits);
    expect(hunks.map((h) => h.lines.start)).toEqual([100, 120, 140]);
    expect(left).toEqual([{ start: 160, end: 161 }]);
  });
});
