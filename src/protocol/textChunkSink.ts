/** Receives what one HTTP streaming chunk (Chat Completions, completions, infill) carries. */
export interface TextChunkSink {
  delta(text: string): void;
  /** The server's finish reason, normalised to the Chat Completions names (`stop`, `length`, …). */
  finish(reason: string): void;
  /** Output tokens reported by the server (usage), replacing the count from deltas. */
  usage(outputTokens: number): void;
  malformed(reason: string): void;
}

/** First zod issue as one readable line. */
export function describeIssue(what: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  return `${what}: ${issue ? `${issue.path.map(String).join('.') || '(root)'} ${issue.message}` : 'invalid'}`;
}
