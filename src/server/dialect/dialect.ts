import type { ApiError } from '../apiError';

export const DIALECT_NAMES = ['flint', 'llama.cpp', 'vllm', 'ollama'] as const;
export type DialectName = (typeof DIALECT_NAMES)[number];

/** A path the server has no route for, answered as that server answers it. */
export interface NotFoundAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * How one server speaks the endpoints Flint uses (chat and text completions, `/infill`, the
 * Responses API), as its own documentation and tests say: error bodies, model names, where
 * `usage` comes in a stream, `suffix`, stop sequences, prompts over the context. `flint` is the
 * endpoint's own way (the OpenAI service's).
 */
export interface Dialect {
  readonly name: DialectName;
  /** `owned_by` of the models GET /v1/models lists. */
  readonly owner: string;
  /** The JSON body of an error response (its status is the error's). */
  errorBody(error: ApiError): unknown;
  /** The server has the Responses API over a WebSocket (`/v1/responses`), as the OpenAI service does. */
  readonly websocket: boolean;
  /** The server has llama.cpp's `POST /infill`. */
  readonly infill: boolean;
  /**
   * What `previous_response_id` does on POST /v1/responses: continues a stored response
   * (`stored`), is ignored and nothing is stored (`ignored`), or is looked up in a store that
   * is off by default, so it is never found (`missing`: a 404).
   */
  readonly chains: 'stored' | 'ignored' | 'missing';
  /** The refusal of a model name the server does not serve; undefined: it answers any name with its model. */
  unknownModel(name: string, served: readonly string[]): ApiError | undefined;
  /** The refusal of `suffix` on POST /v1/completions; undefined: fill-in-the-middle is accepted. */
  suffixRefusal(): ApiError | undefined;
  /** Chat and completions streams end with a usage chunk even when `stream_options.include_usage` was not asked. */
  readonly usageUnasked: boolean;
  /** With `include_usage`, every completions chunk carries an all-zero `usage` before the real one. */
  readonly zeroUsageOnChunks: boolean;
  /**
   * A prompt longer than the context: the refusal, or `truncate` (the start is dropped and the
   * answer comes). Absent: prompts are not checked.
   */
  overflow?(promptTokens: number, contextTokens: number): ApiError | 'truncate';
  /** Most stop sequences one request may carry. */
  readonly maxStops: number;
  /** The answer to a path without a route; undefined: a JSON error like any other (a dialect without a WebSocket must have one). */
  notFound(method: string, path: string): NotFoundAnswer | undefined;
}
