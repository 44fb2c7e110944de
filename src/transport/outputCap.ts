import type { ModelRequest } from './modelClient';

/** One response may deliver at most this many characters unless the client sets another bound. */
export const DEFAULT_MAX_OUTPUT_CHARS = 1 << 20;

// Far above what real tokens average (long runs of spaces or rule lines included), so only
// a server that ignores the requested token limit runs into the bound.
const CHARS_PER_TOKEN = 32;
const SLACK_CHARS = 4096;

/**
 * The most characters one response may deliver before the client cuts it off: a runaway
 * endpoint must not grow a suggestion, an edit or a chat answer (and memory) without bound.
 */
export function outputCharCap(request: Pick<ModelRequest, 'maxOutputTokens'>, maxOutputChars = DEFAULT_MAX_OUTPUT_CHARS): number {
  const byTokens = request.maxOutputTokens !== undefined ? request.maxOutputTokens * CHARS_PER_TOKEN + SLACK_CHARS : Infinity;
  return Math.max(1, Math.min(maxOutputChars, byTokens));
}
