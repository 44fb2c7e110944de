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
    this.pongTimer = setTimeout(() => {
      this.pongTimer = undefined;
      this.onSilent();
    }, this.timeoutMs);
    this.pongTimer.unref?.();
  }
}
