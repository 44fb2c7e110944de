import { stillRelevant } from '../completionCache';
import type { CompletionEntry } from '../completionEntry';
import type { Keystroke, StageParts, Stop } from './keystroke';
import { waitForSuggestion } from './waitForSuggestion';

/** A running request the typing agrees with: wait for its suggestion here, unless it diverges first. */
export function reuseInFlight(parts: StageParts, k: Keystroke): Promise<Stop | undefined> | undefined {
  return k.pending && waitInFlight(parts, k, k.pending);
}

async function waitInFlight(parts: StageParts, k: Keystroke, pending: CompletionEntry): Promise<Stop | undefined> {
  const waited = await waitForSuggestion(parts, k, pending, false);
  if (!waited) return { why: 'superseded' };
  const stop = waited.value;
  if (!stop && pending.running && !stillRelevant(pending, k.place.prefix, k.place.suffix)) parts.requests.cancel(pending);
  return stop;
}
