import { z } from 'zod';
import { ApiError } from '../apiError';
import type { ChatMessage } from '../engine/engine';

const role = z.enum(['user', 'assistant', 'system', 'developer']);
const textPart = z.object({ type: z.enum(['input_text', 'output_text', 'text']), text: z.string() }).passthrough();
const inputItem = z.union([
  z.object({ type: z.literal('message').optional(), role, content: z.union([z.string(), z.array(textPart)]) }).passthrough(),
]);

/** Fields shared by `POST /v1/responses` and the socket's `response.create`. */
export const responseRequestSchema = z
  .object({
    model: z.string().optional(),
    instructions: z.string().nullish(),
    input: z.union([z.string(), z.array(inputItem)]).optional(),
    max_output_tokens: z.number().int().positive().nullish(),
    temperature: z.number().min(0).max(2).nullish(),
    previous_response_id: z.string().nullish(),
    store: z.boolean().nullish(),
    metadata: z.record(z.string(), z.string()).nullish(),
    stream: z.boolean().nullish(),
  })
  .passthrough();

export type ResponseRequest = z.infer<typeof responseRequestSchema>;

/** Parses a request body, turning the first schema problem into a 400 naming the field. */
export function parseResponseRequest(body: unknown): ResponseRequest {
  const parsed = responseRequestSchema.safeParse(body);
  if (!parsed.success) throw schemaError(parsed.error);
  return parsed.data;
}

export function schemaError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const param = issue.path.map(String).join('.') || null;
  return new ApiError(400, 'invalid_request_error', `Invalid ${param ?? 'request'}: ${issue.message}`, param);
}

/** Input (a string or message items) as plain chat messages. */
export function inputMessages(input: ResponseRequest['input']): ChatMessage[] {
  if (input === undefined) return [];
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  return input.map((item) => ({
    role: item.role,
    content: typeof item.content === 'string' ? item.content : item.content.map((p) => p.text).join(''),
  }));
}
