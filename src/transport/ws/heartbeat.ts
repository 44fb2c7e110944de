import type WebSocket from 'ws';
import { BLOCKED_GRACE_MS, firedLate } from '../blockedThread';

/**
 * Client pings on a socket. `ws` answers the server's pings by itself, but only a ping of our
 * own notices a peer (or a network path) that went silent without closing.
 */
export class Heartbeat {
  private interval: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly periodMs: number,
    private readonly timeoutMs: number,
    /** Runs every period (periodic housekeeping rides along). */
    private readonly onBeat: () => void,
    private readonly onSilent: () => void,
    private readonly now: () => number,
  ) {}

  start(): void {
    this.interval = setInterval(() => this.beat(), this.periodMs);
    this.interval.unref?.();
  }

  pong(): void {
    clearTimeout(this.pongTimer);
    this.pongTimer = undefined;
  }

  stop(): void {
    clearInterval(this.interval);
    this.pong();
  }

  private beat(): void {
    this.onBeat();
    if (this.pongTimer !== undefined) return;
    this.socket.ping();
    this.wait(this.timeoutMs);
  }

  /** Waits `ms` for the pong; a wait that ends late (the pong may be unread) gets one more. */
  private wait(ms: number, graceLeft = true): void {
    const due = this.now() + ms;
    this.pongTimer = setTimeout(() => {
      this.pongTimer = undefined;
      if (graceLeft && firedLate(this.now(), due, this.timeoutMs)) return this.wait(Math.min(this.timeoutMs, BLOCKED_GRACE_MS), false);
      this.onSilent();
    }, ms);
    this.pongTimer.unref?.();
  }
}
