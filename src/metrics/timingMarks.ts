/** Monotonic timestamps (performance.now(), ms) of one model request's life. */
export interface TimingMarks {
  /** The caller asked for the request. */
  created: number;
  /** The request left this process (frame written / HTTP request started). */
  sent?: number;
  /** The first text delta arrived. */
  firstToken?: number;
  /** The terminal event arrived, or the request was cancelled. */
  done?: number;
  /** Output tokens counted from deltas (or usage, when the server reports it). */
  outputTokens: number;
  /** Input tokens the server reported (usage), cached ones included. */
  inputTokens?: number;
  /** Of those, the ones the server had cached. */
  cachedInputTokens?: number;
  /** Characters of the request's text, for an estimate when the server reports no usage. */
  promptChars?: number;
}

export function newMarks(now: number): TimingMarks {
  return { created: now, outputTokens: 0 };
}

export function firstTokenMs(m: TimingMarks): number | undefined {
  return m.firstToken === undefined ? undefined : m.firstToken - m.created;
}

/** Generation speed after the first token; undefined until there is something to measure. */
export function tokensPerSecond(m: TimingMarks): number | undefined {
  if (m.firstToken === undefined || m.done === undefined || m.outputTokens < 2) return undefined;
  const s = (m.done - m.firstToken) / 1000;
  return s > 0 ? (m.outputTokens - 1) / s : undefined;
}
