/** Tuning of the adaptive delay; see DebouncePolicy for how the values were chosen. */
export interface DebounceTuning {
  /** Share of the typist's median gap waited when the model is slower than that gap. */
  factor: number;
  minMs: number;
  maxMs: number;
  /** Gaps longer than this are pauses, not typing rhythm. */
  pauseMs: number;
  /** Gaps and model times remembered. */
  window: number;
}

export const defaultDebounceTuning: DebounceTuning = {
  factor: 1,
  minMs: 0,
  maxMs: 250,
  pauseMs: 1500,
  window: 24,
};

/**
 * How long to wait after a keystroke before a new model request. With `fixedMs` set (the
 * `flint.completions.debounceMs` setting) that is the answer. Otherwise it adapts to the typist
 * and to the model, from what bench/completions.ts measured (debounce_sweep in
 * bench/results/completions.json): a wait shorter than the gap to the next keystroke saves no
 * request at all (every request still goes out before that key) and only delays the
 * suggestion; a request answered before the next key is not wasted either. So while the
 * model's answers arrive within the typist's median gap, there is no wait. When the model is
 * slower than the typist, requests started at once are mostly superseded by the next key; then
 * it waits about one median gap, so a burst of keys asks once, when the typist pauses. The
 * editor itself already waits 50 ms before asking (VS Code 1.100), which this adds to.
 * Served-from-cache and typing-through answers never wait.
 */
export class DebouncePolicy {
  private readonly gaps: number[] = [];
  private readonly modelMs: number[] = [];
  private last: number | undefined;

  constructor(
    private readonly fixedMs: () => number | null,
    private readonly tuning: DebounceTuning = defaultDebounceTuning,
  ) {}

  /** Call on every keystroke (every time the editor asks for a suggestion). */
  noteKeystroke(now: number): void {
    if (this.last !== undefined) {
      const gap = now - this.last;
      if (gap > 0 && gap < this.tuning.pauseMs) this.remember(this.gaps, gap);
    }
    this.last = now;
  }

  /** Call with the model's time to a complete suggestion (request sent to the last delta needed). */
  noteModelMs(ms: number): void {
    this.remember(this.modelMs, ms);
  }

  /** Typical gap between keystrokes (ms), once measurable. */
  typicalGapMs(): number | undefined {
    return this.gaps.length < 4 ? undefined : median(this.gaps);
  }

  delayMs(): number {
    const fixed = this.fixedMs();
    if (fixed !== null) return fixed;
    const gap = this.typicalGapMs();
    if (gap === undefined || this.modelMs.length === 0 || median(this.modelMs) <= gap) return 0;
    const t = this.tuning;
    return Math.round(Math.min(t.maxMs, Math.max(t.minMs, t.factor * gap)));
  }

  private remember(list: number[], value: number): void {
    list.push(value);
    if (list.length > this.tuning.window) list.shift();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
