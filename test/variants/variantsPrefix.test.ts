import { describe, expect, it } from 'vitest';
import { parseVariantsPrefix } from '../../src/variants/variantsPrefix';

describe('parseVariantsPrefix', () => {
  it('reads the count and the instruction after it', () => {
    expect(parseVariantsPrefix('/variants 3 make it faster', 5)).toEqual({ count: 3, instruction: 'make it faster' });
  });
  it('takes the configured count when none is given', () => {
    expect(parseVariantsPrefix('/variants use a map', 5)).toEqual({ count: 5, instruction: 'use a map' });
  });
  it('keeps the count within 2–8', () => {
    expect(parseVariantsPrefix('/variants 20 x', 5)?.count).toBe(8);
    expect(parseVariantsPrefix('/variants 1 x', 5)?.count).toBe(2);
  });
  it('leaves other instructions alone', () => {
    expect(parseVariantsPrefix('/variantsx 3 go', 5)).toBeUndefined();
    expect(parseVariantsPrefix('add /variants 3 later', 5)).toBeUndefined();
    expect(parseVariantsPrefix('/deep rename', 5)).toBeUndefined();
  });
  it('an empty instruction after the prefix is empty, for the caller to ask', () => {
    expect(parseVariantsPrefix('/variants 4', 5)).toEqual({ count: 4, instruction: '' });
  });
});
