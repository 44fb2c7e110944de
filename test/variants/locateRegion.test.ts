import { describe, expect, it } from 'vitest';
import { locateRegion } from '../../src/variants/locateRegion';

describe('locateRegion', () => {
  const region = ['a()', 'b()'];
  it('is where it was when nothing moved', () => {
    expect(locateRegion(['x', 'a()', 'b()', 'y'], region, 1)).toBe(1);
  });
  it('follows lines added or removed above it', () => {
    expect(locateRegion(['n', 'n', 'x', 'a()', 'b()'], region, 1)).toBe(3);
    expect(locateRegion(['a()', 'b()'], region, 2)).toBe(0);
  });
  it('takes the nearest copy', () => {
    expect(locateRegion(['a()', 'b()', 'x', 'x', 'x', 'a()', 'b()'], region, 4)).toBe(5);
  });
  it('is undefined when the lines themselves changed', () => {
    expect(locateRegion(['x', 'a()', 'b() // mine'], region, 1)).toBeUndefined();
  });
});
