import { stillRelevant } from '../completionCache';
import type { Keystroke, StageParts, Stop } from './keystroke';
import { waitForSuggestion } from './waitForSuggestion';

/** A running request the typing agrees with: wait for its suggestion here, unless it diverges first. */
export async function reuseInFlight(parts: StageParts, k: Keystroke): Promise<Stop | undefined> {
  const pending = k.pending;
  if (!pending) return undefined;
  k.abandon();
  const waited = await waitForSuggestion(parts, k, pending, false);
  if (!waited) return { why: 'superseded' };
  const stop = waited.value;
  if (!stop && pending.running && !stillRelevant(pending, k.place.prefix, k.place.suffix)) parts.requests.cancel(pending);
  return stop;
}
