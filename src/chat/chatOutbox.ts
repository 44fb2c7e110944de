import type { HostMessage } from './chatProtocol';

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/**
 * Posts to the webview, merging streamed deltas: the first delta of a burst goes out at once
 * (no added first-token latency), later ones are merged for `intervalMs`, so thousands of
 * tokens a second become about one message a frame. Any other message first flushes the
 * merged text, so the webview sees events in order, and ends the interval: the end of an
 * answer goes out at once and leaves no timer behind.
 */
export class ChatOutbox {
  private pending: { turnId: string; text: string } | undefined;
  private timer: unknown;

  constructor(
    private readonly post: (message: HostMessage) => void,
    private readonly timers: Timers,
    private readonly intervalMs = 16,
  ) {}

  send(message: HostMessage): void {
    this.flush();
    this.stopTimer();
    this.post(message);
  }

  delta(turnId: string, text: string): void {
    if (this.pending && this.pending.turnId !== turnId) this.flush();
    if (this.timer === undefined) {
      this.post({ type: 'delta', turnId, text });
      this.timer = this.timers.set(() => this.tick(), this.intervalMs);
      return;
    }
    if (this.pending) this.pending.text += text;
    else this.pending = { turnId, text };
  }

  dispose(): void {
    this.stopTimer();
    this.pending = undefined;
  }

  private stopTimer(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    this.timer = undefined;
    if (!this.pending) return;
    this.flush();
    // Still streaming: keep merging for another interval.
    this.timer = this.timers.set(() => this.tick(), this.intervalMs);
  }

  private flush(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    this.post({ type: 'delta', turnId: p.turnId, text: p.text });
  }
}
