import type { Lane } from './lane';
import { countsAsActive, takesRequests } from './socketState';
import type { WsConnection } from './wsConnection';

/** The pool's connections and the questions the pool asks about them. */
export class SocketSet implements Iterable<WsConnection> {
  private readonly conns = new Set<WsConnection>();

  constructor(private readonly lanesPerSocket: number) {}

  add(conn: WsConnection): void {
    this.conns.add(conn);
  }

  delete(conn: WsConnection): void {
    this.conns.delete(conn);
  }

  get size(): number {
    return this.conns.size;
  }

  [Symbol.iterator](): Iterator<WsConnection> {
    return this.conns[Symbol.iterator]();
  }

  /** A free lane, on `preferred` (the socket holding a chain) when it has one, else the oldest socket. */
  findSlot(preferred: WsConnection | undefined): { conn: WsConnection; lane: Lane } | undefined {
    const lane = preferred?.acquire();
    if (preferred && lane) return { conn: preferred, lane };
    for (const conn of this.conns) {
      const l = conn.acquire();
      if (l) return { conn, lane: l };
    }
    return undefined;
  }

  /** Slots that will appear without opening another socket. */
  upcomingCapacity(): number {
    let n = 0;
    for (const conn of this.conns) {
      if (conn.state.kind === 'connecting') n += conn.lanesMode ? this.lanesPerSocket : 1;
      else if (conn.state.kind === 'warming') n += 1; // frees when its warm-up ends
    }
    return n;
  }

  /** Sockets that count against the limit (retiring ones are on their way out). */
  active(): number {
    let n = 0;
    for (const conn of this.conns) if (countsAsActive(conn.state)) n++;
    return n;
  }

  hasUsable(): boolean {
    for (const conn of this.conns) if (takesRequests(conn.state)) return true;
    return false;
  }

  hasPending(): boolean {
    for (const conn of this.conns) if (conn.state.kind === 'connecting') return true;
    return false;
  }

  /** Whether the next request finds a free lane or a socket about to open. */
  hasRoom(): boolean {
    for (const conn of this.conns) if (conn.state.kind === 'connecting' || conn.hasFreeLane) return true;
    return false;
  }

  hasWarm(): boolean {
    for (const conn of this.conns) if (conn.state.kind === 'ready') return true;
    return false;
  }

  busyLanes(): number {
    let n = 0;
    for (const conn of this.conns) n += conn.busyLanes;
    return n;
  }

  /** Idle sockets unused for `idleMs`, sparing the most recently used usable one. */
  idleSpares(now: number, idleMs: number): WsConnection[] {
    const usable = [...this.conns].filter((c) => takesRequests(c.state));
    const idle = usable.filter((c) => c.busyLanes === 0).sort((a, b) => b.lastUsed - a.lastUsed);
    let kept = usable.length - idle.length;
    const out: WsConnection[] = [];
    for (const conn of idle) {
      if (kept >= 1 && now - conn.lastUsed > idleMs) out.push(conn);
      else kept++;
    }
    return out;
  }
}
