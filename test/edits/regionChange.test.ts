import { describe, expect, it } from 'vitest';
import { classifyChange, spliceChange, type LineChange } from '../../src/edits/regionChange';

// Region: lines 10..12, the last one 5 characters long.
const region = { startLine: 10, rowCount: 3, lastLineLength: 5 };
const change = (startLine: number, startCharacter: number, endLine: number, endCharacter: number, text: string): LineChange => ({
  startLine, startCharacter, endLine, endCharacter, text,
});

describe('classifyChange', () => {
  it('moves the region for whole lines added or removed above it', () => {
    expect(classifyChange(region, change(2, 0, 2, 0, 'a\nb\n'))).toEqual({ kind: 'before', lineDelta: 2 });
    expect(classifyChange(region, change(3, 0, 5, 0, ''))).toEqual({ kind: 'before', lineDelta: -2 });
    expect(classifyChange(region, change(9, 0, 10, 0, ''))).toEqual({ kind: 'before', lineDelta: -1 });
    expect(classifyChange(region, change(9, 3, 9, 3, 'x'))).toEqual({ kind: 'before', lineDelta: 0 });
  });

  it('ignores changes below it', () => {
    expect(classifyChange(region, change(13, 0, 13, 0, 'x'))).toEqual({ kind: 'after' });
    expect(classifyChange(region, change(12, 5, 12, 5, '\nnew line'))).toEqual({ kind: 'after' });
  });

  it('treats typing in, or joining a neighbour with, a region line as inside', () => {
    expect(classifyChange(region, change(11, 2, 11, 2, 'x'))).toEqual({ kind: 'inside' });
    expect(classifyChange(region, change(10, 0, 10, 0, 'x'))).toEqual({ kind: 'inside' });
    expect(classifyChange(region, change(9, 4, 10, 0, ''))).toEqual({ kind: 'inside' });
    expect(classifyChange(region, change(12, 5, 13, 0, ''))).toEqual({ kind: 'inside' });
    expect(classifyChange(region, change(12, 5, 12, 5, 'x'))).toEqual({ kind: 'inside' });
    expect(classifyChange(region, change(5, 0, 15, 0, ''))).toEqual({ kind: 'inside' });
  });
});

describe('spliceChange', () => {
  it('marks the changed lines as the user’s and keeps the others in place', () => {
    const out = spliceChange(10, ['a', 'b', 'c', 'd'], change(11, 1, 12, 0, 'x\ny\n'), 'u');
    expect(out).toEqual({ startLine: 10, kinds: ['a', 'u', 'u', 'u', 'd'] });
  });

  it('starts the region at a change that began above it', () => {
    expect(spliceChange(10, ['a', 'b'], change(8, 0, 10, 1, 'z'), 'u')).toEqual({ startLine: 8, kinds: ['u', 'b'] });
  });
});
