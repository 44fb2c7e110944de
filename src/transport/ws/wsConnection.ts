import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import type { Logger } from '../../log/logger';
import { readResponsesFrame } from '../../protocol/readResponsesFrame';
import type { ResponseEnd, ResponsesEventSink, ServerError, SteerResult } from '../../protocol/readResponsesEvent';
import { retryAfterMs } from '../../protocol/retryAfter';
import { errorFromStatus } from '../errorFromStatus';
import { ModelError } from '../modelError';
import { Lane } from './lane';
import { MAX_LANE_NAMES, type WsTuning } from './wsTuning';

export interface ConnectionConfig {
  url: string;
  endpoint: string;
  headers: Record<string, string>;
  apiKey?: string;
  ca?: string;
  tuning: WsTuning;
  log: Logger;
  now: () => number;
}

/** What a connection tells its pool. */
export interface ConnectionHost {
  opened(conn: WsConnection): void;
  /** The socket is gone; `error` unless it was closed on purpose. */
  closed(conn: WsConnection, error: ModelError | undefined): void;
  laneFreed(conn: WsConnection): void;
  rotate(conn: WsConnection): void;
  /** The server says this connection reached its lifetime limit. */
  expired(conn: WsConnection): void;
}

/**
 * One Responses API WebSocket and its lanes. Parses each frame once and routes its event to
 * the lane's owner; keeps the socket honest with client pings.
 */
