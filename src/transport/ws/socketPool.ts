import type { Logger } from '../../log/logger';
import type { ConnectionState } from '../connectionState';
import { ModelError } from '../modelError';
import { StateHolder } from '../stateHolder';
import { Reconnector } from './reconnector';
import { refusedOutright } from './refusedOutright';
import { SocketSet } from './socketSet';
import { takesRequests } from './socketState';
import { WarmUp, type WarmUpHost } from './warmUp';
import { wsConnectOptions } from '../network/connectOptions';
import type { NetworkSettings } from '../network/networkSettings';
import { WsConnection, type ConnectionConfig, type ConnectionHost } from './wsConnection';
import type { RequestHost, WsRequest } from './wsRequest';
import type { WsTuning } from './wsTuning';

export interface SocketPoolOptions {
  url: string;
  endpoint: string;
  model: string;
  apiKey?: string;
  network: NetworkSettings;
  instructions?: string;
  tuning: WsTuning;
  log: Logger;
  now: () => number;
}

/** Response ids remembered for connection affinity (`previous_response_id` is per socket). */
const AFFINITY_ENTRIES = 256;

/**
 * A pool of pre-warmed Responses API WebSockets with lanes. Connects at creation, keeps one
 * warm socket (reconnecting with jittered backoff, rotating before the lifetime limit), and
 * gives every request a free lane at once; an abandoned lane is left to drain and a new request
 * takes another lane or socket instead of waiting behind it. A server that refuses the upgrade
 * outright (a plain HTTP server) is not dialed again. What its sockets, requests and warm-ups
 * tell it arrives through their host interfaces.
 */
export class SocketPool implements ConnectionHost, RequestHost, WarmUpHost {
  readonly model: string;
  readonly endpoint: string;
  readonly apiKey: string | undefined;
  readonly steerTimeoutMs: number;
  private readonly conns: SocketSet;
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
  /** Whether any socket ever opened: a server that took one has a WebSocket mode. */
  private everOpened = false;
  /**
   * The refusal that showed the endpoint has no WebSocket mode: nothing is dialed any more and
   * every request fails with it (the HTTP fallback takes them). A new pool (the endpoint's
   * settings changed, the window reloaded) tries again.
   */
  private noWebSocket: ModelError | undefined;
  private readonly reconnector: Reconnector;
  private readonly sweepTimer: ReturnType<typeof setInterval>;
  private nextConnId = 1;
  private disposedValue = false;

  constructor(private readonly o: SocketPoolOptions) {
    this.model = o.model;
    this.endpoint = o.endpoint;
    this.apiKey = o.apiKey;
    this.instructions = o.instructions;
    this.steerTimeoutMs = o.tuning.steerTimeoutMs;
    this.conns = new SocketSet(o.tuning.lanesPerSocket);
    this.reconnector = new Reconnector(o.tuning, () => this.open());
    const headers: Record<string, string> = o.apiKey ? { Authorization: `Bearer ${o.apiKey}` } : {};
    const route = wsConnectOptions(o.url, o.network);
    if (route.proxy) o.log.info(`${o.endpoint}: WebSocket through the proxy ${route.proxy.display} (CONNECT)`);
    this.cfg = { url: o.url, endpoint: o.endpoint, headers, apiKey: o.apiKey, agent: route.agent, proxy: route.proxy?.display, tls: route.tls, tuning: o.tuning, log: o.log, now: o.now };
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

  get disposed(): boolean {
    return this.disposedValue;
  }

  /** Takes a new request: a free lane now, else the queue (opening sockets for it). */
  submit(r: WsRequest): void {
    this.live.add(r);
    void r.stream.done.then(() => this.live.delete(r));
    this.redispatch(r);
  }

  warm(instructions: string): Promise<void> {
    this.instructions = instructions;
    if (this.noWebSocket) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.warmWaiters.push(resolve));
    let sent = false;
    for (const conn of this.conns) sent = this.sendWarmUp(conn) || sent;
    // Busy sockets warm the instructions with their next request; new ones at open.
    if (!sent && !this.conns.hasPending()) {
      if (this.conns.hasUsable()) this.settleWarmWaiters();
      else this.open();
    }
    return done;
  }

  stats(): { openRequests: number; busyLanes: number; sockets: number; listeners: number } {
    return { openRequests: this.live.size, busyLanes: this.conns.busyLanes(), sockets: this.conns.size, listeners: this.holder.listenerCount };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposedValue = true;
    this.reconnector.cancel();
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
    if (this.noWebSocket) return r.stream.fail(this.noWebSocket);
    const slot = this.slotFor(r);
    if (slot) {
      r.start(slot.conn, slot.lane);
      this.keepSpare();
      return;
    }
    r.queuedAt = this.o.now();
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
    conn.lanesMode = false;
    for (const c of this.conns) c.lanesMode = false;
  }

  log(message: string): void {
    this.o.log.debug(`${this.endpoint}: ${message}`);
  }

  // WarmUpHost

  warmed(conn: WsConnection, retry: boolean): void {
    if (retry && takesRequests(conn.state) && this.sendWarmUp(conn)) return;
    this.becameWarm(conn);
    this.settleWarmWaiters();
    this.updateState();
    this.pump();
  }

