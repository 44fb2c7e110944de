import type { LaneOwner } from './lane';

/**
 * Where one lane stands.
 *
 * - free: no response runs on it.
 * - owned: `owner` listens to its events; `awaitingCreated` while its response.create went out
 *   and the response.created has not come back.
 * - draining: the owner gave up `since` then; the response runs on until its terminal event.
 */
export type LaneState =
  | { kind: 'free' }
  | { kind: 'owned'; owner: LaneOwner; awaitingCreated: boolean }
  | { kind: 'draining'; since: number };

export type LaneEvent =
  /** A request or warm-up takes the free lane. */
  | { type: 'take'; owner: LaneOwner }
  /** The owner's response.create went out. */
  | { type: 'sent' }
  /** The response.created came back. */
  | { type: 'created' }
  /** The owner gave up at `now`. */
  | { type: 'abandon'; now: number }
  /** The response ended, or the socket went away under it. */
  | { type: 'release' };

export const FREE: LaneState = { kind: 'free' };

/** The transition table. A pair that changes nothing returns `state` itself. */
export function nextLaneState(state: LaneState, event: LaneEvent): LaneState {
  switch (event.type) {
    case 'take':
      return state.kind === 'free' ? { kind: 'owned', owner: event.owner, awaitingCreated: false } : state;
    case 'sent':
      return state.kind === 'owned' && !state.awaitingCreated ? { ...state, awaitingCreated: true } : state;
    case 'created':
      return state.kind === 'owned' && state.awaitingCreated ? { ...state, awaitingCreated: false } : state;
    case 'abandon':
      return state.kind === 'owned' ? { kind: 'draining', since: event.now } : state;
    case 'release':
      return state.kind === 'free' ? state : FREE;
  }
}
