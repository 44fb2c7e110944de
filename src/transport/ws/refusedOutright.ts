import type { ModelError } from '../modelError';

/**
 * Statuses to an upgrade that say nothing about WebSockets: a key or proxy credentials to fix
 * (retrying or not is decided as for any request), a timeout or a rate limit (retried later).
 */
const NOT_ABOUT_WEBSOCKETS = new Set([401, 407, 408, 429]);

/**
 * Whether the server answered the WebSocket upgrade with a definite HTTP refusal (404, 400, 426,
 * a 403 from a proxy, a 200 from a plain page…): it has no WebSocket mode, as vLLM or llama.cpp
 * have none, and asking again will not change that. A network error or a 5xx may pass.
 */
export function refusedOutright(error: ModelError): boolean {
  const status = error.options.status;
  return error.options.upgradeRefused === true && status !== undefined && status >= 200 && status < 500 && !NOT_ABOUT_WEBSOCKETS.has(status);
}
