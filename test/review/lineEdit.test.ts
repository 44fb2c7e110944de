import { describe, expect, it } from 'vitest';
import { lineEditOf, shiftRange, touches } from '../../src/review/lineEdit';

describe('lineEditOf', () => {
  it('counts the lines the inserted text spans', () => {
    expect(lineEditOf(3, 3, 'x')).toEqual({ start: 3, end: 3, lines: 1 });
    expect(lineEditOf(3, 5, '')).toEqual({ start: 3, end: 5, lines: 1 });
    expect(lineEditOf(3, 3, 'a\nb\r\nc')).toEqual({ start: 3, end: 3, lines: 3 });
  });
});

describe('shiftRange', () => {
  const range = { start: 10, end: 12 };
  it('leaves a range above the edit where it is', () => {
    expect(shiftRange(range, lineEditOf(15, 15, 'a\nb'))).toBe(range);
  });
  it('moves a range below the edit by the lines added or removed', () => {
    expect(shiftRange(range, lineEditOf(2, 2, 'a\nb\nc'))).toEqual({ start: 12, end: 14 });
    expect(shiftRange(range, lineEditOf(2, 5, ''))).toEqual({ start: 7, end: 9 });
  });
  it('gives nothing when the edit touched the range', () => {
    expect(shiftRange(range, lineEditOf(11, 11, 'x'))).toBeUndefined();
    expect(shiftRange(range, lineEditOf(8, 10, ''))).toBeUndefined();
    expect(touches(lineEditOf(12, 12, 'x'), range)).toBe(false);
    expect(touches(lineEditOf(9, 9, 'x'), range)).toBe(false);
  });
});
