import { z } from 'zod';
import { describeIssue, type TextChunkSink } from './textChunkSink';

/** One chunk of a streamed llama.cpp `/infill` response (fields we read). */
export const infillChunkSchema = z.object({
  content: z.string(),
  stop: z.boolean(),
  /** Why generation stopped: `eos`, `word` (a stop string), `limit` (n_predict). */
  stop_type: z.string().optional(),
  tokens_predicted: z.number().int().nonnegative().optional(),
  /** Prompt tokens evaluated, and (newer servers) the ones reused from the cache. */
  tokens_evaluated: z.number().int().nonnegative().optional(),
  timings: z.object({ cache_n: z.number().int().nonnegative().optional() }).passthrough().nullish(),
});

export function readInfillChunk(obj: unknown, sink: TextChunkSink): void {
  const r = infillChunkSchema.safeParse(obj);
  if (!r.success) return sink.malformed(describeIssue('infill chunk', r.error.issues));
  if (r.data.content) sink.delta(r.data.content);
  if (!r.data.stop) return;
  if (r.data.tokens_predicted !== undefined) {
    const { tokens_evaluated: input, timings } = r.data;
    sink.usage({
      outputTokens: r.data.tokens_predicted,
      ...(input !== undefined ? { inputTokens: input + (timings?.cache_n ?? 0) } : {}),
      ...(timings?.cache_n !== undefined ? { cachedInputTokens: timings.cache_n } : {}),
    });
  }
  sink.finish(r.data.stop_type === 'limit' ? 'length' : 'stop');
}
