import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/transport/backoff';

describe('backoffDelay', () => {
  const opts = { baseMs: 100, maxMs: 2000 };
  it('grows exponentially with jitter between half and the full step', () => {
    expect(backoffDelay(0, opts, () => 0)).toBe(50);
    expect(backoffDelay(0, opts, () => 1)).toBe(100);
    expect(backoffDelay(3, opts, () => 0)).toBe(400);
    expect(backoffDelay(3, opts, () => 1)).toBe(800);
  });

  it('is capped', () => {
    expect(backoffDelay(50, opts, () => 1)).toBe(2000);
    expect(backoffDelay(50, opts, () => 0)).toBe(1000);
  });
});
