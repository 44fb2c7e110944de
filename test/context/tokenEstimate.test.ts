import { describe, expect, it } from 'vitest';
import { charsForTokens, estimateTokens, tokensForChars } from '../../src/context/tokenEstimate';

describe('the token estimate', () => {
  it('counts four characters a token, rounding up, for a text and for a size alike', () => {
    expect(estimateTokens('123456789')).toBe(3);
    expect(tokensForChars(9)).toBe(3);
    expect(tokensForChars(8)).toBe(2);
    expect(charsForTokens(3)).toBe(12);
  });
});
