import type { FunctionCallItem, ResponseEnd, ServerError, SteerResult } from '../../protocol/readResponsesEvent';
import { errorFromFailedResponse, errorFromServerEvent } from '../errorFromStatus';
import type { InputMessage, ModelRequest } from '../modelClient';
import { ModelError } from '../modelError';
import type { TokenStream } from '../tokenStream';
import type { Lane, LaneOwner } from './lane';
import type { WsConnection } from './wsConnection';
import { createEvent, refusesLanes, steerEvent } from './wsEvents';

/** What a request needs from its pool. */
export interface RequestHost {
  readonly model: string;
  readonly endpoint: string;
  readonly apiKey: string | undefined;
  readonly steerTimeoutMs: number;
  /** Find the request another lane or socket (it has not delivered anything yet). */
  redispatch(request: WsRequest): void;
  /** The request stopped waiting for a slot. */
  forget(request: WsRequest): void;
  remember(responseId: string, conn: WsConnection): void;
  lanesRefused(conn: WsConnection): void;
  log(message: string): void;
}

/** Silent retries of one request (lost chain, refused lane, expired or dropped socket). */
const MAX_RETRIES = 4;

/**
 * One request on the WebSocket pool: writes its response.create on a lane, turns the lane's
 * events into stream deltas and a result, and recovers where the caller cannot tell the
 * difference (nothing delivered yet).
 */
export class WsRequest implements LaneOwner {
  responseId: string | undefined;
  /** When it last started waiting for a free lane (the pool's clock). */
  queuedAt = 0;
  private conn: WsConnection | undefined;
  private lane: Lane | undefined;
  private restart = false;
  private retries = 0;
  private readonly steerWaiters: ((accepted: boolean) => void)[] = [];
  private readonly pendingSteers: InputMessage[][] = [];

  constructor(
    readonly stream: TokenStream,
    readonly request: ModelRequest,
    private readonly host: RequestHost,
  ) {
    stream.onAbandon = () => this.abandon();
    stream.steer = (input) => this.steerInput(input);
  }

  /** The response this request continues, if the chain still stands. */
  get previousResponseId(): string | undefined {
    return this.restart ? undefined : this.request.previousResponseId;
  }

  get awaitingSteer(): boolean {
    return this.steerWaiters.length > 0;
  }

  start(conn: WsConnection, lane: Lane): void {
    this.conn = conn;
    this.lane = lane;
    lane.to({ type: 'take', owner: this });
    conn.sendCreate(lane, createEvent(this.request, this.host.model, this.restart, lane.name));
    if (this.stream.marks.sent === undefined) this.stream.markSent();
    this.host.log(`request ${this.stream.id} (${this.request.surface}) sent on socket ${conn.id}, lane ${lane.name ?? 'default'}`);
  }

  delta(text: string): void {
    this.stream.push(text);
  }

  argumentsDelta(): void {
    this.stream.pushArguments();
  }

  functionCall(call: FunctionCallItem): void {
    this.stream.pushCall(call);
  }

  created(responseId: string): void {
    this.responseId = responseId;
    this.stream.responseId = responseId;
    if (this.conn) this.host.remember(responseId, this.conn);
    for (const input of this.pendingSteers.splice(0)) this.conn?.send(steerEvent(responseId, input));
  }

  end(end: ResponseEnd): void {
    // Steered: the successor response follows on this lane and continues this stream.
    if (end.status === 'incomplete' && end.reason === 'steered') return;
    this.releaseLane();
    const error = end.status === 'failed' ? errorFromFailedResponse(end, this.host.endpoint, this.host.apiKey) : undefined;
    this.stream.finish(end.status, { outputTokens: end.outputTokens, inputTokens: end.inputTokens, cachedInputTokens: end.cachedInputTokens, error });
    this.settleSteers(false);
  }

  error(error: ServerError): void {
    const conn = this.conn;
    this.releaseLane();
    if (conn && !this.stream.delivered && this.retries < MAX_RETRIES && this.recover(error, conn)) {
      this.retries++;
      this.host.redispatch(this);
      return;
    }
    this.stream.fail(errorFromServerEvent(error, this.host.endpoint, this.host.apiKey));
    this.settleSteers(false);
  }

  steer(result: SteerResult): void {
    this.steerWaiters.shift()?.(result !== 'failed');
  }

  malformed(reason: string): void {
    this.stream.abandon(new ModelError('protocol', `${this.host.endpoint} sent a malformed event: ${reason}.`));
  }

  closed(error: ModelError): void {
    this.conn = undefined;
    this.lane = undefined;
    if (!this.stream.finished && !this.stream.delivered && this.retries < MAX_RETRIES) {
      this.retries++;
      this.host.log(`request ${this.stream.id}: ${error.message} Resending on another connection.`);
      this.host.redispatch(this);
      return;
    }
    this.stream.fail(error);
    this.settleSteers(false);
  }

  /** Whether the error is one the pool recovers from by sending the request again. */
  private recover(error: ServerError, conn: WsConnection): boolean {
    if (error.code === 'previous_response_not_found' && this.previousResponseId && (this.request.fullInput || this.request.fullItems)) {
      this.host.log(`request ${this.stream.id}: previous response not found; resending the whole conversation.`);
      this.restart = true;
      return true;
    }
    if (conn.lanesMode && refusesLanes(error)) {
      this.host.lanesRefused(conn);
      return true;
    }
    if (error.code === 'websocket_stream_limit_reached') {
      conn.limitLanes();
      return true;
    }
    // The pool already retired the connection (see WsConnection.error).
    return error.code === 'websocket_connection_limit_reached';
  }

  private abandon(): void {
    const { conn, lane } = this;
    this.conn = undefined;
    this.lane = undefined;
    if (conn && lane && lane.owner === this) conn.abandon(lane);
    else this.host.forget(this);
    this.settleSteers(false);
  }

  private releaseLane(): void {
    const { conn, lane } = this;
    this.conn = undefined;
    this.lane = undefined;
    if (conn && lane && lane.owner === this) conn.release(lane);
  }

  private steerInput(input: InputMessage[]): Promise<boolean> {
    if (this.stream.finished) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(false), this.host.steerTimeoutMs);
      const settle = (accepted: boolean) => {
        clearTimeout(timer);
        const i = this.steerWaiters.indexOf(settle);
        if (i >= 0) this.steerWaiters.splice(i, 1);
        resolve(accepted);
      };
      this.steerWaiters.push(settle);
      if (this.responseId && this.conn) this.conn.send(steerEvent(this.responseId, input));
      else this.pendingSteers.push(input);
    });
  }

  private settleSteers(accepted: boolean): void {
    for (const settle of [...this.steerWaiters]) settle(accepted);
    this.pendingSteers.length = 0;
  }
}
