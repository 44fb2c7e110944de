import type { CompletionCache } from './completionCache';
import type { CompletionEntry } from './completionEntry';
import type { Suggestion } from './completionTypes';
import { cursorPlace, type CursorPlace } from './cursorPlace';
import { BLOCK_CLOSER } from './filters/stopAtEndOfBlock';

/**
 * `suggestion`, offered by `entry` at `place`, continued by what is kept for the document state
 * right after it (the request for what follows accepting it) when it ends where its answer
 * ends, at a block's closer: the lines after the closer then stay shown, up to `maxLines` lines
 * in all. Only following lines continue it, one answer's worth; undefined when none do.
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
  const lines = suggestion.text.split('\n');
  // Only past a block's end: what follows any other answer is a guess not yet asked for. The
  // closer's line as the document will have it: typed into, it no longer starts the suggestion.
  const lastLine = lines.length === 1 ? place.lineBefore + lines[0] : lines[lines.length - 1];
  if (lines.length >= maxLines || !BLOCK_CLOSER.test(lastLine.trimStart())) return undefined;
  const next: CursorPlace = cursorPlace(place.prefix + suggestion.text, place.suffix);
  for (const hit of cache.lookup(next.prefix, next.suffix)) {
    if (!hit.ready || hit.entry === entry || hit.entry.kind === 'alternative') continue;
    const more = hit.entry.suggestionAt(next, maxLines - lines.length + 1)?.suggestion;
    // Only lines of their own: what goes on along the same line was not this answer's to end.
    if (more && more.replaceSuffix === 0 && /^[ \t]*\n/.test(more.text) && more.text.trim() !== '') return { text: suggestion.text + more.text, replaceSuffix: 0 };
  }
  return undefined;
}
