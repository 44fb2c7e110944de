/** Why a request failed, in terms a surface can act on. */
export type ModelErrorCode =
  | 'auth' // 401/403: the key is missing or wrong
  | 'rate_limit' // 429: retry after `retryAfterMs`
  | 'network' // cannot connect, connection dropped
  | 'timeout' // no first token, or the stream stalled
  | 'protocol' // malformed frame or unexpected event
  | 'server' // the endpoint reported an error event or a 5xx
  | 'bad_request' // 400: the request itself was rejected
  | 'config' // a setting makes the request impossible (e.g. insecure URL)
  | 'cancelled'; // the caller cancelled

export class ModelError extends Error {
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    readonly options: {
      status?: number;
      retryAfterMs?: number;
      serverCode?: string;
      /** The request field the server's error is about (e.g. `tools`). */
      param?: string;
      cause?: unknown;
      /** The server refused the WebSocket upgrade: no socket was made, so no request reached a model. */
      upgradeRefused?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'ModelError';
  }

  get retryAfterMs(): number | undefined {
    return this.options.retryAfterMs;
  }

  /** Failures the transport may retry without asking the user. */
  get transient(): boolean {
    return this.code === 'network' || this.code === 'rate_limit' || this.code === 'timeout';
  }
}
