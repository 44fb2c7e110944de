/** Timers the scheduler uses (fake ones in tests). */
export interface SchedulerTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

type Job<T> = (args: T, signal: AbortSignal) => Promise<void>;

interface Slot<T> {
  running?: { controller: AbortController; done: Promise<void> };
  /** The newest arguments not yet started. */
  next?: T;
  timer?: unknown;
}

/**
 * At most one job per key in flight. A new request for a key cancels the running job (its work
 * is stale) and runs once more with the newest arguments when that one has stopped; requests
 * that come in a burst (within `delayMs`, or while one is stopping) collapse into one run.
 */
export class GenerationScheduler<T> {
  private readonly slots = new Map<string, Slot<T>>();

  constructor(
    private readonly job: Job<T>,
    private readonly timers: SchedulerTimers,
    private readonly delayMs = 0,
    private readonly onError: (key: string, err: unknown) => void = () => undefined,
  ) {}

  schedule(key: string, args: T): void {
    const slot = this.slots.get(key) ?? {};
    this.slots.set(key, slot);
    slot.next = args;
    slot.running?.controller.abort();
    if (slot.timer !== undefined) this.timers.clearTimeout(slot.timer);
    slot.timer = this.timers.setTimeout(() => {
      slot.timer = undefined;
      this.startIfIdle(key, slot);
    }, this.delayMs);
  }

  /** Stops the key's running job and forgets what was waiting. */
  cancel(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    slot.next = undefined;
    if (slot.timer !== undefined) this.timers.clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.running?.controller.abort();
  }

  /** Keys with a job running now. */
  inFlight(): string[] {
    return [...this.slots].filter(([, s]) => s.running).map(([k]) => k);
  }

  /** Resolves when nothing runs or waits (tests and shutdown). */
  async idle(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const busy = [...this.slots.values()].filter((s) => s.running || s.timer !== undefined || s.next !== undefined);
      if (busy.length === 0) return;
      await Promise.all(busy.map((s) => s.running?.done ?? new Promise((r) => setTimeout(r, this.delayMs + 1))));
    }
  }

  dispose(): void {
    for (const key of this.slots.keys()) this.cancel(key);
  }

  private startIfIdle(key: string, slot: Slot<T>): void {
    if (slot.running || slot.next === undefined) return;
    const args = slot.next;
    slot.next = undefined;
    const controller = new AbortController();
    const done = this.job(args, controller.signal)
      .catch((err: unknown) => {
        if (!controller.signal.aborted) this.onError(key, err);
      })
      .finally(() => {
        slot.running = undefined;
        if (slot.next !== undefined && slot.timer === undefined) this.startIfIdle(key, slot);
        else if (slot.next === undefined && slot.timer === undefined) this.slots.delete(key);
      });
    slot.running = { controller, done };
  }
}
