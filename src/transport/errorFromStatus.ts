import { isLoopbackUrl } from '../config/apiKey';
import { redact } from '../log/redactingLogger';
import type { ServerError } from '../protocol/readResponsesEvent';
import { ModelError } from './modelError';

/** Longest server sentence quoted into an error (logs, chat and its history keep it). */
const MAX_QUOTED = 300;

/**
 * Server text may quote the key ("Incorrect API key provided: sk-…", an echoed header): strip
 * it, in any encoding, and keep the quote short.
 */
export function scrub(message: string, apiKey: string | undefined): string {
  const clean = redact(message, apiKey ? [apiKey] : []);
  return clean.length > MAX_QUOTED ? `${clean.slice(0, MAX_QUOTED)}… (${clean.length - MAX_QUOTED} more characters)` : clean;
}

/** A ModelError for an HTTP status (handshake refused, HTTP request failed). */
export function errorFromStatus(
  status: number,
  endpoint: string,
  detail: { message?: string; retryAfterMs?: number; serverCode?: string; param?: string; apiKey?: string; cause?: unknown; proxy?: string } = {},
): ModelError {
  // The server's sentence is quoted inside ours: drop its final period so none doubles up.
  const said = detail.message ? `: ${scrub(detail.message, detail.apiKey).trim().replace(/\.+$/, '')}` : '';
  const opts = { status, retryAfterMs: detail.retryAfterMs, serverCode: detail.serverCode, param: detail.param, cause: detail.cause };
  if (status === 401 || status === 403) {
    // A server on this machine gets no key unless the user opted in: say so, it is the likely fix.
    const local = !detail.apiKey && isLoopbackUrl(endpoint)
      ? ' No key was sent: a server on this machine gets one only with the setting "flint.network.sendKeyToLoopback" on.'
      : '';
    // Some proxies ask for their credentials with a 401 rather than a 407: name both fixes.
    const proxied = detail.proxy
      ? ` The request went through the proxy ${detail.proxy}: if it is the proxy that wants credentials, put them in "http.proxy" (http://user:password@host:port) or set "http.proxyAuthorization".`
      : '';
    return new ModelError('auth', `${endpoint} refused the API key (HTTP ${status})${said}. Run "Flint: Set API Key" to enter a valid key.${local}${proxied}`, opts);
  }
  if (status === 407) {
    return new ModelError(
      'config',
      `The proxy refused to carry requests to ${endpoint} (HTTP 407: proxy authentication required). Put the user and password in "http.proxy" (http://user:password@host:port) or HTTPS_PROXY, or set "http.proxyAuthorization".`,
      opts,
    );
  }
  if (status === 429) {
    const wait = detail.retryAfterMs !== undefined ? ` Retry in ${Math.ceil(detail.retryAfterMs / 1000)} s.` : '';
    return new ModelError('rate_limit', `${endpoint} is limiting requests (HTTP 429)${said}.${wait}`, opts);
  }
  if (status === 408 || status >= 500) return new ModelError('server', `${endpoint} failed (HTTP ${status})${said}.`, opts);
  if (status >= 400) return new ModelError('bad_request', `${endpoint} rejected the request (HTTP ${status})${said}.`, opts);
  return new ModelError('protocol', `${endpoint} answered with unexpected HTTP status ${status}${said}.`, opts);
}

/** A ModelError for an `error` event on a stream. */
export function errorFromServerEvent(e: ServerError, endpoint: string, apiKey?: string): ModelError {
  const status = e.status ?? statusOfCode(e.code, e.type);
  if (status !== undefined) {
    return errorFromStatus(status, endpoint, { message: e.message, retryAfterMs: e.retryAfterMs, serverCode: e.code, param: e.param, apiKey });
  }
  const code = e.code ? ` (${e.code})` : '';
  return new ModelError('server', `${endpoint} reported an error${code}: ${scrub(e.message, apiKey)}`, { serverCode: e.code, retryAfterMs: e.retryAfterMs });
}

function statusOfCode(code: string | undefined, type: string | undefined): number | undefined {
  if (code === 'rate_limit_exceeded' || type === 'rate_limit_error' || type === 'rate_limit_exceeded') return 429;
  if (code === 'invalid_api_key' || type === 'authentication_error') return 401;
  if (type === 'invalid_request_error') return 400;
  return undefined;
}

/** A ModelError for a `response.failed` event. */
export function errorFromFailedResponse(end: { errorCode?: string; errorMessage?: string }, endpoint: string, apiKey?: string): ModelError {
  const code = end.errorCode ? ` (${end.errorCode})` : '';
  const why = end.errorMessage ? scrub(end.errorMessage, apiKey).trim().replace(/\.+$/, '') : 'no reason given';
  return new ModelError('server', `${endpoint} failed the response${code}: ${why}.`, { serverCode: end.errorCode });
}
