import type { ModelErrorCode } from './modelError';

/** What the status bar shows about one model connection. */
export interface ConnectionState {
  status: 'connecting' | 'warm' | 'offline' | 'idle';
  /** Human-readable reason when offline (or what is being waited for). */
  reason?: string;
  /** Which endpoint, without credentials. */
  endpoint: string;
  transport: 'ws' | 'http';
  /** Why the last attempt failed, when offline after one. */
  cause?: ModelErrorCode;
  /** Set while requests take a slower way than configured, with why (e.g. the WebSocket is down). */
  fallback?: string;
  /** The endpoint refused the WebSocket upgrade outright: it has no WebSocket mode, and none is tried again. */
  noWebSocket?: boolean;
}
