import { randomBytes } from 'node:crypto';

export type ResponseStatus = 'queued' | 'in_progress' | 'completed' | 'incomplete' | 'failed';

export interface Usage {
  input_tokens: number;
  output_tokens: number;
}

/** The request fields echoed in every response object. */
export interface ResponseShape {
  id: string;
  createdAt: number;
  model: string;
  instructions: string | null;
  previousResponseId: string | null;
  maxOutputTokens: number | null;
  temperature: number | null;
  store: boolean;
  metadata: Record<string, string>;
  /** The request's tools, echoed as sent. */
  tools: unknown[];
  /** The request's tool_choice, echoed as sent ('auto' when none was). */
  toolChoice: unknown;
}

/** A random id like OpenAI's: `resp_…`, `msg_…`; Chat/Completions ids use a dash (`chatcmpl-…`). */
export function newId(prefix: string, separator = '_'): string {
  return `${prefix}${separator}${randomBytes(12).toString('hex')}`;
}

export function messageItem(id: string, text: string | null, status: 'in_progress' | 'completed' | 'incomplete') {
  return {
    id,
    type: 'message' as const,
    status,
    role: 'assistant' as const,
    content: text === null ? [] : [outputTextPart(text)],
  };
}

/** A `function_call` output item; `arguments` grows while it streams. */
export function functionCallItem(id: string, call: { callId: string; name: string; arguments: string }, status: 'in_progress' | 'completed' | 'incomplete') {
  return { id, type: 'function_call' as const, status, arguments: call.arguments, call_id: call.callId, name: call.name };
}

export function outputTextPart(text: string) {
  return { type: 'output_text' as const, text, annotations: [], logprobs: [] };
}

/** A Responses API `response` object as the official SDK expects it. */
export function responseObject(
  shape: ResponseShape,
  status: ResponseStatus,
  output: unknown[],
  extra: { usage?: Usage; incompleteReason?: string; error?: { code: string; message: string } } = {},
) {
  const usage = extra.usage && {
    input_tokens: extra.usage.input_tokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: extra.usage.output_tokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: extra.usage.input_tokens + extra.usage.output_tokens,
  };
  return {
    id: shape.id,
    object: 'response',
    created_at: shape.createdAt,
    status,
    background: false,
    error: extra.error ?? null,
    incomplete_details: extra.incompleteReason ? { reason: extra.incompleteReason } : null,
    instructions: shape.instructions,
    max_output_tokens: shape.maxOutputTokens,
    model: shape.model,
    output,
    parallel_tool_calls: true,
    previous_response_id: shape.previousResponseId,
    store: shape.store,
    temperature: shape.temperature ?? 1,
    text: { format: { type: 'text' } },
    tool_choice: shape.toolChoice,
    tools: shape.tools,
    top_p: 1,
    truncation: 'disabled',
    usage: usage ?? null,
    metadata: shape.metadata,
  };
}
