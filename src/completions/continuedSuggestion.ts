import type { CompletionCache } from './completionCache';
import type { CompletionEntry } from './completionEntry';
import type { Suggestion } from './completionTypes';
import { cursorPlace, type CursorPlace } from './cursorPlace';

/**
 * `suggestion`, offered by `entry` at `place`, continued by what is kept for the document state
 * right after it (the request for what follows accepting it) when it ends where its answer
 * ends: an answer that stops at a block's closer then still shows the lines after it, up to
 * `maxLines` lines in all. Only following lines continue it; undefined when none do.
 */
export function continuedSuggestion(
  cache: Pick<CompletionCache, 'lookup'>,
  entry: CompletionEntry,
  place: CursorPlace,
  suggestion: Suggestion,
  maxLines: number,
): Suggestion | undefined {
  if (entry.state !== 'completed' || !place.atLineEnd || suggestion.replaceSuffix !== 0 || suggestion.text.trim() === '') return undefined;
  const rest = entry.text.slice(place.prefix.length - entry.prefix.length);
  if (!rest.startsWith(suggestion.text) || rest.slice(suggestion.text.length).trim() !== '') return undefined;
  const lines = suggestion.text.split('\n').length;
  if (lines >= maxLines) return undefined;
  const next: CursorPlace = cursorPlace(place.prefix + suggestion.text, place.suffix);
  for (const hit of cache.lookup(next.prefix, next.suffix)) {
    if (!hit.ready || hit.entry === entry || hit.entry.kind === 'alternative') continue;
    const more = hit.entry.suggestionAt(next, maxLines - lines + 1)?.suggestion;
    // Only lines of their own: what goes on along the same line was not this answer's to end.
    if (!more || more.replaceSuffix !== 0 || !/^[ \t]*\n/.test(more.text) || more.text.trim() === '') continue;
    // That answer may end where it ends too, and go on with what is kept after it.
    const further = continuedSuggestion(cache, hit.entry, next, more, maxLines - lines + 1) ?? more;
    return { text: suggestion.text + further.text, replaceSuffix: 0 };
  }
  return undefined;
}
