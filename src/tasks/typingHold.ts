/** The timers a hold reads (passed in: tests drive a clock of their own). */
export interface HoldClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** After the last keystroke, the quiet that counts as a pause in typing. */
export const TYPING_QUIET_MS = 600;

/**
 * Holds a background task's next process (a command, a test run) while the user types. A process
 * start is the burst of CPU a task costs most (a runtime booting, modules loading), and on a
 * machine with few cores even one in the idle scheduling class slows the editor the typist is
 * in: the window's renderer, its server and the extension host all need the CPU for each key.
 * So it starts once typing has paused (TYPING_QUIET_MS), or after `maxHoldMs()` whatever the
 * typing, so that a task always moves on (0: never held). Processes already running are left alone.
 */
export class TypingHold {
  private lastTyped = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly clock: HoldClock,
    private readonly maxHoldMs: () => number,
  ) {}

  /** The user typed a character (or deleted one). */
  typed(): void {
    this.lastTyped = this.clock.now();
  }

  /** Resolves with the milliseconds held: once typing pauses, at the latest after maxHoldMs, at once when `signal` aborts. */
  wait(signal?: AbortSignal): Promise<number> {
    const start = this.clock.now();
    const latest = start + Math.max(0, this.maxHoldMs());
    return new Promise((resolve) => {
      let timer: unknown;
      const done = () => {
        this.clock.clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve(this.clock.now() - start);
      };
      const check = () => {
        const now = this.clock.now();
        const quietAt = this.lastTyped + TYPING_QUIET_MS;
        if (signal?.aborted || now >= quietAt || now >= latest) return done();
        timer = this.clock.setTimeout(check, Math.min(quietAt, latest) - now);
      };
      signal?.addEventListener('abort', done, { once: true });
      check();
    });
  }
}
