import type { Keystroke, StageParts, Step } from './keystroke';
import { waitForSuggestion } from './waitForSuggestion';

/**
 * A running request the typing agrees with that has nothing here yet (what the keystroke's look
 * found): wait for its suggestion here, unless it diverges first. One that diverges while it
 * runs has left the typing (the look found it agreeing so far) and goes with the others left.
 */
export function reuseInFlight(parts: StageParts, k: Keystroke): Step | Promise<Step> {
  const { look } = k;
  if (look.kind !== 'pending') return { pass: 'nothing-running' };
  const { entry } = look;
  return waitForSuggestion(parts, k, entry, false).then((waited): Step => {
    if (!waited) return { why: 'superseded' };
    return waited.value ?? { pass: 'diverged', ...(entry.running ? { left: entry } : {}) };
  });
}
