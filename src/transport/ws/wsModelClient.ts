import type { Logger } from '../../log/logger';
import { backoffDelay } from '../backoff';
import type { ConnectionState } from '../connectionState';
import type { ModelClient, ModelRequest, ModelStream } from '../modelClient';
import { ModelError } from '../modelError';
import { StateHolder } from '../stateHolder';
import { TokenStream } from '../tokenStream';
import type { Lane } from './lane';
import { WarmUp, type WarmUpHost } from './warmUp';
import { WsConnection, type ConnectionConfig, type ConnectionHost } from './wsConnection';
import { WsRequest, type RequestHost } from './wsRequest';
import type { WsTuning } from './wsTuning';

export interface WsClientOptions {
  url: string;
  endpoint: string;
  model: string;
  apiKey?: string;
  ca?: string;
  instructions?: string;
  firstTokenTimeoutMs: number;
  stallTimeoutMs: number;
  tuning: WsTuning;
  log: Logger;
  now: () => number;
}

/** Response ids remembered for connection affinity (`previous_response_id` is per socket). */
const AFFINITY_ENTRIES = 256;

/**
 * The fast path: a pool of pre-warmed Responses API WebSockets with lanes. Connects at
 * creation, keeps one warm socket (reconnecting with jittered backoff, rotating before the
 * lifetime limit), and gives every request a free lane at once; an abandoned lane is left to
 * drain and a new request takes another lane or socket instead of waiting behind it.
 */
export class WsModelClient implements ModelClient, ConnectionHost, RequestHost, WarmUpHost {
  readonly transport = 'ws' as const;
  readonly model: string;
  readonly endpoint: string;
  readonly apiKey: string | undefined;
  readonly steerTimeoutMs: number;
  private readonly conns = new Set<WsConnection>();
  private readonly waiting: WsRequest[] = [];
  private readonly live = new Set<WsRequest>();
  private readonly affinity = new Map<string, WsConnection>();
  private readonly holder: StateHolder;
  private readonly cfg: ConnectionConfig;
  private readonly warmWaiters: (() => void)[] = [];
  private instructions: string | undefined;
  /** Whether the deployment takes `stream_id` lanes; assumed until refused. */
  private lanes = true;
  private lastFailure: ModelError | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectAttempt = 0;
  private readonly sweepTimer: ReturnType<typeof setInterval>;
  private nextConnId = 1;
  private nextStreamId = 1;
  private disposed = false;

  constructor(private readonly o: WsClientOptions) {
    this.model = o.model;
    this.endpoint = o.endpoint;
    this.apiKey = o.apiKey;
    this.instructions = o.instructions;
    this.steerTimeoutMs = o.tuning.steerTimeoutMs;
    const headers: Record<string, string> = o.apiKey ? { Authorization: `Bearer ${o.apiKey}` } : {};
    this.cfg = { url: o.url, endpoint: o.endpoint, headers, apiKey: o.apiKey, ca: o.ca, tuning: o.tuning, log: o.log, now: o.now };
    this.holder = new StateHolder({ status: 'connecting', endpoint: o.endpoint, transport: 'ws' });
    this.sweepTimer = setInterval(() => this.closeIdleSpares(), Math.min(o.tuning.spareIdleMs, 60_000));
    this.sweepTimer.unref?.();
    this.open();
  }

  get state(): ConnectionState {
    return this.holder.state;
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    return this.holder.on(listener);
  }

  stream(request: ModelRequest): ModelStream {
    const o = this.o;
    const stream = new TokenStream({
      id: this.nextStreamId++,
      now: o.now,
      firstTokenTimeoutMs: o.firstTokenTimeoutMs,
      stallTimeoutMs: o.stallTimeoutMs,
      stop: request.stop,
      endpoint: o.endpoint,
    });
    if (this.disposed) {
      stream.fail(new ModelError('cancelled', 'The model client was closed.'));
      return stream;
    }
    if (request.fim) {
      stream.fail(
        new ModelError('config', `${o.endpoint} is a WebSocket endpoint; native fill-in-the-middle needs an HTTP endpoint (setting "flint.completions.api").`),
      );
      return stream;
    }
    const r = new WsRequest(stream, request, this);
    this.live.add(r);
    void stream.done.then(() => this.live.delete(r));
    this.redispatch(r);
    return stream;
  }

