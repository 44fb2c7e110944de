import type { Keystroke, StageParts, Stop } from './keystroke';
import { waitForSuggestion } from './waitForSuggestion';

/**
 * Nothing kept serves the keystroke: build the context and ask the model (only the newest
 * keystroke, and not while requests pause after a failure), then wait for the stream to bring
 * the suggestion's first line (or block); the stream goes on into the cache.
 */
export async function askModel(parts: StageParts, k: Keystroke): Promise<Stop> {
  if (k.req.signal?.aborted || !parts.newest(k)) return { why: 'superseded' };
  if (parts.requests.isPaused()) return { why: 'paused' };
  const entry = parts.requests.start(k.req, k.place, 'keystroke');
  k.abandon();
  const waited = await waitForSuggestion(parts, k, entry, true);
  if (!waited) return { why: 'superseded' };
  return waited.value ?? { why: 'no-suggestion' };
}
