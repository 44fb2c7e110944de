/** Receives what one HTTP streaming chunk (Chat Completions, completions, infill) carries. */
export interface TextChunkSink {
  delta(text: string): void;
  /** The server's finish reason, normalised to the Chat Completions names (`stop`, `length`, …). */
  finish(reason: string): void;
  /** Usage reported by the server: its output count replaces the count from deltas. */
  usage(usage: ChunkUsage): void;
  malformed(reason: string): void;
}

export interface ChunkUsage {
  outputTokens: number;
  inputTokens?: number;
  cachedInputTokens?: number;
}

/** First zod issue as one readable line. */
export function describeIssue(what: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  return `${what}: ${issue ? `${issue.path.map(String).join('.') || '(root)'} ${issue.message}` : 'invalid'}`;
}
