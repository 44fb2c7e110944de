import { describe, expect, it } from 'vitest';
import type { LaneOwner } from '../../../src/transport/ws/lane';
import { itFollowsTheTable } from '../../support/transitionTable';
import { nextLaneState, type LaneEvent, type LaneState } from '../../../src/transport/ws/laneState';

const owner = { responseId: undefined } as LaneOwner;
const other = { responseId: 'other' } as LaneOwner;

const STATES: Record<string, LaneState> = {
  free: { kind: 'free' },
  owned: { kind: 'owned', owner, awaitingCreated: false },
  'owned, awaiting created': { kind: 'owned', owner, awaitingCreated: true },
  draining: { kind: 'draining', since: 5 },
};

const EVENTS: Record<string, LaneEvent> = {
  take: { type: 'take', owner: other },
  sent: { type: 'sent' },
  created: { type: 'created' },
  abandon: { type: 'abandon', now: 9 },
  release: { type: 'release' },
};

/** Every (state, event) pair: the state it leads to, or `=` when it changes nothing (the same object back). */
const TABLE: Record<string, Record<string, string>> = {
  free: { take: 'owned by other', sent: '=', created: '=', abandon: '=', release: '=' },
  owned: { take: '=', sent: 'owned, awaiting created', created: '=', abandon: 'draining since 9', release: 'free' },
  'owned, awaiting created': { take: '=', sent: '=', created: 'owned', abandon: 'draining since 9', release: 'free' },
  draining: { take: '=', sent: '=', created: '=', abandon: '=', release: 'free' },
};

function describeState(state: LaneState): string {
  switch (state.kind) {
    case 'free':
      return 'free';
    case 'owned':
      return `owned${state.owner === other ? ' by other' : ''}${state.awaitingCreated ? ', awaiting created' : ''}`;
    case 'draining':
      return state.since === 9 ? 'draining since 9' : 'draining';
  }
}

describe('nextLaneState', () => {
  itFollowsTheTable({ states: STATES, events: EVENTS, table: TABLE, next: nextLaneState, describe: describeState, keyedByDescription: true });

  it('keeps the owner through the response.create and its answer', () => {
    const sent = nextLaneState(STATES.owned, EVENTS.sent);
    expect(sent.kind === 'owned' && sent.owner).toBe(owner);
    const created = nextLaneState(sent, EVENTS.created);
    expect(created.kind === 'owned' && created.owner).toBe(owner);
  });
});
