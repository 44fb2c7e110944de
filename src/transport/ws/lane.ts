import type { FunctionCallItem, ResponseEnd, ServerError, SteerResult } from '../../protocol/readResponsesEvent';
import type { ModelError } from '../modelError';

/** Whoever currently listens to a lane's events (a request or a warm-up). */
export interface LaneOwner {
  readonly responseId: string | undefined;
  /** A steer answer is awaited (routes answers that name no lane). */
  readonly awaitingSteer: boolean;
  delta(text: string): void;
  /** Function calling: a piece of arguments arrived, and a call item is complete. */
  argumentsDelta?(): void;
  functionCall?(call: FunctionCallItem): void;
  created(responseId: string): void;
  end(end: ResponseEnd): void;
  steer(result: SteerResult): void;
  error(error: ServerError): void;
  malformed(reason: string): void;
  /** The socket went away under the lane. */
  closed(error: ModelError): void;
}

/**
 * One lane of a connection (`stream_id`, or the default lane when `name` is undefined). A lane
 * whose owner gave up keeps draining until its response's terminal event: the server runs the
 * lane first-in-first-out, so a new request there would wait behind the abandoned one.
 */
export class Lane {
  owner: LaneOwner | undefined;
  drainingSince: number | undefined;
  /** A response.create went out and its response.created has not come back. */
  awaitingCreated = false;

  constructor(readonly name: string | undefined) {}

  get free(): boolean {
    return this.owner === undefined && this.drainingSince === undefined;
  }
}
