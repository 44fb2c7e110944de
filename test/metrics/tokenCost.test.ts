import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/config';
import { addCounts, estimateCost, NO_TOKENS, tokenPrices, type TokenCounts } from '../../src/metrics/tokenCost';

const t = (over: Partial<TokenCounts>): TokenCounts => ({ ...NO_TOKENS, requests: 1, ...over });

describe('estimateCost', () => {
  it('prices input and output per million tokens', () => {
    // 2M in at 1.25, 0.5M out at 10: 2.5 + 5.
    expect(estimateCost(t({ input: 2_000_000, output: 500_000 }), { inputPerMillion: 1.25, outputPerMillion: 10 })).toBeCloseTo(7.5, 10);
    expect(estimateCost(t({ input: 1000, output: 100 }), { inputPerMillion: 1.75, outputPerMillion: 14 })).toBeCloseTo(0.00175 + 0.0014, 12);
  });

  it('bills cached input at its own price, or at the input price when it has none', () => {
    const usage = t({ input: 1_000_000, cachedInput: 800_000, output: 0 });
    expect(estimateCost(usage, { inputPerMillion: 1, cachedInputPerMillion: 0.1, outputPerMillion: 8 })).toBeCloseTo(0.2 + 0.08, 10);
    expect(estimateCost(usage, { inputPerMillion: 1, outputPerMillion: 8 })).toBeCloseTo(1, 10);
    // A server reporting more cached than input tokens cannot make the cost negative.
    expect(estimateCost(t({ input: 10, cachedInput: 50 }), { inputPerMillion: 1, cachedInputPerMillion: 0, outputPerMillion: 1 })).toBe(0);
  });

  it('has no estimate unless both the input and the output price are set', () => {
    const usage = t({ input: 10, output: 10 });
    expect(estimateCost(usage, {})).toBeUndefined();
    expect(estimateCost(usage, { inputPerMillion: 1 })).toBeUndefined();
    expect(estimateCost(usage, { outputPerMillion: 1 })).toBeUndefined();
    expect(estimateCost(usage, { inputPerMillion: 0, outputPerMillion: 0 })).toBe(0);
  });
});

describe('addCounts and tokenPrices', () => {
  it('adds every field', () => {
    expect(addCounts(t({ input: 1, cachedInput: 2, output: 3, estimatedInput: 4 }), t({ input: 10, cachedInput: 20, output: 30, estimatedInput: 40 }))).toEqual({
      requests: 2,
      input: 11,
      cachedInput: 22,
      output: 33,
      estimatedInput: 44,
    });
  });

  it('reads the flint.cost settings, leaving the unset ones out', () => {
    expect(tokenPrices(defaultConfig())).toEqual({});
    expect(tokenPrices({ ...defaultConfig(), 'cost.inputPerMillion': 1.75, 'cost.outputPerMillion': 14 })).toEqual({ inputPerMillion: 1.75, outputPerMillion: 14 });
  });
});
