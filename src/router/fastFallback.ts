import { FallbackStream } from '../transport/fallbackStream';
import type { ModelClient, ModelRequest, ModelStream } from '../transport/modelClient';
import type { ModelError, ModelErrorCode } from '../transport/modelError';

const WHY: Record<Exclude<ModelErrorCode, 'cancelled'>, string> = {
  auth: 'no valid API key',
  config: 'not configured',
  network: 'cannot reach it',
  timeout: 'no answer in time',
  rate_limit: 'rate limited',
  server: 'server error',
  bad_request: 'request rejected',
  protocol: 'unexpected response',
};

/** The reason shown on an answer or edit the fast model ran in place of the full one. */
export function fastFallbackReason(error: ModelError): string {
  const why = error.code === 'cancelled' ? 'cancelled' : WHY[error.code];
  return `full model unavailable (${why}): ran on the fast model`;
}

/**
 * A full-model request that moves to the fast model when the full one fails before any text
 * (not configured, no key, unreachable, rejected): the user gets an answer, and `switched`
 * says why so the surface can show it. Text already shown is never generated twice.
 */
export function withFastFallback(
  full: ModelStream,
  fast: ModelClient,
  fastRequest: () => ModelRequest,
  switched: (reason: string, error: ModelError) => void,
): ModelStream {
  return new FallbackStream(full, {
    accepts: (error) => error.code !== 'cancelled',
    start: () => fast.stream({ ...fastRequest(), model: undefined }),
    switched: (error) => switched(fastFallbackReason(error), error),
  });
}
