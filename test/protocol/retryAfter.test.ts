import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../src/protocol/retryAfter';

const headers = (h: Record<string, string>) => (name: string) => h[name];

describe('retryAfterMs', () => {
  it('prefers retry-after-ms, then seconds, then an HTTP date', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': '1.5' }))).toBe(1500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }), now)).toBe(3000);
  });

  it('is undefined when absent or unreadable', () => {
    expect(retryAfterMs(headers({}))).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after': '-3' }))).toBeUndefined();
  });
});
