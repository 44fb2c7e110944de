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
 * and to the model, from what `npm run bench -- completions --sweep` measured
 * (bench/results/completions-debounce.json; typist median gap ~120 ms):
 * - a model answering in ~45 ms: no wait 47 requests per 100 keys and 0.5 ms added, 50 ms
 *   wait 44 and +52 ms, 150 ms wait 18 and +151 ms (and fewer suggestions accepted). A wait
 *   shorter than the gap to the next key saves no request, it only delays the suggestion.
 * - a model taking ~250 ms: no wait 33 requests per 100 keys, 150 ms wait 16; waiting about one
 *   median gap (this policy) 22 at +105 ms.
 * So: no wait while the model answers within the typist's median gap; when it is slower,
 * requests started at once are mostly superseded, and it waits about one median gap so a burst
 * of keys asks once. The editor already waits 50 ms before asking (VS Code 1.100). Answers from
 * the cache or typed-through suggestions never wait.
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
