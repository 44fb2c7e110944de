import { matchEntry } from '../completionCache';
import type { CompletionEntry } from '../completionEntry';
import type { Keystroke, StageParts, Stop } from './keystroke';
import { serve } from './serve';

/**
 * Resolves once `entry` offers a complete suggestion at the keystroke's place (`value` the
 * served stop), or diverges from the typing or ends without one there (`value` undefined: go
 * on); with undefined as soon as the editor no longer wants the answer. The suggestion is shaped
 * once per chunk of the stream. Not async: the answer reaches the editor without an extra hop.
 */
export function waitForSuggestion(parts: StageParts, k: Keystroke, entry: CompletionEntry, fresh: boolean): Promise<{ value: Stop | undefined } | undefined> {
  const waitStart = parts.clock.now();
  const maxLines = parts.settings().maxLines;
  return entry.until<Stop | undefined>(() => {
    const hit = matchEntry(entry, k.place.prefix);
    if (!hit) return { value: undefined };
    if (!hit.ready) return entry.running ? undefined : { value: undefined };
    const suggestion = entry.suggestionAt(k.place, maxLines)?.suggestion;
    return suggestion && { value: serve(parts, k, { entry, suggestion, fresh, waitStart }) };
  }, k.req.signal);
}
