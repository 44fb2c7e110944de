import { z } from 'zod';
import { ApiError } from '../apiError';
import type { ChatMessage, FunctionTool } from '../engine/engine';

const role = z.enum(['user', 'assistant', 'system', 'developer']);
const textPart = z.object({ type: z.enum(['input_text', 'output_text', 'text']), text: z.string() }).passthrough();
const messageItem = z.object({ type: z.literal('message').optional(), role, content: z.union([z.string(), z.array(textPart)]) }).passthrough();
/** A call the model made earlier, sent back when the client replays the whole conversation. */
const functionCallItem = z.object({ type: z.literal('function_call'), call_id: z.string().min(1), name: z.string().min(1), arguments: z.string() }).passthrough();
const functionCallOutputItem = z
  .object({ type: z.literal('function_call_output'), call_id: z.string().min(1), output: z.union([z.string(), z.array(textPart)]) })
  .passthrough();
const inputItem = z.union([functionCallItem, functionCallOutputItem, messageItem]);
const functionTool = z
  .object({
    type: z.literal('function'),
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a function name is 1 to 64 letters, digits, underscores or dashes'),
    description: z.string().nullish(),
    parameters: z.record(z.string(), z.unknown()).nullish(),
    strict: z.boolean().nullish(),
  })
  .passthrough();

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
    tools: z.array(functionTool).nullish(),
    tool_choice: z.unknown().optional(),
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

/** Input (a string, message items, function calls and their outputs) as chat messages. */
export function inputMessages(input: ResponseRequest['input']): ChatMessage[] {
  if (input === undefined) return [];
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  return input.map((item): ChatMessage => {
    if (item.type === 'function_call') {
      return { role: 'assistant', content: `${item.name}(${item.arguments})`, call: { callId: item.call_id, name: item.name, arguments: item.arguments } };
    }
    if (item.type === 'function_call_output') return { role: 'user', content: textOf(item.output), outputOf: item.call_id };
    return { role: item.role, content: textOf(item.content) };
  });
}

function textOf(content: string | { text: string }[]): string {
  return typeof content === 'string' ? content : content.map((p) => p.text).join('');
}

/** The request's tools, as the engine sees them. */
export function requestTools(req: ResponseRequest): FunctionTool[] {
  return (req.tools ?? []).map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}), ...(t.parameters ? { parameters: t.parameters } : {}) }));
}
