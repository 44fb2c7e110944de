import type { FunctionCallItem, ResponseEnd, ServerError, SteerResult } from '../../protocol/readResponsesEvent';
import type { ModelError } from '../modelError';
import { FREE, nextLaneState, type LaneEvent, type LaneState } from './laneState';

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
  private stateValue: LaneState = FREE;

  constructor(readonly name: string | undefined) {}

  get state(): LaneState {
    return this.stateValue;
  }

  /** Moves to the state the table gives for `event`; the state before, or undefined when nothing changed. */
  to(event: LaneEvent): LaneState | undefined {
    const before = this.stateValue;
    this.stateValue = nextLaneState(before, event);
    return this.stateValue === before ? undefined : before;
  }

  get owner(): LaneOwner | undefined {
    return this.stateValue.kind === 'owned' ? this.stateValue.owner : undefined;
  }

  get free(): boolean {
    return this.stateValue.kind === 'free';
  }
}
