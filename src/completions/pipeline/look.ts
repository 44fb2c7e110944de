import type { CompletionCache } from '../completionCache';
import type { CompletionEntry } from '../completionEntry';
import type { Suggestion } from '../completionTypes';
import type { CursorPlace } from '../cursorPlace';

/**
 * What one look at what is kept and running finds for a place: the first entry, longest prefix
 * first, that decides (a suggestion, or the model having said nothing fits exactly here), else a
 * running request the typing agrees with that has nothing here yet; and the running requests
 * the place has left.
 */
export type Look = { readonly left: readonly CompletionEntry[] } & (
  | { readonly kind: 'kept'; readonly entry: CompletionEntry; readonly suggestion: Suggestion }
  | { readonly kind: 'nothing-here' }
  | { readonly kind: 'pending'; readonly entry: CompletionEntry }
  | { readonly kind: 'none' }
);

/** Looks once at `cache` and the `running` requests for `place` (see Look). */
export function lookAt(cache: Pick<CompletionCache, 'survey'>, running: Iterable<CompletionEntry>, place: CursorPlace, maxLines: number): Look {
  const { hits, left } = cache.survey(place, running);
  let pending: CompletionEntry | undefined;
  for (const hit of hits) {
    const suggestion = hit.ready ? hit.entry.suggestionAt(place, maxLines)?.suggestion : undefined;
    if (!suggestion) {
      pending ??= hit.entry.running ? hit.entry : undefined;
      continue;
    }
    if (suggestion.text !== '') return { kind: 'kept', entry: hit.entry, suggestion, left };
    // The model already said nothing fits exactly here: do not ask again.
    if (hit.typed === '' && !hit.entry.running) return { kind: 'nothing-here', left };
  }
  return pending ? { kind: 'pending', entry: pending, left } : { kind: 'none', left };
}
