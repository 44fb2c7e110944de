/** Tuning of the adaptive delay; see DebouncePolicy for how the values were chosen. */
export interface DebounceTuning {
  /** Delay while too few keystrokes have been seen to measure the typist. */
  initialMs: number;
  /** Share of the typist's median inter-keystroke interval waited before asking the model. */
  factor: number;
  minMs: number;
  maxMs: number;
  /** Gaps longer than this are pauses, not typing rhythm. */
  pauseMs: number;
  /** Intervals remembered. */
  window: number;
}

export const defaultDebounceTuning: DebounceTuning = {
  initialMs: 40,
  factor: 0.3,
  minMs: 0,
  maxMs: 120,
  pauseMs: 1500,
  window: 24,
};

/**
 * How long to wait after a keystroke before a new model request. With `fixedMs` set (the
 * `flint.completions.debounceMs` setting) that is the answer. Otherwise it adapts to the typist:
 * a fraction of their median gap between keystrokes, so a burst of fast keys asks once while a
 * slow, deliberate typist is not made to wait for nothing. Served-from-cache and typing-through
 * answers never wait. The defaults come from bench/completions.ts (debounce sweep): see the
 * numbers recorded next to `defaultDebounceTuning` in bench/results/completions.json.
 */
export class DebouncePolicy {
  private readonly gaps: number[] = [];
  private last: number | undefined;

  constructor(
    private readonly fixedMs: () => number | null,
    private readonly tuning: DebounceTuning = defaultDebounceTuning,
  ) {}

  /** Call on every keystroke (every time the editor asks for a suggestion). */
  noteKeystroke(now: number): void {
    if (this.last !== undefined) {
      const gap = now - this.last;
      if (gap > 0 && gap < this.tuning.pauseMs) {
        this.gaps.push(gap);
        if (this.gaps.length > this.tuning.window) this.gaps.shift();
      }
    }
    this.last = now;
  }

  /** Typical gap between keystrokes (ms), once measurable. */
  typicalGapMs(): number | undefined {
    if (this.gaps.length < 4) return undefined;
    const sorted = [...this.gaps].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  }

  delayMs(): number {
    const fixed = this.fixedMs();
    if (fixed !== null) return fixed;
    const t = this.tuning;
    const gap = this.typicalGapMs();
    if (gap === undefined) return t.initialMs;
    return Math.round(Math.min(t.maxMs, Math.max(t.minMs, t.factor * gap)));
  }
}
