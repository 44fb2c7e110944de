/** Timer functions (real ones in the editor, a fake clock in tests). */
export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** About one display frame: the editor cannot show updates faster than this. */
export const FRAME_MS = 16;

/**
 * Coalesces "something changed" signals into at most one update per frame, however fast tokens
 * arrive. The first change after a quiet spell is flushed on the next tick (no fixed delay);
 * later ones wait for the rest of the frame. A flush that is still being applied (an async
 * editor edit) is never overlapped: changes meanwhile follow it after a pause as long as it
 * took. An editor that needs 80 ms per update (a large diff on a busy machine) then spends at
 * most half its time on the stream and keeps frames for the user's typing and scrolling; a
 * fast one is still updated every frame.
 */
export class FrameScheduler {
  private timer: unknown = undefined;
  private running: Promise<void> | undefined;
  private dirty = false;
  private lastStart = -Infinity;
  private lastEnd = -Infinity;
  private lastMs = 0;
  private disposed = false;

  constructor(
    private readonly flush: () => Promise<void>,
    private readonly timers: Timers,
    private readonly frameMs = FRAME_MS,
  ) {}

  /** Something changed: make sure a flush follows within a frame. */
  request(): void {
    if (this.disposed) return;
    this.dirty = true;
    if (this.timer !== undefined || this.running) return;
    this.arm();
  }

  /** Flush now (the stream ended): waits for a flush in progress, then runs one more. */
  async flushNow(): Promise<void> {
    this.cancelTimer();
    while (this.running) await this.running;
    if (this.disposed) return;
    this.dirty = true;
    await this.run();
  }

  /** No more flushes; a flush in progress completes. */
  dispose(): void {
    this.disposed = true;
    this.cancelTimer();
  }

  private async run(): Promise<void> {
    if (!this.dirty || this.disposed) return;
    this.dirty = false;
    this.lastStart = this.timers.now();
    const p = this.flush();
    this.running = p;
    try {
      await p;
    } finally {
      this.running = undefined;
      this.lastEnd = this.timers.now();
      this.lastMs = this.lastEnd - this.lastStart;
    }
    if (this.dirty) this.request();
  }

  /** The next flush's earliest start: the rest of the frame, and a pause as long as the last flush. */
  private due(): number {
    return Math.max(this.lastStart + this.frameMs, this.lastEnd + this.lastMs);
  }

  /** Waits until due; timers may fire a little early, so the time is checked again. */
  private arm(): void {
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = undefined;
        if (this.timers.now() < this.due()) this.arm();
        else void this.run();
      },
      Math.max(0, Math.ceil(this.due() - this.timers.now())),
    );
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
