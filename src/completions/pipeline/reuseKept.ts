import type { Keystroke, StageParts, Stop } from './keystroke';
import { serve, sourceOf } from './serve';

/**
 * A suggestion kept from earlier serves the document as it is: the one shown, typed through, or
 * one the cache holds (what the keystroke's latest look found, longest prefix first). A running request that agrees with the typing but
 * has no suggestion here yet is left for `reuseInFlight`. With subtle eagerness, while the user
 * types only the suggestion being typed through goes on: the cache's waits for a pause (or an
 * explicit ask, Alt+\).
 */
export function reuseKept(parts: StageParts, k: Keystroke): Stop | undefined {
  k.pending = undefined;
  const maxLines = parts.settings().maxLines;
  for (const hit of k.kept) {
    const suggestion = hit.ready ? hit.entry.suggestionAt(k.place, maxLines)?.suggestion : undefined;
    if (!suggestion) {
      k.pending ??= hit.entry.running ? hit.entry : undefined;
      continue;
    }
    if (suggestion.text !== '') {
      if (holdsCache(parts, k) && sourceOf(parts, k, hit.entry, false) === 'cache') {
        k.pending = undefined;
        return undefined;
      }
      return serve(parts, k, { entry: hit.entry, suggestion, fresh: false, waitStart: k.t0 });
    }
    // The model already said nothing fits exactly here: do not ask again.
    if (hit.typed === '' && !hit.entry.running) return { why: 'nothing-here' };
  }
  return undefined;
}

/** Subtle eagerness holds what the cache has until the typing paused (or the user asked). */
function holdsCache(parts: StageParts, k: Keystroke): boolean {
  return !k.req.explicit && !k.paused && parts.settings().eagerness === 'subtle';
}
