import { z } from 'zod';
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
