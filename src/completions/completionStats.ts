/** Counters of one engine, for the benchmark and the log. */
export class CompletionStats {
  /** Times the editor asked for a suggestion. */
  keystrokes = 0;
  /** Model requests started (speculative ones included). */
  requests = 0;
  speculativeRequests = 0;
  /** Requests for other suggestions to cycle through (never made while typing). */
  alternativeRequests = 0;
  /** Answers from a finished entry (speculation, earlier suggestion, after undo). */
  cacheHits = 0;
  /** Answers from the visible suggestion or a running request, as the user typed through it. */
  typingThroughHits = 0;
  /** Requests cancelled because the document went another way. */
  abandoned = 0;
  failed = 0;
}
