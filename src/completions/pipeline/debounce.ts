import type { DebouncePolicy } from '../../time/debouncePolicy';
import type { CompletionSettings } from '../completionSettings';
import type { CompletionRequest } from '../completionTypes';
import type { Keystroke, StageParts, Step } from './keystroke';

/**
 * Subtle eagerness: the quiet after the last key before ghost text is asked for. Longer than a
 * typist's gaps between keys (80–250 ms), as long as next edit's pause after new code.
 */
export const SUBTLE_PAUSE_MS = 500;

/**
 * Typing goes on: wait for a pause (the typing-rhythm debounce, as `flint.completions.eagerness`
 * has it). What is kept and running is looked at again by the next stage, since a stream may
 * have caught up meanwhile.
 */
export function debounce(parts: StageParts, k: Keystroke): Step | Promise<Step> {
  const settings = parts.settings();
  const delay = debounceWait(k.req, waitMs(settings, parts.debounce), k.t0, settings.eagerness === 'subtle');
  return delay > 0 ? pause(parts, k, delay) : { pass: 'no-wait' };
}

async function pause(parts: StageParts, k: Keystroke, delay: number): Promise<Step> {
  const sleepStart = parts.clock.now();
  if (!(await parts.clock.sleep(delay, k.req.signal))) return { why: 'superseded' };
  // What was really waited (timers fire late): deliberate waiting, not processing.
  return { pass: 'paused', debounced: parts.clock.now() - sleepStart };
}

/**
 * How long a keystroke called at `t0` still waits before asking the model, given the policy's
 * `delayMs`: nothing for an explicit ask, nor for the first key where the cursor arrived (it has
 * nothing to type through; `subtle` eagerness keeps its pause). The wait runs from the
 * keystroke, not from the call: time the editor and a busy host already spent before asking
 * counts toward it.
 */
export function debounceWait(req: CompletionRequest, delayMs: number, t0: number, subtle = false): number {
  const delay = req.explicit || (req.arrived && !subtle) ? 0 : delayMs;
  if (delay > 0 && req.changedAt !== undefined) return Math.max(0, delay - Math.max(0, t0 - req.changedAt));
  return delay;
}

/** The wait after a keystroke before a new request, as `flint.completions.eagerness` has it. */
export function waitMs(settings: CompletionSettings, policy: DebouncePolicy): number {
  if (settings.eagerness === 'eager') return settings.debounceMs ?? 0;
  if (settings.eagerness === 'subtle') return Math.max(policy.delayMs(), SUBTLE_PAUSE_MS);
  return policy.delayMs();
}
