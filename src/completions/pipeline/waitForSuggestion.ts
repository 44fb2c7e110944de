import type { CompletionEntry } from '../completionEntry';
import type { Keystroke, StageParts, Stop } from './keystroke';
import { serve } from './serve';

/**
 * Resolves once `entry` offers a complete suggestion at the keystroke's place (`value` the
 * served stop), or diverges from the typing or ends without one there (`value` undefined: go
 * on); with undefined as soon as the editor no longer wants the answer. The entry checks and
 * shapes its offer once per chunk of the stream. Not async: the answer reaches the editor
 * without an extra hop.
 */
export function waitForSuggestion(parts: StageParts, k: Keystroke, entry: CompletionEntry, fresh: boolean): Promise<{ value: Stop | undefined } | undefined> {
  const waitStart = parts.clock.now();
  return entry.follow<Stop | undefined>(
    k.place,
    parts.settings().maxLines,
    (offer) => {
      if (offer === 'never') return { value: undefined };
      if (offer === 'later') return undefined;
      return { value: serve(parts, k, { entry, suggestion: offer.suggestion, fresh, waitStart }) };
    },
    k.req.signal,
  );
}
