import { ApiError } from '../apiError';
import type { Dialect } from './dialect';

// From ollama/ollama: docs/api/openai-compatibility.mdx (fields supported per endpoint; the
// Responses API without previous_response_id), openai/openai.go (NewError, usage chunks),
// middleware/openai.go (what the writers stream), server/routes.go ("model '…' not found"),
// llm/llama_server.go (a prompt over the context is truncated, its start dropped).

/** Ollama's OpenAI compatibility layer: names of pulled models, `suffix` accepted, prompts truncated. */
export const ollamaDialect: Dialect = {
  name: 'ollama',
  owner: 'library',
  errorBody: (error) => ({
    error: {
      message: error.message,
      type: error.status === 400 ? 'invalid_request_error' : error.status === 404 ? 'not_found_error' : 'api_error',
      param: null,
      code: null,
    },
  }),
  websocket: false,
  infill: false,
  chains: 'ignored',
  unknownModel: (name) => new ApiError(404, 'not_found_error', `model '${name}' not found`),
  suffixRefusal: () => undefined,
  usageUnasked: false,
  zeroUsageOnChunks: true,
  overflow: () => 'truncate',
  maxStops: Infinity,
  // gin's answer to a path without a route.
  notFound: () => ({ status: 404, contentType: 'text/plain', body: '404 page not found' }),
};
