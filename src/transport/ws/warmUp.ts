import type { ServerError } from '../../protocol/readResponsesEvent';
import type { Lane, LaneOwner } from './lane';
import type { WsConnection } from './wsConnection';
import { refusesLanes, warmUpEvent } from './wsEvents';

export interface WarmUpHost {
  readonly model: string;
  lanesRefused(conn: WsConnection): void;
  /** Warm-up attempt ended; `retry` when it should be sent again (lanes were refused). */
  warmed(conn: WsConnection, retry: boolean): void;
  log(message: string): void;
}

/**
 * A `generate: false` response.create: the server prepares the instructions and the first
 * real request pays neither the handshake nor that preparation. Sent with a lane name, it also
 * learns whether the deployment supports lanes before any real request depends on it.
 */
export class WarmUp implements LaneOwner {
  readonly responseId = undefined;
  readonly awaitingSteer = false;

  constructor(
    private readonly conn: WsConnection,
    private readonly lane: Lane,
    private readonly host: WarmUpHost,
  ) {}

  start(instructions: string | undefined): void {
    this.lane.to({ type: 'take', owner: this });
    this.conn.sendCreate(this.lane, warmUpEvent(this.host.model, instructions, this.lane.name));
  }

  delta(): void {}
  created(): void {}
  steer(): void {}

  end(): void {
    this.conn.release(this.lane);
    this.host.warmed(this.conn, false);
  }

  error(error: ServerError): void {
    this.conn.release(this.lane);
    if (this.conn.lanesMode && refusesLanes(error)) {
      this.host.lanesRefused(this.conn);
      this.host.warmed(this.conn, true);
      return;
    }
    this.host.log(`warm-up refused on socket ${this.conn.id}: ${error.code ?? ''} ${error.message}`);
    this.host.warmed(this.conn, false);
  }

  malformed(): void {
    this.conn.abandon(this.lane);
    this.host.warmed(this.conn, false);
  }

  closed(): void {
    this.host.warmed(this.conn, false);
  }
}
