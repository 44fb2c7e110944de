import type { Keystroke, StageParts, Stop } from './keystroke';
import { waitForSuggestion } from './waitForSuggestion';

/**
 * Nothing kept serves the keystroke: build the context and ask the model (only the newest
 * keystroke, and not while requests pause after a failure), then wait for the stream to bring
 * the suggestion's first line (or block); the stream goes on into the cache.
 */
export function askModel(parts: StageParts, k: Keystroke): Stop | Promise<Stop> {
  if (k.req.signal?.aborted || !parts.newest(k)) return { why: 'superseded' };
  const entry = parts.requests.start(k.req, k.place, 'keystroke');
  if (!entry) return { why: 'paused' };
  return waitForSuggestion(parts, k, entry, true).then((waited) => (waited ? (waited.value ?? { why: 'no-suggestion' }) : { why: 'superseded' }));
}
