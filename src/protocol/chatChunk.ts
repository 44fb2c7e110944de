import { z } from 'zod';
import { describeIssue, type TextChunkSink } from './textChunkSink';

/** One `chat.completion.chunk` of a streamed Chat Completions response (fields we read). */
export const chatChunkSchema = z.object({
  choices: z.array(
    z.object({
      delta: z.object({ content: z.string().nullish() }).nullish(),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: z.object({ completion_tokens: z.number().int().nonnegative() }).nullish(),
});

export function readChatChunk(obj: unknown, sink: TextChunkSink): void {
  const r = chatChunkSchema.safeParse(obj);
  if (!r.success) return sink.malformed(describeIssue('chat.completion.chunk', r.error.issues));
  const choice = r.data.choices[0];
  if (choice?.delta?.content) sink.delta(choice.delta.content);
  if (choice?.finish_reason) sink.finish(choice.finish_reason);
  if (r.data.usage) sink.usage(r.data.usage.completion_tokens);
}
