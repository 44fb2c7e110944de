export interface HttpWarmthTuning {
  /** How long after the last request the pool is kept warm: the user is at work. */
  activeMs: number;
  /** How often an idle pool is looked at while active (a server closes idle connections on its own). */
  checkMs: number;
  /** Least time between two warm-ups: a server that closes every connection at once costs little. */
  minGapMs: number;
}

/**
 * Node's own http server closes an idle connection after 5 s, llama.cpp's after 5 s too; a
 * check every second finds the pool empty well before a typist's next burst.
 */
export const defaultHttpWarmthTuning: HttpWarmthTuning = { activeMs: 60_000, checkMs: 1000, minGapMs: 2000 };

export interface HttpWarmthDeps {
  /** Opens a pooled connection with a cheap request. */
  warmUp(): Promise<void>;
  /** Connections open and idle in the pool. */
  idleSockets(): number;
  /** Requests running now. */
  inFlight(): number;
  now(): number;
  tuning?: HttpWarmthTuning;
}

/**
 * Keeps one idle connection in an HTTP pool while the user is at work, so the next request
 * (the first key after a pause) pays no TCP or TLS set-up: a cancelled request takes its
 * connection with it (aborting a body closes it), and servers close idle ones after a few
 * seconds. Nothing runs once no request has been made for `activeMs`; a warm-up is made only
 * when no request runs and none is idle, so requests that end normally (their connection goes
 * back to the pool) cost nothing.
 */
export class HttpWarmth {
  private readonly tuning: HttpWarmthTuning;
  private lastUse = -Infinity;
  private lastWarmUp = -Infinity;
  private warming = false;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: HttpWarmthDeps) {
    this.tuning = deps.tuning ?? defaultHttpWarmthTuning;
  }

  /** A request started: the pool is kept warm from now on for a while. */
  used(): void {
    this.lastUse = this.deps.now();
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => this.check(), this.tuning.checkMs);
    this.timer.unref?.();
  }

  /**
   * A request ended (completed, cancelled or failed): its connection may be gone. Looked at on
   * the next turn, once a connection that ended normally is back in the pool.
   */
  ended(): void {
    setTimeout(() => this.check(), 0).unref?.();
  }

  dispose(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private check(): void {
    const now = this.deps.now();
    if (now - this.lastUse > this.tuning.activeMs) {
      this.dispose();
      return;
    }
    if (this.warming || now - this.lastWarmUp < this.tuning.minGapMs) return;
    if (this.deps.inFlight() > 0 || this.deps.idleSockets() > 0) return;
    this.warming = true;
    this.lastWarmUp = now;
    void this.deps.warmUp().finally(() => (this.warming = false));
  }
}
