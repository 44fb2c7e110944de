import type WebSocket from 'ws';

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
    this.wait(true);
  }

  /**
   * Waits for the pong. A timer that fires well after it was due means this thread was blocked
   * (a busy machine, another extension's work): the pong may be sitting unread, so the socket
   * gets one more wait, with the thread running, before it counts as silent.
   */
  private wait(graceLeft: boolean): void {
    const due = this.now() + this.timeoutMs;
    this.pongTimer = setTimeout(() => {
      this.pongTimer = undefined;
      if (graceLeft && this.now() - due > this.timeoutMs / 2) return this.wait(false);
      this.onSilent();
    }, this.timeoutMs);
    this.pongTimer.unref?.();
  }
}
