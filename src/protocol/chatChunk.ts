import { z } from 'zod';
import { describeIssue, type ChunkUsage, type TextChunkSink } from './textChunkSink';

/** The usage a Chat Completions or `/v1/completions` stream reports in its last chunk. */
export const chatUsageSchema = z.object({
  completion_tokens: z.number().int().nonnegative(),
  prompt_tokens: z.number().int().nonnegative().optional(),
  prompt_tokens_details: z.object({ cached_tokens: z.number().int().nonnegative().nullish() }).nullish(),
});

/** One `chat.completion.chunk` of a streamed Chat Completions response (fields we read). */
export const chatChunkSchema = z.object({
  choices: z.array(
    z.object({
      delta: z.object({ content: z.string().nullish() }).nullish(),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: chatUsageSchema.nullish(),
});

export function readChatChunk(obj: unknown, sink: TextChunkSink): void {
  const r = chatChunkSchema.safeParse(obj);
  if (!r.success) return sink.malformed(describeIssue('chat.completion.chunk', r.error.issues));
  const choice = r.data.choices[0];
  if (choice?.delta?.content) sink.delta(choice.delta.content);
  if (choice?.finish_reason) sink.finish(choice.finish_reason);
  if (finalUsage(r.data)) sink.usage(chatUsage(r.data.usage!));
}

/**
 * The usage a chunk reports for the whole response: one on a chunk of its own (no choices), or
 * a non-zero one beside a choice. Ollama puts an all-zero usage on every completions chunk when
 * usage is asked for; the real one follows in a chunk of its own.
 */
export function finalUsage(chunk: { choices: readonly unknown[]; usage?: z.infer<typeof chatUsageSchema> | null }): boolean {
  const u = chunk.usage;
  return !!u && (chunk.choices.length === 0 || u.completion_tokens > 0 || (u.prompt_tokens ?? 0) > 0);
}

/** Chat and completions usage in Flint's terms (`prompt_tokens` counts the cached ones too). */
export function chatUsage(u: z.infer<typeof chatUsageSchema>): ChunkUsage {
  return {
    outputTokens: u.completion_tokens,
    ...(u.prompt_tokens !== undefined ? { inputTokens: u.prompt_tokens } : {}),
    ...(typeof u.prompt_tokens_details?.cached_tokens === 'number' ? { cachedInputTokens: u.prompt_tokens_details.cached_tokens } : {}),
  };
}