export class WsConnection implements ResponsesEventSink {
  status: 'connecting' | 'open' | 'closed' = 'connecting';
  /** No new requests: replaced by a newer connection or past its lifetime. */
  retiring = false;
  /** The warm-up finished (or was not needed). */
  warm = false;
  lastUsed: number;
  /** Set on a replacement connection: the one it takes over from when it opens. */
  replaces: WsConnection | undefined;
  private readonly socket: WebSocket;
  private readonly named = new Map<string, Lane>();
  private readonly defaultLane = new Lane(undefined);
  private capacity: number;
  private failure: ModelError | undefined;
  private closing = false;
  private closeWhenIdle = false;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private rotateTimer: ReturnType<typeof setTimeout> | undefined;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly id: number,
    private readonly cfg: ConnectionConfig,
    private readonly host: ConnectionHost,
    /** Requests carry `stream_id` lanes (false: one response at a time on the default lane). */
    public lanesMode: boolean,
  ) {
    this.capacity = cfg.tuning.lanesPerSocket;
    this.lastUsed = cfg.now();
    const ws = new WebSocket(cfg.url, {
      headers: cfg.headers,
      perMessageDeflate: false,
      handshakeTimeout: cfg.tuning.handshakeTimeoutMs,
      // Validated per frame instead, so one bad frame fails one request rather than the socket.
      skipUTF8Validation: true,
      ...(cfg.ca ? { ca: cfg.ca } : {}),
    });
    this.socket = ws;
    ws.on('open', () => this.onOpen());
    ws.on('message', (data, isBinary) => readResponsesFrame(data as Buffer, this, isBinary));
    ws.on('pong', () => this.clearPongTimer());
    ws.on('unexpected-response', (_req, res) => this.onRefused(res));
    ws.on('error', (err) => {
      this.failure ??= new ModelError('network', `Cannot reach ${cfg.endpoint}: ${err.message}`, { cause: err });
    });
    ws.on('close', (code, reason) => this.onClose(code, reason.toString()));
  }

  /** A free lane, or undefined when this connection is full. */
  acquire(): Lane | undefined {
    if (this.status !== 'open' || this.retiring) return undefined;
    if (!this.lanesMode) return this.defaultLane.free ? this.defaultLane : undefined;
    if (this.busyLanes >= this.capacity) return undefined;
    for (const lane of this.named.values()) if (lane.free) return lane;
    if (this.named.size >= MAX_LANE_NAMES) return undefined;
    const lane = new Lane(`l${this.named.size}`);
    this.named.set(lane.name!, lane);
    return lane;
  }

  get hasFreeLane(): boolean {
    if (this.status !== 'open' || this.retiring) return false;
    if (!this.lanesMode) return this.defaultLane.free;
    return this.busyLanes < this.capacity;
  }

  get busyLanes(): number {
    let n = this.defaultLane.free ? 0 : 1;
    for (const lane of this.named.values()) if (!lane.free) n++;
    return n;
  }

  /** The server refused another named lane: use only as many as are busy now. */
  limitLanes(): void {
    this.capacity = Math.max(1, this.busyLanes);
  }

  /** Sends a response.create on a lane. */
  sendCreate(lane: Lane, event: object): void {
    lane.awaitingCreated = true;
    this.lastUsed = this.cfg.now();
    this.send(event);
  }

  send(event: object): void {
    this.socket.send(JSON.stringify(event));
  }

  /** The owner gave up; its response runs on until its terminal event. */
  abandon(lane: Lane): void {
    lane.owner = undefined;
    lane.drainingSince = this.cfg.now();
  }

  release(lane: Lane): void {
    lane.owner = undefined;
    lane.drainingSince = undefined;
    lane.awaitingCreated = false;
    this.lastUsed = this.cfg.now();
    if (this.closeWhenIdle && this.busyLanes === 0) this.close();
    else this.host.laneFreed(this);
  }

  /** Stop taking requests and close once the running ones end (at the latest after the grace period). */
  retire(): void {
    if (this.retiring) return;
    this.retiring = true;
    this.closeWhenIdle = true;
    if (this.busyLanes === 0) return this.close();
    this.graceTimer = setTimeout(() => this.close(), this.cfg.tuning.retireGraceMs);
    this.graceTimer.unref?.();
  }

  close(): void {
    if (this.closing || this.status === 'closed') return;
    this.closing = true;
    this.stopTimers();
    if (this.status === 'connecting') this.socket.terminate();
    else this.socket.close(1000);
  }

  /** Drops the socket at once, as if the network failed. */
  terminate(error: ModelError): void {
    this.failure ??= error;
    this.socket.terminate();
  }

  // Events from the server.

  delta(text: string, streamId: string | undefined): void {
    const lane = streamId === undefined ? this.defaultLane : this.named.get(streamId);
    lane?.owner?.delta(text);
  }

  created(responseId: string, streamId: string | undefined): void {
    const lane = this.laneOf(streamId);
    if (!lane) return;
    lane.awaitingCreated = false;
    lane.owner?.created(responseId);
  }

  end(end: ResponseEnd, streamId: string | undefined): void {
    const lane = this.laneOf(streamId);
    if (!lane) return;
    if (lane.owner) return lane.owner.end(end);
    // A steered response is followed by its successor on the same lane: keep draining.
    if (lane.drainingSince !== undefined && !(end.status === 'incomplete' && end.reason === 'steered')) this.release(lane);
  }

  steer(result: SteerResult, streamId: string | undefined, responseId: string | undefined): void {
    let lane = streamId === undefined ? undefined : this.named.get(streamId);
    if (!lane && responseId) lane = this.lanes().find((l) => l.owner?.responseId === responseId);
    lane ??= this.lanes().find((l) => l.owner?.awaitingSteer);
    lane?.owner?.steer(result);
  }

  error(error: ServerError, streamId: string | undefined): void {
    if (error.code === 'websocket_connection_limit_reached') this.host.expired(this);
    const lane = streamId !== undefined ? this.named.get(streamId) : this.unlabelledErrorLane();
    if (!lane) {
      this.cfg.log.warn(`${this.cfg.endpoint} (socket ${this.id}): error event for no running request: ${error.code ?? ''} ${error.message}`);
      return;
    }
    if (lane.owner) return lane.owner.error(error);
    if (lane.drainingSince !== undefined) this.release(lane);
  }

  malformed(reason: string, streamId: string | undefined): void {
    let lane = streamId === undefined ? undefined : this.named.get(streamId);
    if (!lane) {
      const owned = this.lanes().filter((l) => l.owner);
      if (owned.length === 1) lane = owned[0];
    }
    this.cfg.log.warn(`${this.cfg.endpoint} (socket ${this.id}) sent a malformed event: ${reason}`);
    lane?.owner?.malformed(reason);
  }

  private laneOf(streamId: string | undefined): Lane | undefined {
    return streamId === undefined ? this.defaultLane : this.named.get(streamId);
  }

  /** An error naming no lane answers the oldest request not yet created, else the default lane. */
  private unlabelledErrorLane(): Lane | undefined {
    if (this.lanesMode) {
      const waiting = this.lanes().find((l) => l.awaitingCreated && l.owner);
      if (waiting) return waiting;
    }
    return this.defaultLane.free ? undefined : this.defaultLane;
  }

  private lanes(): Lane[] {
    return [this.defaultLane, ...this.named.values()];
  }

  // Socket life.

  private onOpen(): void {
    this.status = 'open';
    const t = this.cfg.tuning;
    this.pingTimer = setInterval(() => this.tick(), t.pingIntervalMs);
    this.pingTimer.unref?.();
    this.rotateTimer = setTimeout(() => this.host.rotate(this), t.rotateAfterMs);
    this.rotateTimer.unref?.();
    this.host.opened(this);
  }

  private tick(): void {
    const now = this.cfg.now();
    for (const lane of this.lanes()) {
      if (lane.drainingSince !== undefined && now - lane.drainingSince > this.cfg.tuning.drainTimeoutMs) {
        this.cfg.log.warn(`${this.cfg.endpoint} (socket ${this.id}): an abandoned response never ended; reusing its lane.`);
        this.release(lane);
      }
    }
    if (this.pongTimer !== undefined) return;
    this.socket.ping();
    this.pongTimer = setTimeout(() => {
      this.pongTimer = undefined;
      this.terminate(new ModelError('network', `${this.cfg.endpoint} stopped answering (no pong within ${this.cfg.tuning.pongTimeoutMs} ms).`));
    }, this.cfg.tuning.pongTimeoutMs);
    this.pongTimer.unref?.();
  }

  private clearPongTimer(): void {
    if (this.pongTimer !== undefined) clearTimeout(this.pongTimer);
    this.pongTimer = undefined;
  }

  private onRefused(res: IncomingMessage): void {
    const status = res.statusCode ?? 0;
    const retry = retryAfterMs((name) => {
      const v = res.headers[name];
      return Array.isArray(v) ? v[0] : v;
    });
    this.failure = errorFromStatus(status, this.cfg.endpoint, { retryAfterMs: retry, apiKey: this.cfg.apiKey });
    res.resume();
    this.socket.terminate();
  }

  private onClose(code: number, reason: string): void {
    const wasOpen = this.status === 'open';
    this.status = 'closed';
    this.stopTimers();
    // A retiring socket closing (even by the server, at its lifetime limit) is expected.
    const error = this.closing || this.retiring
      ? undefined
      : (this.failure ??
        new ModelError('network', wasOpen ? `Connection to ${this.cfg.endpoint} closed (code ${code}${reason ? `: ${reason}` : ''}).` : `Cannot reach ${this.cfg.endpoint}.`));
    const lost = error ?? new ModelError('network', `Connection to ${this.cfg.endpoint} was closed.`);
    for (const lane of this.lanes()) {
      const owner = lane.owner;
      lane.owner = undefined;
      lane.drainingSince = undefined;
      owner?.closed(lost);
    }
    this.host.closed(this, error);
  }

  private stopTimers(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.rotateTimer);
    clearTimeout(this.graceTimer);
    this.clearPongTimer();
  }
}
