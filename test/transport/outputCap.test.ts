import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_OUTPUT_CHARS, outputCharCap } from '../../src/transport/outputCap';

describe('outputCharCap', () => {
  it('leaves room far beyond the requested token limit', () => {
    expect(outputCharCap({ maxOutputTokens: 128 })).toBeGreaterThanOrEqual(128 * 16);
  });

  it('falls back to the client bound without a token limit, and never exceeds it', () => {
    expect(outputCharCap({})).toBe(DEFAULT_MAX_OUTPUT_CHARS);
    expect(outputCharCap({}, 5000)).toBe(5000);
    expect(outputCharCap({ maxOutputTokens: 100_000 }, 5000)).toBe(5000);
  });
});
