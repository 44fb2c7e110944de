import { z } from 'zod';
import { chatUsage, chatUsageSchema, finalUsage } from './chatChunk';
import { describeIssue, type TextChunkSink } from './textChunkSink';

/** One chunk of a streamed `/v1/completions` response (fields we read). */
export const completionChunkSchema = z.object({
  choices: z.array(z.object({ text: z.string().nullish(), finish_reason: z.string().nullish() })),
  usage: chatUsageSchema.nullish(),
});

export function readCompletionChunk(obj: unknown, sink: TextChunkSink): void {
  const r = completionChunkSchema.safeParse(obj);
  if (!r.success) return sink.malformed(describeIssue('completion chunk', r.error.issues));
  const choice = r.data.choices[0];
  if (choice?.text) sink.delta(choice.text);
  if (choice?.finish_reason) sink.finish(choice.finish_reason);
  if (finalUsage(r.data)) sink.usage(chatUsage(r.data.usage!));
}
