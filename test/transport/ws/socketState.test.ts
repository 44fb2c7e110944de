import { describe, expect, it } from 'vitest';
import { itFollowsTheTable } from '../../support/transitionTable';
import { countsAsActive, isOpen, nextSocketState, takesRequests, type SocketEvent, type SocketKind, type SocketState } from '../../../src/transport/ws/socketState';

const STATES: Record<SocketKind, SocketState<string>> = {
  connecting: { kind: 'connecting', replaces: 'old' },
  warming: { kind: 'warming', replaces: 'old' },
  ready: { kind: 'ready' },
  retiring: { kind: 'retiring', byServer: false },
  closing: { kind: 'closing', byServer: false },
  closed: { kind: 'closed' },
};

const EVENTS = {
  opened: { type: 'opened' },
  warmed: { type: 'warmed' },
  retire: { type: 'retire', byServer: false },
  'retire by server': { type: 'retire', byServer: true },
  close: { type: 'close' },
  socketClosed: { type: 'socketClosed' },
} satisfies Record<string, SocketEvent>;

type EventName = keyof typeof EVENTS;

/** Every (state, event) pair: the state it leads to, or `=` when it changes nothing (the same object back). */
const TABLE: Record<SocketKind, Record<EventName, string>> = {
  connecting: { opened: 'warming replacing old', warmed: '=', retire: 'retiring', 'retire by server': 'retiring by server', close: 'closing', socketClosed: 'closed' },
  warming: { opened: '=', warmed: 'ready', retire: 'retiring', 'retire by server': 'retiring by server', close: 'closing', socketClosed: 'closed' },
  ready: { opened: '=', warmed: '=', retire: 'retiring', 'retire by server': 'retiring by server', close: 'closing', socketClosed: 'closed' },
  retiring: { opened: '=', warmed: '=', retire: '=', 'retire by server': 'retiring by server', close: 'closing', socketClosed: 'closed' },
  closing: { opened: '=', warmed: '=', retire: '=', 'retire by server': 'closing by server', close: '=', socketClosed: 'closed' },
  closed: { opened: '=', warmed: '=', retire: '=', 'retire by server': '=', close: '=', socketClosed: '=' },
};

function describeState(state: SocketState<string>): string {
  const replaces = 'replaces' in state && state.replaces ? ` replacing ${state.replaces}` : '';
  const byServer = 'byServer' in state && state.byServer ? ' by server' : '';
  return `${state.kind}${replaces}${byServer}`;
}

describe('nextSocketState', () => {
  itFollowsTheTable({ states: STATES, events: EVENTS, table: TABLE, next: nextSocketState<string>, describe: describeState });

  it('remembers the server ended it through a close that follows', () => {
    const retiring = nextSocketState<string>(STATES.ready, EVENTS['retire by server']);
    expect(describeState(nextSocketState(retiring, EVENTS.close))).toBe('closing by server');
    expect(describeState(nextSocketState(STATES.retiring, EVENTS.close))).toBe('closing');
  });
});

describe('what the pool asks a socket state', () => {
  const answers: Record<SocketKind, [takes: boolean, active: boolean, open: boolean]> = {
    connecting: [false, true, false],
    warming: [true, true, true],
    ready: [true, true, true],
    retiring: [false, false, true],
    closing: [false, false, false],
    closed: [false, false, false],
  };
  it.each(Object.keys(answers) as SocketKind[])('%s', (kind) => {
    const s = STATES[kind];
    expect([takesRequests(s), countsAsActive(s), isOpen(s)]).toEqual(answers[kind]);
  });
});
