/** Limits and periods of the WebSocket pool. */
export interface WsTuning {
  /** Client ping period; a socket that does not answer within `pongTimeoutMs` is dropped. */
  pingIntervalMs: number;
  pongTimeoutMs: number;
  handshakeTimeoutMs: number;
  /** Replace a connection this long after it opened (the service ends them at 60 minutes). */
  rotateAfterMs: number;
  /** A retired connection still busy after this long is closed anyway. */
  retireGraceMs: number;
  maxSockets: number;
  /** Responses in flight per connection (the service runs at most 16). */
  lanesPerSocket: number;
  /** An abandoned lane whose response never ends is reused after this long. */
  drainTimeoutMs: number;
  reconnectBaseMs: number;
  reconnectMaxMs: number;
  /** Spare idle sockets beyond the first are closed after this long unused. */
  spareIdleMs: number;
  /** How long `steer` waits for the server's answer. */
  steerTimeoutMs: number;
}

export const defaultWsTuning: WsTuning = {
  pingIntervalMs: 15_000,
  pongTimeoutMs: 10_000,
  handshakeTimeoutMs: 10_000,
  rotateAfterMs: 55 * 60_000,
  retireGraceMs: 60_000,
  maxSockets: 8,
  lanesPerSocket: 16,
  drainTimeoutMs: 60_000,
  reconnectBaseMs: 250,
  reconnectMaxMs: 30_000,
  spareIdleMs: 5 * 60_000,
  steerTimeoutMs: 5_000,
};

/** Named lanes the service allows per connection. */
export const MAX_LANE_NAMES = 32;
