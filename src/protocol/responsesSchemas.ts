import { z } from 'zod';

/**
 * The Responses API server events Flint reads (WebSocket frames and SSE `data:` payloads share
 * one shape). Only the fields we use are declared; everything else is ignored.
 */

const streamId = z.string().nullish();

const count = z.number().int().nonnegative();
const usageSchema = z
  .object({
    input_tokens: count.optional(),
    input_tokens_details: z.object({ cached_tokens: count.optional() }).nullish(),
    output_tokens: count.optional(),
  })
  .nullish();

const responseErrorSchema = z.object({ code: z.string().nullish(), message: z.string().nullish() }).nullish();

/** The `response` object carried by lifecycle events. */
export const responseRefSchema = z.object({
  id: z.string(),
  status: z.string().optional(),
  usage: usageSchema,
  incomplete_details: z.object({ reason: z.string().nullish() }).nullish(),
  error: responseErrorSchema,
});

export const textDeltaSchema = z.object({
  type: z.literal('response.output_text.delta'),
  delta: z.string(),
  stream_id: streamId,
});

export const lifecycleSchema = z.object({
  type: z.enum(['response.created', 'response.in_progress', 'response.queued']),
  response: responseRefSchema,
  stream_id: streamId,
});

export const terminalSchema = z.object({
  type: z.enum(['response.completed', 'response.incomplete', 'response.failed']),
  response: responseRefSchema,
  stream_id: streamId,
});

export const steerAnswerSchema = z.object({
  type: z.enum(['response.steer.accepted', 'response.steer.pending', 'response.steer.failed']),
  stream_id: streamId,
  response_id: z.string().nullish(),
  previous_response_id: z.string().nullish(),
  error: responseErrorSchema,
});

const headerValue = z.union([z.string(), z.number()]);

/**
 * An error event. WebSocket mode nests the details (`{status, error:{type, code, message}}`);
 * the SSE form is flat (`{code, message, param}`). Both are accepted.
 */
export const errorEventSchema = z.object({
  type: z.literal('error'),
  status: z.number().int().optional(),
  stream_id: streamId,
  code: z.string().nullish(),
  message: z.string().nullish(),
  error: z
    .object({
      type: z.string().nullish(),
      code: z.string().nullish(),
      message: z.string().nullish(),
      param: z.string().nullish(),
      headers: z.record(z.string(), headerValue).nullish(),
    })
    .nullish(),
});

export type ResponseRef = z.infer<typeof responseRefSchema>;

/** A finished `function_call` output item (`response.output_item.done`). */
export const functionCallDoneSchema = z.object({
  type: z.literal('response.output_item.done'),
  item: z.object({
    type: z.literal('function_call'),
    call_id: z.string().min(1),
    name: z.string().min(1),
    arguments: z.string(),
    status: z.string().nullish(),
  }),
  stream_id: streamId,
});
