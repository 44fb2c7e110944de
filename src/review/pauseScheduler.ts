export interface SchedulerTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PauseOptions {
  /** Quiet time after the last change before a review starts. */
  pauseMs: number;
  /** Least time between two reviews of one document, however the typing pauses. */
  minIntervalMs: number;
}

export const defaultPauseOptions: PauseOptions = { pauseMs: 1200, minIntervalMs: 5000 };

/**
 * The `onPause` trigger: fires for a document once typing in it has paused, debounced (every
 * change restarts the wait) and bounded (at most one review per `minIntervalMs`).
 */
export class PauseScheduler {
  private readonly timers = new Map<string, unknown>();
  private readonly lastFired = new Map<string, number>();

  constructor(
    private readonly clock: SchedulerTimers,
    private readonly options: () => PauseOptions,
    private readonly fire: (key: string) => void,
  ) {}

  /** The document changed: wait for the next pause. */
  changed(key: string): void {
    this.arm(key, this.options().pauseMs);
  }

  /** Stops waiting for this document (closed, or the trigger changed). */
  cancel(key: string): void {
    const t = this.timers.get(key);
    if (t !== undefined) this.clock.clearTimeout(t);
    this.timers.delete(key);
  }

  forget(key: string): void {
    this.cancel(key);
    this.lastFired.delete(key);
  }

  pending(): number {
    return this.timers.size;
  }

  dispose(): void {
    for (const key of [...this.timers.keys()]) this.cancel(key);
    this.lastFired.clear();
  }

  private arm(key: string, ms: number): void {
    this.cancel(key);
    this.timers.set(
      key,
      this.clock.setTimeout(() => this.due(key), Math.max(0, ms)),
    );
  }

  private due(key: string): void {
    this.timers.delete(key);
    const now = this.clock.now();
    const last = this.lastFired.get(key);
    const wait = last === undefined ? 0 : last + this.options().minIntervalMs - now;
    if (wait > 0) {
      this.arm(key, wait);
      return;
    }
    this.lastFired.set(key, now);
    this.fire(key);
  }
}
