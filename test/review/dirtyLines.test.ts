import { describe, expect, it } from 'vitest';
import { DirtyLines, merge } from '../../src/review/dirtyLines';
import { lineEditOf } from '../../src/review/lineEdit';

describe('DirtyLines', () => {
  it('marks the lines an edit wrote and joins neighbours', () => {
    const d = new DirtyLines();
    d.edit(lineEditOf(4, 4, 'x'));
    d.edit(lineEditOf(5, 5, 'y'));
    d.edit(lineEditOf(20, 20, 'a\nb'));
    expect(d.take(100)).toEqual([
      { start: 4, end: 6 },
      { start: 20, end: 22 },
    ]);
    expect(d.empty).toBe(true);
  });

  it('moves dirty lines when lines are inserted or deleted above them', () => {
    const d = new DirtyLines();
    d.edit(lineEditOf(10, 10, 'x'));
    d.edit(lineEditOf(0, 0, 'a\nb\n'));
    expect(d.take(100)).toEqual([
      { start: 0, end: 3 },
      { start: 12, end: 13 },
    ]);
    d.edit(lineEditOf(10, 10, 'x'));
    d.edit(lineEditOf(2, 5, ''));
    expect(d.take(100)).toEqual([
      { start: 2, end: 3 },
      { start: 7, end: 8 },
    ]);
  });

  it('keeps the parts of a dirty range outside a deletion inside it', () => {
    const d = new DirtyLines();
    d.edit(lineEditOf(10, 10, 'a\nb\nc\nd\ne'));
    // Lines 10..14 dirty; delete lines 11..12 (joined into one line).
    d.edit(lineEditOf(11, 12, ''));
    expect(d.take(100)).toEqual([{ start: 10, end: 14 }]);
  });

  it('clamps to the document and gives back lines re-added after a failure', () => {
    const d = new DirtyLines();
    d.edit(lineEditOf(8, 8, 'a\nb\nc'));
    expect(d.take(9)).toEqual([{ start: 8, end: 9 }]);
    d.add({ start: 3, end: 5 });
    d.add({ start: 5, end: 5 });
    expect(d.take(100)).toEqual([{ start: 3, end: 5 }]);
  });

  it('merge sorts and joins touching ranges', () => {
    expect(merge([{ start: 5, end: 7 }, { start: 1, end: 2 }, { start: 7, end: 9 }, { start: 3, end: 3 }])).toEqual([
      { start: 1, end: 2 },
      { start: 5, end: 9 },
    ]);
  });
});
