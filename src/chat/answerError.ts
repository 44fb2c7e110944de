import type { ModelError } from '../transport/modelError';

/** The message shown under a failed answer: the transport's reason plus what to do about it. */
export function describeFailure(error: ModelError | undefined): string {
  if (!error) return 'The answer failed for an unknown reason. Retry, or see “Flint: Show Log”.';
  switch (error.code) {
    case 'auth':
      // The transport's message already names the fix when it knows it.
      return /Set API Key/.test(error.message) ? `${error.message} Then Retry.` : `${error.message} Run “Flint: Set API Key”, then Retry.`;
    case 'network':
    case 'timeout':
      return `${error.message} Your message and the partial answer are kept: Retry when the connection is back.`;
    case 'rate_limit': {
      if (/retry in/i.test(error.message)) return `${error.message} Then Retry.`;
      const wait = error.retryAfterMs === undefined ? '' : ` Wait ${Math.ceil(error.retryAfterMs / 1000)} s,`;
      return `${error.message}${wait} then Retry.`;
    }
    case 'config':
      return `${error.message} Fix the setting, then Retry.`;
    default:
      return `${error.message} Retry, or see “Flint: Show Log”.`;
  }
}