  // ConnectionHost

  opened(conn: WsConnection): void {
    this.reconnector.succeeded();
    this.lastFailure = undefined;
    this.everOpened = true;
    this.o.log.info(`${this.endpoint}: socket ${conn.id} open.`);
    if (!this.sendWarmUp(conn)) this.becameWarm(conn);
    this.updateState();
    this.pump();
  }

  closed(conn: WsConnection, error: ModelError | undefined): void {
    this.conns.delete(conn);
    if (this.disposed || this.noWebSocket) return;
    if (error && !this.everOpened && refusedOutright(error)) return this.giveUp(error);
    if (error) {
      this.lastFailure = error;
      this.o.log.warn(error.message);
    }
    if (this.conns.hasUsable() || this.conns.hasPending()) {
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
    // Nothing left to try now: requests that waited for this attempt fail with its reason. One
    // queued after the attempt began gets an attempt of its own: the endpoint may be back.
    const late = this.waiting.filter((r) => r.queuedAt > conn.createdAt);
    for (const r of this.waiting.splice(0)) if (!late.includes(r)) r.stream.fail(error);
    if (late.length > 0) {
      this.waiting.push(...late);
      this.holder.set('offline', error.message, error.code);
      this.open();
      return;
    }
    this.settleWarmWaiters();
    const wait = this.reconnector.schedule(error);
    const again = wait === undefined ? '' : ` Retrying in ${(wait / 1000).toFixed(1)} s.`;
    this.holder.set('offline', `${error.message}${again}`, error.code);
  }

  laneFreed(): void {
    this.pump();
  }

  rotate(conn: WsConnection): void {
    if (this.disposed || !takesRequests(conn.state)) return;
    this.o.log.info(`${this.endpoint}: rotating socket ${conn.id} before its lifetime limit.`);
    this.open(conn);
  }

  expired(conn: WsConnection, byServer: boolean): void {
    conn.retire(byServer);
    if (!this.conns.hasUsable() && !this.conns.hasPending()) this.open();
    this.grow();
  }

  // Pool mechanics.

  /**
   * The endpoint refused the upgrade outright: it has no WebSocket mode. Says so once, fails
   * what waits (the HTTP fallback resends it) and dials no more.
   */
  private giveUp(refusal: ModelError): void {
    const message =
      `${refusal.message.replace(/\.?$/, '.')} ${this.endpoint} has no WebSocket mode, so it is not tried again until its settings ` +
      'change or the window is reloaded.';
    this.noWebSocket = new ModelError(refusal.code, message, refusal.options);
    this.reconnector.cancel();
    this.o.log.warn(message);
    for (const conn of [...this.conns]) conn.close();
    for (const r of this.waiting.splice(0)) r.stream.fail(this.noWebSocket);
    this.settleWarmWaiters();
    this.holder.set('offline', message, refusal.code, true);
  }

  /** A warm replacement takes over: only now does the connection it replaces retire. */
  private becameWarm(conn: WsConnection): void {
    conn.warmed()?.retire();
  }

  /** Opens a socket; `replaces` retires once the new one is warm. */
  private open(replaces?: WsConnection): WsConnection {
    this.reconnector.cancel();
    const conn = new WsConnection(this.nextConnId++, this.cfg, this, this.lanes, replaces);
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

  private slotFor(r: WsRequest) {
    const id = r.previousResponseId;
    return this.conns.findSlot(id ? this.affinity.get(id) : undefined);
  }

  private pump(): void {
    while (this.waiting.length > 0) {
      const r = this.waiting[0];
      if (r.stream.finished) {
        this.waiting.shift();
        continue;
      }
      const slot = this.slotFor(r);
      if (!slot) break;
      this.waiting.shift();
      r.start(slot.conn, slot.lane);
    }
    if (this.waiting.length > 0) this.grow();
    else this.keepSpare();
  }

  /** Opens sockets until the waiting requests fit (bounded by maxSockets). */
  private grow(): void {
    if (this.disposed || this.noWebSocket) return;
    while (this.waiting.length > this.conns.upcomingCapacity() && this.conns.active() < this.o.tuning.maxSockets) this.open();
  }

  /**
   * After a request took the last free slot, open a spare socket so that the next request
   * (typically the one replacing it a keystroke later) finds a warm one.
   */
  private keepSpare(): void {
    if (this.disposed || this.noWebSocket || this.conns.active() >= this.o.tuning.maxSockets || this.conns.hasRoom()) return;
    this.open();
  }

  private closeIdleSpares(): void {
    for (const conn of this.conns.idleSpares(this.o.now(), this.o.tuning.spareIdleMs)) conn.close();
  }

  private updateState(): void {
    if (this.disposed) return;
    if (this.conns.hasWarm()) this.holder.set('warm');
    else if (this.conns.hasUsable()) this.holder.set('connecting', `Warming up ${this.endpoint}…`);
    // While offline, reconnect attempts keep the offline reason rather than flicker.
    else if (this.lastFailure) return;
    else if (this.conns.hasPending()) this.holder.set('connecting', `Connecting to ${this.endpoint}…`);
  }

  private settleWarmWaiters(): void {
    for (const resolve of this.warmWaiters.splice(0)) resolve();
  }
}
