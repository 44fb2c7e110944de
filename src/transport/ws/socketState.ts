/**
 * The life of one pool socket, as one value. `C` is what a replacement socket takes over from
 * (the connection it retires once it is warm).
 *
 * - connecting: the handshake is under way.
 * - warming: open; the `generate: false` warm-up runs. It takes requests on its other lanes,
 *   but does not count as warm.
 * - ready: open and warm.
 * - retiring: no new requests; closes once its running ones end (or after a grace period).
 *   `byServer` when the server ended it at its lifetime limit.
 * - closing: closed on purpose; the socket has not gone yet.
 * - closed: gone.
 *
 * Whether a lane is free is the lane table's to say, not a state here: a socket may carry 1 to
 * 16 lanes, and the state says whether it takes requests at all.
 */
export type SocketState<C> =
  | { kind: 'connecting'; replaces?: C }
  | { kind: 'warming'; replaces?: C }
  | { kind: 'ready' }
  | { kind: 'retiring'; byServer: boolean }
  | { kind: 'closing'; byServer: boolean }
  | { kind: 'closed' };

export type SocketEvent =
  /** The handshake succeeded. */
  | { type: 'opened' }
  /** The warm-up ended (or none was needed). */
  | { type: 'warmed' }
  /** Take no new requests: replaced, stuck, or (`byServer`) at the server's lifetime limit. */
  | { type: 'retire'; byServer: boolean }
  /** Close now, on purpose. */
  | { type: 'close' }
  /** The socket is gone, whoever closed it. */
  | { type: 'socketClosed' };

export type SocketKind = SocketState<unknown>['kind'];

/**
 * The transition table. A pair that changes nothing returns `state` itself, so a caller can
 * tell a transition from a no-op by identity.
 */
export function nextSocketState<C>(state: SocketState<C>, event: SocketEvent): SocketState<C> {
  if (state.kind === 'closed') return state;
  switch (event.type) {
    case 'socketClosed':
      return { kind: 'closed' };
    case 'opened':
      return state.kind === 'connecting' ? { kind: 'warming', replaces: state.replaces } : state;
    case 'warmed':
      return state.kind === 'warming' ? { kind: 'ready' } : state;
    case 'retire':
      if (state.kind === 'closing' || state.kind === 'retiring') {
        return event.byServer && !state.byServer ? { ...state, byServer: true } : state;
      }
      return { kind: 'retiring', byServer: event.byServer };
    case 'close':
      if (state.kind === 'closing') return state;
      return { kind: 'closing', byServer: state.kind === 'retiring' && state.byServer };
  }
}

/** Whether new requests may take this socket's lanes. */
export function takesRequests(state: SocketState<unknown>): boolean {
  return state.kind === 'warming' || state.kind === 'ready';
}

/** Whether the socket counts against the pool's limit (retiring and closing ones are on their way out). */
export function countsAsActive(state: SocketState<unknown>): boolean {
  return state.kind === 'connecting' || takesRequests(state);
}

/** Whether the handshake completed and the socket has not begun to close on purpose. */
export function isOpen(state: SocketState<unknown>): boolean {
  return takesRequests(state) || state.kind === 'retiring';
}
