import { describe, expect, it } from 'vitest';
import { logRedrawDelayMs, MAX_LOG_REDRAW_MS, MIN_LOG_REDRAW_MS } from '../../src/tasks/logRedrawDelay';

describe('logRedrawDelayMs', () => {
  it('redraws a short log a few times a second', () => {
    expect(logRedrawDelayMs(0)).toBe(MIN_LOG_REDRAW_MS);
    expect(logRedrawDelayMs(150_000)).toBe(MIN_LOG_REDRAW_MS);
  });

  it('waits longer as the log grows, so the text sent stays near a megabyte a second', () => {
    expect(logRedrawDelayMs(500_000)).toBe(500);
    const chars = 1_200_000;
    expect((chars / logRedrawDelayMs(chars)) * 1000).toBeCloseTo(1_000_000, -3);
  });

  it('still follows a huge log every couple of seconds', () => {
    expect(logRedrawDelayMs(8_000_000)).toBe(MAX_LOG_REDRAW_MS);
    expect(logRedrawDelayMs(Number.MAX_SAFE_INTEGER)).toBe(MAX_LOG_REDRAW_MS);
  });
});
