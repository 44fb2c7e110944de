import { describe, expect, it } from 'vitest';
import { formatCost, formatTokensToday } from '../../src/metrics/formatTokens';
import { NO_TOKENS } from '../../src/metrics/tokenCost';

describe('formatTokensToday', () => {
  it("says nothing before the day's first request", () => {
    expect(formatTokensToday(NO_TOKENS, undefined)).toBe('');
  });

  it('gives input (cached and estimated shares), output, requests and the estimated cost', () => {
    const t = { requests: 12, input: 48_210, cachedInput: 30_000, output: 3_402, estimatedInput: 1_200 };
    expect(formatTokensToday(t, undefined)).toBe('Tokens today: 48,210 in, 30,000 cached, ≈1,200 estimated · 3,402 out (12 requests)');
    expect(formatTokensToday({ ...NO_TOKENS, requests: 1, input: 5, output: 1 }, 0.0042)).toBe('Tokens today: 5 in · 1 out (1 request) · ≈ 0.0042 estimated cost');
  });

  it('shows costs to the cent, and small ones to two significant figures', () => {
    expect(formatCost(12.3)).toBe('12.30');
    expect(formatCost(0.42)).toBe('0.42');
    expect(formatCost(0.000123)).toBe('0.00012');
    expect(formatCost(0)).toBe('0');
  });
});
