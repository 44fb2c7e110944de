import { describe, expect, it } from 'vitest';
import { DebouncePolicy, defaultDebounceTuning } from '../../src/time/debouncePolicy';

function typist(gaps: number[], modelMs: number[] = [], fixed: number | null = null): DebouncePolicy {
  const d = new DebouncePolicy(() => fixed);
  let t = 0;
  d.noteKeystroke(t);
  for (const g of gaps) d.noteKeystroke((t += g));
  for (const m of modelMs) d.noteModelMs(m);
  return d;
}

describe('DebouncePolicy', () => {
  it('does not wait before the typist and the model are measured', () => {
    expect(typist([100, 100]).delayMs()).toBe(0);
    expect(typist([100, 100, 100, 100]).delayMs()).toBe(0);
  });

  it('does not wait while the model answers within the typist\'s gap', () => {
    expect(typist([150, 150, 150, 150], [40, 60, 45]).delayMs()).toBe(0);
  });

  it('waits about one median gap when the model is slower than the typist', () => {
    expect(typist([100, 100, 100, 100, 900, 20], [300, 280, 320]).delayMs()).toBe(Math.round(defaultDebounceTuning.factor * 100));
  });

  it('ignores pauses and caps the wait', () => {
    expect(typist([5000, 5000, 5000, 5000], [400]).delayMs()).toBe(0);
    expect(typist([1400, 1400, 1400, 1400], [2000]).delayMs()).toBe(defaultDebounceTuning.maxMs);
  });

  it('the setting overrides the adaptation', () => {
    expect(typist([100, 100, 100, 100], [300], 0).delayMs()).toBe(0);
    expect(typist([100, 100, 100, 100], [], 250).delayMs()).toBe(250);
  });
});
