import { ApiError } from '../apiError';
import type { Dialect } from './dialect';

// From ggml-org/llama.cpp: tools/server/README.md ("API errors", /infill, /v1/models,
// /v1/responses), tools/server/server-common.cpp (format_error_response, the /v1/completions
// parameters it refuses), tools/server/tests/unit/test_chat_completion.py (a usage chunk ends
// every stream), test_ctx_shift.py (a prompt over the context), test_infill.py.

const TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  501: 'not_supported_error',
  503: 'unavailable_error',
};

/** Errors this dialect makes carry their own type; the rest are typed by status, as llama-server does. */
const own = new WeakSet<ApiError>();

function ownError(status: number, message: string, type: string, details: Record<string, unknown> = {}): ApiError {
  const error = new ApiError(status, type, message, null, type, {}, details);
  own.add(error);
  return error;
}

/** llama.cpp's `llama-server`: one model whatever the name, `/infill`, a stateless Responses API. */
export const llamaCppDialect: Dialect = {
  name: 'llama.cpp',
  owner: 'llamacpp',
  errorBody: (error) => ({
    error: {
      code: error.status,
      message: error.message,
      type: own.has(error) ? error.type : (TYPES[error.status] ?? 'server_error'),
      ...error.details,
    },
  }),
  websocket: false,
  infill: true,
  // The Responses API is converted into a Chat Completions request: nothing is stored.
  chains: 'ignored',
  // Without router mode the server answers every name with the model it loaded.
  unknownModel: () => undefined,
  suffixRefusal: () => ownError(400, 'Unsupported param: suffix', 'invalid_request_error'),
  usageUnasked: true,
  zeroUsageOnChunks: false,
  overflow: (promptTokens, contextTokens) =>
    ownError(400, `request (${promptTokens} tokens) exceeds the available context size (${contextTokens} tokens), try increasing it`, 'exceed_context_size_error', {
      n_prompt_tokens: promptTokens,
      n_ctx: contextTokens,
    }),
  maxStops: Infinity,
  notFound: () => ({
    status: 404,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ error: { code: 404, message: 'File Not Found', type: 'not_found_error' } }),
  }),
};
