import type { CompletionMode, Suggestion } from '../completionTypes';

/** What a filter knows about the place the suggestion goes. */
export interface FilterContext {
  /** The cursor's line before the cursor. */
  lineBefore: string;
  /** The cursor's line after the cursor. */
  lineAfter: string;
  /** Document text after the cursor (at least the next lines). */
  suffix: string;
  mode: CompletionMode;
}

/**
 * A serve-time filter. It may only cut the end of the text (or widen `replaceSuffix`), so what
 * the user accepts is always a prefix of the cached completion and the rest stays reachable.
 */
export type SuggestionFilter = (s: Suggestion, ctx: FilterContext) => Suggestion;

/**
 * A stream-time normalizer: turns the model's raw text into completion text. `final` is false
 * while the stream runs; then it must hold back what more text could still change, so that the
 * result for a longer raw text always extends the result for a shorter one.
 */
export type TextNormalizer = (raw: string, final: boolean) => string;
