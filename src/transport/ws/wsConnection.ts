import type { Agent, IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import type { Logger } from '../../log/logger';
import { readResponsesFrame } from '../../protocol/readResponsesFrame';
import type { FunctionCallItem, ResponseEnd, ResponsesEventSink, ServerError, SteerResult } from '../../protocol/readResponsesEvent';
import { retryAfterMs } from '../../protocol/retryAfter';
import { errorFromStatus, scrub } from '../errorFromStatus';
import { ModelError } from '../modelError';
import type { TlsTrust } from '../network/connectOptions';
import { Heartbeat } from './heartbeat';
import type { Lane } from './lane';
import { LaneTable } from './laneTable';
import { isOpen, nextSocketState, takesRequests, type SocketEvent, type SocketState } from './socketState';
import type { WsTuning } from './wsTuning';

export interface ConnectionConfig {
  url: string;
  endpoint: string;
  headers: Record<string, string>;
  apiKey?: string;
  /** A proxy tunnel, when one applies, and the proxy's scheme://host:port. */
  agent?: Agent;
  proxy?: string;
  tls: TlsTrust;
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
  /** This connection must take no new requests (a lane stuck, or `byServer`: the server's lifetime limit reached). */
  expired(conn: WsConnection, byServer: boolean): void;
}

/**
 * One Responses API WebSocket and its lanes. Parses each frame once and routes its event to
 * the lane's owner; keeps the socket honest with client pings.
 */
export class WsConnection implements ResponsesEventSink {
  private stateValue: SocketState<WsConnection>;
  lastUsed: number;
  /** When the connection attempt began. */
  readonly createdAt: number;
  private readonly socket: WebSocket;
  private readonly lanes: LaneTable;
  private readonly heartbeat: Heartbeat;
  private failure: ModelError | undefined;
  private rotateTimer: ReturnType<typeof setTimeout> | undefined;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly id: number,
    private readonly cfg: ConnectionConfig,
    private readonly host: ConnectionHost,
    /** Requests carry `stream_id` lanes (false: one response at a time on the default lane). */
    public lanesMode: boolean,
    /** The connection this one takes over from once it is warm. */
    replaces?: WsConnection,
  ) {
    this.stateValue = { kind: 'connecting', replaces };
    this.lanes = new LaneTable(cfg.tuning.lanesPerSocket);
    this.lastUsed = cfg.now();
    this.createdAt = this.lastUsed;
    const ws = new WebSocket(cfg.url, {
      headers: cfg.headers,
      perMessageDeflate: false,
      handshakeTimeout: cfg.tuning.handshakeTimeoutMs,
      // Validated per frame instead, so a bad frame fails its request rather than the socket.
      skipUTF8Validation: true,
      ...(cfg.agent ? { agent: cfg.agent } : {}),
      ...cfg.tls,
    });
    this.socket = ws;
    const silent = () =>
      this.terminate(new ModelError('network', `${cfg.endpoint} stopped answering (no pong within ${cfg.tuning.pongTimeoutMs} ms).`));
    this.heartbeat = new Heartbeat(ws, cfg.tuning.pingIntervalMs, cfg.tuning.pongTimeoutMs, () => this.reclaimStuckLanes(), silent, cfg.now);
    ws.on('open', () => this.onOpen());
    ws.on('message', (data, isBinary) => readResponsesFrame(data as Buffer, this, isBinary));
    ws.on('pong', () => this.heartbeat.pong());
    ws.on('unexpected-response', (_req, res) => this.onRefused(res));
    ws.on('error', (err) => {
      const via = cfg.proxy ? ` through the proxy ${cfg.proxy}` : '';
      const what = isOpen(this.stateValue) ? `Connection to ${cfg.endpoint} failed` : `Cannot reach ${cfg.endpoint}${via}`;
      this.failure ??= new ModelError('network', `${what}: ${scrub(err.message, cfg.apiKey).replace(/\.?$/, '.')}`, { cause: err });
    });
    ws.on('close', (code, reason) => this.onClose(code, reason.toString()));
  }

  get state(): SocketState<WsConnection> {
    return this.stateValue;
  }

  /** A free lane, or undefined when this connection is full or takes no requests. */
  acquire(): Lane | undefined {
    return takesRequests(this.stateValue) ? this.lanes.acquire(this.lanesMode) : undefined;
  }

  get hasFreeLane(): boolean {
    return takesRequests(this.stateValue) && this.lanes.hasFree(this.lanesMode);
  }

  get busyLanes(): number {
    return this.lanes.busy;
  }

  /** The server refused another named lane. */
  limitLanes(): void {
    this.lanes.limit();
  }

  /** Sends a response.create on a lane. */
  sendCreate(lane: Lane, event: object): void {
    lane.to({ type: 'sent' });
    this.lastUsed = this.cfg.now();
    this.send(event);
  }

  send(event: object): void {
    this.socket.send(JSON.stringify(event));
  }

  /** The owner gave up; its response runs on until its terminal event. */
  abandon(lane: Lane): void {
    lane.to({ type: 'abandon', now: this.cfg.now() });
  }

  release(lane: Lane): void {
    lane.to({ type: 'release' });
    this.lastUsed = this.cfg.now();
    if (this.stateValue.kind === 'retiring' && this.busyLanes === 0) this.close();
    else this.host.laneFreed(this);
  }

  /**
   * The warm-up ended: the socket is ready. Returns the connection it replaces, which retires
   * only now that this one can take its requests.
   */
  warmed(): WsConnection | undefined {
    const before = this.to({ type: 'warmed' });
    return before?.kind === 'warming' ? before.replaces : undefined;
  }

  /**
   * Stop taking requests and close once the running ones end (at the latest after the grace
   * period); `byServer` when the server ended it at its lifetime limit.
   */
  retire(byServer = false): void {
    const before = this.to({ type: 'retire', byServer });
    if (!before || before.kind === 'retiring' || this.stateValue.kind !== 'retiring') return;
    if (this.busyLanes === 0) return this.close();
    this.graceTimer = setTimeout(() => this.close(), this.cfg.tuning.retireGraceMs);
    this.graceTimer.unref?.();
  }

  close(): void {
    if (!this.to({ type: 'close' })) return;
    this.stopTimers();
    // A socket still in its handshake cannot send a close frame.
    if (this.socket.readyState === WebSocket.CONNECTING) this.socket.terminate();
    else this.socket.close(1000);
  }

  /** Drops the socket at once, as if the network failed. */
  terminate(error: ModelError): void {
    this.failure ??= error;
    this.socket.terminate();
  }

  // Events from the server.

  delta(text: string, streamId: string | undefined): void {
    this.lanes.of(streamId)?.owner?.delta(text);
  }

  argumentsDelta(streamId: string | undefined): void {
    this.lanes.of(streamId)?.owner?.argumentsDelta?.();
  }

  functionCall(call: FunctionCallItem, streamId: string | undefined): void {
    this.lanes.of(streamId)?.owner?.functionCall?.(call);
  }

  created(responseId: string, streamId: string | undefined): void {
    const lane = this.lanes.of(streamId);
    if (!lane) return;
    lane.to({ type: 'created' });
    lane.owner?.created(responseId);
  }

  end(end: ResponseEnd, streamId: string | undefined): void {
    const lane = this.lanes.of(streamId);
    if (!lane) return;
    if (lane.owner) return lane.owner.end(end);
    // A steered response is followed by its successor on the same lane: keep draining.
    if (lane.state.kind === 'draining' && !(end.status === 'incomplete' && end.reason === 'steered')) this.release(lane);
  }

  steer(result: SteerResult, streamId: string | undefined, responseId: string | undefined): void {
    const all = this.lanes.all();
    let lane = this.lanes.byName(streamId);
    if (!lane && responseId) lane = all.find((l) => l.owner?.responseId === responseId);
    lane ??= all.find((l) => l.owner?.awaitingSteer);
    lane?.owner?.steer(result);
  }

  error(event: ServerError, streamId: string | undefined): void {
    // Server text may quote the key ("Incorrect API key provided: …"); it goes no further.
    const error = { ...event, message: scrub(event.message, this.cfg.apiKey) };
    const limit = error.code === 'websocket_connection_limit_reached';
    if (limit) this.host.expired(this, true);
    const lane = streamId !== undefined ? this.lanes.byName(streamId) : this.unlabelledErrorLane();
    if (!lane) {
      if (!limit) this.cfg.log.warn(`${this.cfg.endpoint} (socket ${this.id}): error event for no running request: ${error.code ?? ''} ${error.message}`);
      return;
    }
    if (lane.owner) return lane.owner.error(error);
    if (lane.state.kind === 'draining') this.release(lane);
  }

  malformed(frameReason: string, streamId: string | undefined, sample?: string): void {
    const reason = scrub(frameReason, this.cfg.apiKey);
    // Scrubbed before shortened: a key cut in half would no longer be recognised.
    const start = sample === undefined ? '' : ` (frame starts ${JSON.stringify(shorten(scrub(sample, this.cfg.apiKey), 80))})`;
    this.cfg.log.warn(`${this.cfg.endpoint} (socket ${this.id}) sent a malformed event: ${reason}${start}`);
    const lane = this.lanes.byName(streamId);
    if (lane) return lane.owner?.malformed(reason);
    // A frame naming no lane may have belonged to any running request: fail them all rather
    // than let one silently miss part of its text.
    for (const l of this.lanes.all()) l.owner?.malformed(reason);
  }

  /** An error naming no lane answers the oldest request not yet created, else the default lane. */
  private unlabelledErrorLane(): Lane | undefined {
    if (this.lanesMode) {
      const waiting = this.lanes.all().find((l) => l.state.kind === 'owned' && l.state.awaitingCreated);
      if (waiting) return waiting;
    }
    const lane = this.lanes.defaultLane;
    return lane.free ? undefined : lane;
  }

  // Socket life.

  /** Moves to the state the table gives for `event`; the state before, or undefined when nothing changed. */
  private to(event: SocketEvent): SocketState<WsConnection> | undefined {
    const before = this.stateValue;
    this.stateValue = nextSocketState(before, event);
    return this.stateValue === before ? undefined : before;
  }

  private onOpen(): void {
    if (!this.to({ type: 'opened' })) return;
    this.heartbeat.start();
    this.rotateTimer = setTimeout(() => this.host.rotate(this), this.cfg.tuning.rotateAfterMs);
    this.rotateTimer.unref?.();
    this.host.opened(this);
  }

  /**
   * An abandoned response that never ends must not hold its lane for ever. The lane cannot be
   * reused on this socket (the server would queue the next response behind the stuck one), so
   * the connection retires: a replacement takes new requests and closing this one ends the
   * stuck response on the server.
   */
  private reclaimStuckLanes(): void {
    const now = this.cfg.now();
    const stuck = this.lanes.all().filter((l) => l.state.kind === 'draining' && now - l.state.since > this.cfg.tuning.drainTimeoutMs);
    if (stuck.length === 0 || !takesRequests(this.stateValue)) return;
    this.cfg.log.warn(`${this.cfg.endpoint} (socket ${this.id}): an abandoned response never ended; replacing the connection.`);
    this.host.expired(this, false);
    for (const lane of stuck) this.release(lane);
  }

  private onRefused(res: IncomingMessage): void {
    const status = res.statusCode ?? 0;
    const retry = retryAfterMs((name) => {
      const v = res.headers[name];
      return Array.isArray(v) ? v[0] : v;
    });
    // Self-hosted servers (llama.cpp, vLLM, Ollama) have HTTP only.
    const message = status === 404 ? 'no Responses API WebSocket at this URL; a self-hosted server (llama.cpp, vLLM, Ollama) takes http://host:port/v1' : undefined;
    // A 403 to the upgrade alone is most often a proxy that blocks WebSockets, not a refused
    // key (OpenAI answers those 401): it stays retryable, and the HTTP fallback then asks the
    // same server, which names a refused key if that is what it was.
    const refusal =
      status === 403
        ? new ModelError('network', `${this.cfg.endpoint} refused the WebSocket connection (HTTP 403): a proxy may be blocking WebSockets.`, { status })
        : errorFromStatus(status, this.cfg.endpoint, { message, retryAfterMs: retry, apiKey: this.cfg.apiKey, proxy: this.cfg.proxy });
    this.failure = new ModelError(refusal.code, refusal.message, { ...refusal.options, upgradeRefused: true });
    res.resume();
    this.socket.terminate();
  }

  private onClose(code: number, reason: string): void {
    const before = this.to({ type: 'socketClosed' });
    if (!before) return;
    this.stopTimers();
    const wasOpen = isOpen(before);
    // A retiring socket closing (even by the server, at its lifetime limit) is expected.
    const onPurpose = before.kind === 'retiring' || before.kind === 'closing';
    const error = onPurpose
      ? undefined
      : (this.failure ??
        new ModelError('network', wasOpen ? `Connection to ${this.cfg.endpoint} closed (code ${code}${reason ? `: ${reason}` : ''}).` : `Cannot reach ${this.cfg.endpoint}.`));
    const lost =
      error ??
      new ModelError(
        'network',
        onPurpose && before.byServer
          ? `${this.cfg.endpoint} ended the connection at its time limit (websocket_connection_limit_reached) while the response was streaming.`
          : `Connection to ${this.cfg.endpoint} was closed.`,
      );
    for (const lane of this.lanes.all()) {
      const owner = lane.owner;
      lane.to({ type: 'release' });
      owner?.closed(lost);
    }
    this.host.closed(this, error);
  }

  private stopTimers(): void {
    this.heartbeat.stop();
    clearTimeout(this.rotateTimer);
    clearTimeout(this.graceTimer);
  }
}

function shorten(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars)}…` : text;
}
