/** An OpenAI-style error, rendered as an HTTP body or a WebSocket `error` event. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** OpenAI's error code; null for the refusals OpenAI sends none with (a malformed conversation). */
    readonly code: string | null,
    message: string,
    readonly param: string | null = null,
    readonly type: string = defaultType(status),
    readonly headers: Record<string, string> = {},
    /** Fields a server adds beside the error's own (llama.cpp: `n_prompt_tokens`, `n_ctx`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): { error: { type: string; code: string | null; message: string; param: string | null } } {
    return { error: { type: this.type, code: this.code, message: this.message, param: this.param } };
  }

  event(streamId?: string): Record<string, unknown> {
    const error: Record<string, unknown> = this.body().error;
    if (Object.keys(this.headers).length) error.headers = this.headers;
    return { type: 'error', status: this.status, ...(streamId !== undefined && { stream_id: streamId }), error };
  }
}

function defaultType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

export function rateLimitError(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    'rate_limit_exceeded',
    `Rate limit reached. Please try again in ${retryAfterSeconds}s.`,
    null,
    'rate_limit_error',
    { 'retry-after': String(retryAfterSeconds), 'retry-after-ms': String(Math.round(retryAfterSeconds * 1000)) },
  );
}

export function unauthorizedError(): ApiError {
  return new ApiError(401, 'invalid_api_key', 'Incorrect API key provided.', null, 'invalid_request_error');
}
