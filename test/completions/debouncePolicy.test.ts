import { describe, expect, it } from 'vitest';
import { DebouncePolicy, defaultDebounceTuning } from '../../src/completions/debouncePolicy';

function typist(gaps: number[], fixed: number | null = null): DebouncePolicy {
  const d = new DebouncePolicy(() => fixed);
  let t = 0;
  d.noteKeystroke(t);
  for (const g of gaps) d.noteKeystroke((t += g));
  return d;
}

describe('DebouncePolicy', () => {
  it('uses the initial delay until the typist is measured', () => {
    expect(typist([100, 100]).delayMs()).toBe(defaultDebounceTuning.initialMs);
  });

  it('follows the median gap, not the outliers', () => {
    expect(typist([100, 100, 100, 100, 900, 20]).delayMs()).toBe(Math.round(defaultDebounceTuning.factor * 100));
  });

  it('ignores pauses and caps the delay', () => {
    expect(typist([5000, 5000, 5000, 5000]).delayMs()).toBe(defaultDebounceTuning.initialMs);
    expect(typist([1400, 1400, 1400, 1400]).delayMs()).toBe(defaultDebounceTuning.maxMs);
  });

  it('the setting overrides the adaptation', () => {
    expect(typist([100, 100, 100, 100], 0).delayMs()).toBe(0);
    expect(typist([100, 100, 100, 100], 250).delayMs()).toBe(250);
  });
});