  warm(instructions: string): Promise<void> {
    this.instructions = instructions;
    const done = new Promise<void>((resolve) => this.warmWaiters.push(resolve));
    let sent = false;
    for (const conn of this.conns) sent = this.sendWarmUp(conn) || sent;
    if (!sent && !this.hasPendingConnection()) this.open();
    return done;
  }

  stats(): { openRequests: number; busyLanes: number; sockets: number; listeners: number } {
    let busyLanes = 0;
    for (const conn of this.conns) busyLanes += conn.busyLanes;
    return { openRequests: this.live.size, busyLanes, sockets: this.conns.size, listeners: this.holder.listenerCount };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.sweepTimer);
    for (const r of [...this.live]) r.stream.cancel();
    this.waiting.length = 0;
    for (const conn of [...this.conns]) conn.close();
    this.settleWarmWaiters();
    this.holder.set('offline', 'Closed.');
    this.holder.clear();
  }

  // RequestHost

  redispatch(r: WsRequest): void {
    if (r.stream.finished || this.disposed) return;
    const slot = this.findSlot(r.previousResponseId);
    if (slot) {
      r.start(slot.conn, slot.lane);
      this.keepSpare();
      return;
    }
    this.waiting.push(r);
    this.grow();
  }

  forget(r: WsRequest): void {
    const i = this.waiting.indexOf(r);
    if (i >= 0) this.waiting.splice(i, 1);
  }

  remember(responseId: string, conn: WsConnection): void {
    this.affinity.set(responseId, conn);
    if (this.affinity.size > AFFINITY_ENTRIES) this.affinity.delete(this.affinity.keys().next().value!);
  }

  lanesRefused(conn: WsConnection): void {
    if (this.lanes) this.o.log.info(`${this.endpoint} does not support lanes (stream_id): one response at a time per socket.`);
    this.lanes = false;
    for (const c of this.conns) c.lanesMode = false;
    conn.lanesMode = false;
  }

  log(message: string): void {
    this.o.log.debug(`${this.endpoint}: ${message}`);
  }

  // WarmUpHost

  warmed(conn: WsConnection, retry: boolean): void {
    if (retry && conn.status === 'open' && this.sendWarmUp(conn)) return;
    this.becameWarm(conn);
    this.settleWarmWaiters();
    this.updateState();
    this.pump();
  }

  // ConnectionHost

  opened(conn: WsConnection): void {
    this.reconnectAttempt = 0;
    this.lastFailure = undefined;
    this.o.log.info(`${this.endpoint}: socket ${conn.id} open.`);
    if (!this.sendWarmUp(conn)) this.becameWarm(conn);
    this.updateState();
    this.pump();
  }

  closed(conn: WsConnection, error: ModelError | undefined): void {
    this.conns.delete(conn);
    if (this.disposed) return;
    if (error) {
      this.lastFailure = error;
      this.o.log.warn(error.message);
    }
    if (this.hasUsableConnection() || this.hasPendingConnection()) {
      this.pump();
      this.grow();
      this.updateState();
      return;
    }
    if (!error) {
      // Closed on purpose (retired) with nothing to replace it yet: keep one warm socket.
      this.open();
      return;
    }
    // Nothing left to try now: requests waiting for a socket fail with the reason.
    const failure = error ?? new ModelError('network', `Connection to ${this.endpoint} was closed.`);
    for (const r of this.waiting.splice(0)) r.stream.fail(failure);
    this.settleWarmWaiters();
    this.scheduleReconnect(failure);
  }

  laneFreed(): void {
    this.pump();
  }

  rotate(conn: WsConnection): void {
    if (this.disposed || conn.retiring || conn.status !== 'open') return;
    this.o.log.info(`${this.endpoint}: rotating socket ${conn.id} before its lifetime limit.`);
    const next = this.open();
    next.replaces = conn;
  }

  expired(conn: WsConnection): void {
    conn.retire();
    if (!this.hasUsableConnection() && !this.hasPendingConnection()) this.open();
    this.grow();
  }

  // Pool mechanics.

  /** A warm replacement takes over: only now does the connection it replaces retire. */
  private becameWarm(conn: WsConnection): void {
    conn.warm = true;
    const old = conn.replaces;
    conn.replaces = undefined;
    if (old && conn.status === 'open') old.retire();
  }

  private open(): WsConnection {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const conn = new WsConnection(this.nextConnId++, this.cfg, this, this.lanes);
    this.conns.add(conn);
    this.updateState();
    return conn;
  }

  private sendWarmUp(conn: WsConnection): boolean {
    const lane = conn.acquire();
    if (!lane) return false;
    new WarmUp(conn, lane, this).start(this.instructions);
    return true;
  }

  private findSlot(previousResponseId: string | undefined): { conn: WsConnection; lane: Lane } | undefined {
    const preferred = previousResponseId ? this.affinity.get(previousResponseId) : undefined;
    const lane = preferred?.acquire();
    if (preferred && lane) return { conn: preferred, lane };
    for (const conn of this.conns) {
      const l = conn.acquire();
      if (l) return { conn, lane: l };
    }
    return undefined;
  }

  private pump(): void {
    while (this.waiting.length > 0) {
      const r = this.waiting[0];
      if (r.stream.finished) {
        this.waiting.shift();
        continue;
      }
      const slot = this.findSlot(r.previousResponseId);
      if (!slot) break;
      this.waiting.shift();
      r.start(slot.conn, slot.lane);
    }
    if (this.waiting.length > 0) this.grow();
    else this.keepSpare();
  }

  /** Opens sockets until the waiting requests fit (bounded by maxSockets). */
  private grow(): void {
    if (this.disposed) return;
    while (this.waiting.length > this.upcomingCapacity() && this.activeSockets() < this.o.tuning.maxSockets) this.open();
  }

  /** Slots that will appear without opening another socket. */
  private upcomingCapacity(): number {
    let n = 0;
    for (const conn of this.conns) {
      if (conn.retiring) continue;
      if (conn.status === 'connecting') n += conn.lanesMode ? this.o.tuning.lanesPerSocket : 1;
      else if (conn.status === 'open' && !conn.warm) n += 1; // frees when its warm-up ends
    }
    return n;
  }

  /**
   * After a request took the last free slot, open a spare socket so that the next request
   * (typically the one replacing it a keystroke later) finds a warm one.
   */
  private keepSpare(): void {
    if (this.disposed || this.activeSockets() >= this.o.tuning.maxSockets) return;
    for (const conn of this.conns) if (conn.status === 'connecting' || conn.hasFreeLane) return;
    this.open();
  }

  private closeIdleSpares(): void {
    const now = this.o.now();
    const idle = [...this.conns].filter((c) => c.status === 'open' && !c.retiring && c.busyLanes === 0);
    const usable = [...this.conns].filter((c) => c.status === 'open' && !c.retiring).length;
    let keep = usable - idle.length;
    // Most recently used first: those stay.
    idle.sort((a, b) => b.lastUsed - a.lastUsed);
    for (const conn of idle) {
      if (keep >= 1 && now - conn.lastUsed > this.o.tuning.spareIdleMs) conn.close();
      else keep++;
    }
  }

  private activeSockets(): number {
    let n = 0;
    for (const conn of this.conns) if (!conn.retiring && conn.status !== 'closed') n++;
    return n;
  }

  private hasUsableConnection(): boolean {
    for (const conn of this.conns) if (conn.status === 'open' && !conn.retiring) return true;
    return false;
  }

  private hasPendingConnection(): boolean {
    for (const conn of this.conns) if (conn.status === 'connecting') return true;
    return false;
  }

  private scheduleReconnect(failure: ModelError): void {
    const t = this.o.tuning;
    const wait = Math.max(backoffDelay(this.reconnectAttempt++, { baseMs: t.reconnectBaseMs, maxMs: t.reconnectMaxMs }), failure.retryAfterMs ?? 0);
    clearTimeout(this.reconnectTimer);
    // A rejected key will not get better by retrying: wait for the next request (or a new key).
    const retrying = failure.code !== 'auth';
    if (retrying) {
      this.reconnectTimer = setTimeout(() => this.open(), wait);
      this.reconnectTimer.unref?.();
    }
    const again = retrying ? ` Retrying in ${(wait / 1000).toFixed(1)} s.` : '';
    this.holder.set('offline', `${failure.message}${again}`);
  }

  private updateState(): void {
    if (this.disposed) return;
    let open = false;
    let warm = false;
    for (const conn of this.conns) {
      if (conn.status !== 'open' || conn.retiring) continue;
      open = true;
      if (conn.warm) warm = true;
    }
    if (warm) this.holder.set('warm');
    else if (open || this.hasPendingConnection()) this.holder.set('connecting', `Connecting to ${this.endpoint}…`);
    else if (this.lastFailure) this.holder.set('offline', this.lastFailure.message);
  }

  private settleWarmWaiters(): void {
    for (const resolve of this.warmWaiters.splice(0)) resolve();
  }
}
