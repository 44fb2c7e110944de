import type { Keystroke, StageParts, Step } from './keystroke';
import { serve, sourceOf } from './serve';

/**
 * A suggestion kept from earlier serves the document as it is: the one shown, typed through, or
 * one the cache holds (what the keystroke's look found). With subtle eagerness, while the user
 * types only the suggestion being typed through goes on: the cache's waits for a pause (or an
 * explicit ask, Alt+\).
 */
export function reuseKept(parts: StageParts, k: Keystroke): Step {
  const { look } = k;
  if (look.kind === 'nothing-here') return { why: 'nothing-here' };
  if (look.kind !== 'kept') return { pass: 'nothing-kept' };
  if (holdsCache(parts, k) && sourceOf(parts, k, look.entry, false) === 'cache') return { pass: 'held' };
  return serve(parts, k, { entry: look.entry, suggestion: look.suggestion, fresh: false, waitStart: k.t0 });
}

/** Subtle eagerness holds what the cache has until the typing paused (or the user asked). */
function holdsCache(parts: StageParts, k: Keystroke): boolean {
  return !k.req.explicit && !k.paused && parts.settings().eagerness === 'subtle';
}
