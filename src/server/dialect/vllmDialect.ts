import { ApiError } from '../apiError';
import type { Dialect } from './dialect';

// From vllm-project/vllm: docs/serving/openai_compatible_server.md, the ErrorResponse and
// ErrorInfo models (code: the HTTP status), the model check ("The model `…` does not exist."),
// the renderer that refuses `suffix`, the context-length check, responses/serving.py (the store
// is off unless VLLM_ENABLE_RESPONSES_API_STORE is set; an unknown id is a 404), and
// tests/entrypoints/openai/completion/test_completion_error.py.

const TYPES: Record<number, string> = { 400: 'BadRequestError', 404: 'NotFoundError', 413: 'BadRequestError', 500: 'InternalServerError' };

const own = new WeakSet<ApiError>();

function ownError(status: number, message: string, type: string, param: string | null = null): ApiError {
  const error = new ApiError(status, type, message, param, type);
  own.add(error);
  return error;
}

/** vLLM's OpenAI-compatible server: one or more served names, no `/infill`, no `suffix`. */
export const vllmDialect: Dialect = {
  name: 'vllm',
  owner: 'vllm',
  errorBody: (error) => ({
    error: {
      message: error.message,
      type: own.has(error) ? error.type : (TYPES[error.status] ?? (error.status >= 500 ? 'InternalServerError' : 'BadRequestError')),
      param: error.param,
      code: error.status,
    },
  }),
  websocket: false,
  infill: false,
  chains: 'missing',
  unknownModel: (name) => ownError(404, `The model \`${name}\` does not exist.`, 'NotFoundError', 'model'),
  suffixRefusal: () => ownError(400, 'suffix is not currently supported', 'BadRequestError'),
  usageUnasked: false,
  zeroUsageOnChunks: false,
  overflow: (promptTokens, contextTokens) =>
    ownError(
      400,
      `This model's maximum context length is ${contextTokens} tokens. However, your request has ${promptTokens} input tokens. Please reduce the length of the input messages.`,
      'BadRequestError',
    ),
  maxStops: Infinity,
  // FastAPI's answer to a path without a route.
  notFound: () => ({ status: 404, contentType: 'application/json', body: JSON.stringify({ detail: 'Not Found' }) }),
};

/** vLLM's answer to `previous_response_id` with the store off: the id is not found. */
export function responseNotFound(id: string): ApiError {
  return ownError(404, `Response with id '${id}' not found.`, 'invalid_request_error', 'response_id');
}
