import { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { retryAfterMs } from '../../protocol/retryAfter';
import { errorFromStatus, scrub } from '../errorFromStatus';
import { ModelError } from '../modelError';
import { InvalidUtf8Error } from './utf8Reader';

/** Turns whatever the openai SDK (or our fetch under it) threw into a ModelError; `proxy`: the one requests went through. */
export function errorFromSdk(err: unknown, endpoint: string, apiKey: string | undefined, proxy?: string): ModelError {
  if (err instanceof ModelError) return err;
  if (err instanceof APIUserAbortError) return new ModelError('cancelled', 'The request was cancelled.', { cause: err });
  if (err instanceof APIConnectionError) {
    const cause = (err as { cause?: unknown }).cause;
    const why = cause instanceof Error ? cause.message : err.message;
    const via = proxy ? ` through the proxy ${proxy}` : '';
    return new ModelError('network', `Cannot reach ${endpoint}${via}: ${scrub(why, apiKey).replace(/\.?$/, '.')}`, { cause: err });
  }
  if (err instanceof APIError) {
    const body = err.error as { message?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : err.message;
    if (err.status) {
      const retry = err.headers ? retryAfterMs((name) => err.headers?.get(name)) : undefined;
      // No `cause`: the SDK's error holds the server's text unscrubbed (it may quote the key).
      return errorFromStatus(err.status, endpoint, { message, retryAfterMs: retry, serverCode: err.code ?? undefined, param: err.param ?? undefined, apiKey, proxy });
    }
    const code = err.code ? ` (${err.code})` : '';
    return new ModelError('server', `${endpoint} reported an error${code}: ${scrub(message, apiKey)}`, { serverCode: err.code ?? undefined });
  }
  if (err instanceof InvalidUtf8Error) return new ModelError('protocol', `${endpoint} sent a malformed event: ${err.message}.`);
  if (err instanceof SyntaxError) {
    return new ModelError('protocol', `${endpoint} sent a malformed event: ${scrub(err.message, apiKey).replace(/\.?$/, '.')}`);
  }
  const message = err instanceof Error ? err.message : String(err);
  // What Node reports when the connection dies while the body streams.
  if (message === 'aborted' || message === 'terminated' || (err as { code?: unknown }).code === 'ECONNRESET') {
    return new ModelError('network', `Connection to ${endpoint} was lost while the response was streaming (${message}).`, { cause: err });
  }
  return new ModelError('network', `Request to ${endpoint} failed: ${scrub(message, apiKey)}`, { cause: err });
}
