import { describe, expect, it } from 'vitest';
import { splitIntoTokens } from '../../../src/server/engine/splitIntoTokens';

describe('splitIntoTokens', () => {
  it('splits into word-sized pieces that join back to the input exactly', () => {
    const text = 'const value = compute(a, b);\n\n  return  "héllo wörld" — done';
    const pieces = splitIntoTokens(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces.slice(0, 4)).toEqual(['const', ' value', ' =', ' comput']);
    expect(pieces).toContain('\n\n');
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(8);
  });

  it('returns nothing for empty text', () => {
    expect(splitIntoTokens('')).toEqual([]);
  });
});
