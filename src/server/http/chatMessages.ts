import { z } from 'zod';
import { ApiError } from '../apiError';
import type { ChatMessage, FunctionTool } from '../engine/engine';

const part = z.object({ type: z.string(), text: z.string().optional() }).passthrough();
const toolCall = z
  .object({ id: z.string().min(1), type: z.literal('function').optional(), function: z.object({ name: z.string().min(1), arguments: z.string() }).passthrough() })
  .passthrough();

/** A Chat Completions message: text, an assistant's `tool_calls`, or a `tool` message answering one. */
export const chatMessage = z
  .object({
    role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
    content: z.union([z.string(), z.array(part), z.null()]).optional(),
    tool_calls: z.array(toolCall).nullish(),
    tool_call_id: z.string().min(1).optional(),
  })
  .passthrough()
  .refine((m) => m.role !== 'tool' || m.tool_call_id !== undefined, { message: 'a tool message needs tool_call_id', path: ['tool_call_id'] });

export const chatTool = z
  .object({
    type: z.literal('function'),
    function: z
      .object({
        name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a function name is 1 to 64 letters, digits, underscores or dashes'),
        description: z.string().nullish(),
        parameters: z.record(z.string(), z.unknown()).nullish(),
      })
      .passthrough(),
  })
  .passthrough();

type Message = z.infer<typeof chatMessage>;

/** The messages as the engine's conversation: a call per tool call, a tool message as its output. */
export function chatMessages(messages: readonly Message[]): ChatMessage[] {
  return messages.flatMap((m): ChatMessage[] => {
    const content = typeof m.content === 'string' ? m.content : (m.content ?? []).map((p) => p.text ?? '').join('');
    if (m.role === 'tool') return [{ role: 'user', content, outputOf: m.tool_call_id }];
    const calls = (m.role === 'assistant' && m.tool_calls) || [];
    const said: ChatMessage[] = content || !calls.length ? [{ role: m.role, content }] : [];
    for (const c of calls) {
      const call = { callId: c.id, name: c.function.name, arguments: c.function.arguments };
      said.push({ role: 'assistant', content: `${call.name}(${call.arguments})`, call });
    }
    return said;
  });
}

/** The request's tools, as the engine sees them. */
export function chatTools(tools: readonly z.infer<typeof chatTool>[] | null | undefined): FunctionTool[] {
  return (tools ?? []).map(({ function: f }) => ({
    name: f.name,
    ...(f.description ? { description: f.description } : {}),
    ...(f.parameters ? { parameters: f.parameters } : {}),
  }));
}

/**
 * As OpenAI checks: a tool message answers a call of the assistant message just before it (other
 * tool messages aside), and every call of an assistant message is answered before the
 * conversation goes on. The refusals are OpenAI's, sentence and `param` alike.
 */
export function checkToolMessages(messages: readonly Message[]): void {
  let open: { index: number; ids: Set<string> } | undefined;
  for (const [i, m] of messages.entries()) {
    if (m.role === 'tool') {
      if (!open) throw toolMessageError(`Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.`, `messages.[${i}].role`);
      if (!open.ids.delete(m.tool_call_id!)) {
        throw toolMessageError(`Invalid parameter: 'tool_call_id' of '${m.tool_call_id}' not found in 'tool_calls' of previous message.`, `messages.[${i}].tool_call_id`);
      }
      continue;
    }
    unanswered(open);
    open = m.role === 'assistant' && m.tool_calls?.length ? { index: i, ids: new Set(m.tool_calls.map((c) => c.id)) } : undefined;
  }
  unanswered(open);
}

function unanswered(open: { index: number; ids: Set<string> } | undefined): void {
  if (!open?.ids.size) return;
  throw toolMessageError(
    `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open.ids].join(', ')}`,
    `messages.[${open.index}].role`,
  );
}

function toolMessageError(message: string, param: string): ApiError {
  return new ApiError(400, null, message, param);
}
