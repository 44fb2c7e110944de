import { CompletionEngine } from '../../src/completions/completionEngine';
import type { CompletionSettings } from '../../src/completions/completionSettings';
import type { CompletionRequest } from '../../src/completions/completionTypes';
import { systemClock } from '../../src/time/clock';
import type { FaultCase } from './faultCases';
import type { FaultOutcome } from './faultOutcome';
import { lineLogger, type FaultRig } from './faultRig';
import { GHOST_FIRST_LINE, GHOST_PREFIX_FAULTED, GHOST_PREFIX_RECOVERY } from './faultScript';
import { inFaultSession } from './faultSession';

const SETTINGS: CompletionSettings = { api: 'responses', fimTemplate: 'qwen', maxLines: 30, tokenBudget: 4096, debounceMs: 0 };
/** Past any pause the engine takes after a failure (at most 15 s). */
const PAST_ANY_PAUSE_MS = 60_000;

export function ghostRequest(prefix: string, suffix = ''): CompletionRequest {
  return { prefix, suffix, languageId: 'typescript', filePath: 'src/probe.ts', snippets: () => [], explicit: false };
}

/**
 * Ghost text under one fault: the completions engine over the real transport. The user-facing
 * message is the engine's warning in the log (ghost text shows nothing else); recovery is a
 * later keystroke getting its suggestion through the same client.
 */
export async function ghostTextUnderFault(rig: FaultRig, fc: FaultCase): Promise<FaultOutcome> {
  return inFaultSession(rig, fc, async (s) => {
    // The engine's clock runs ahead on demand, so the pause after a failure passes at once.
    let ahead = 0;
    const engineLog: string[] = [];
    const engine = new CompletionEngine({
      client: () => s.client,
      settings: () => SETTINGS,
      clock: systemClock(() => performance.now() + ahead),
      metrics: { record() {} },
      log: lineLogger(engineLog),
    });
    const notes: string[] = [];
    try {
      const shown = await s.faulted(() => engine.provide(ghostRequest(GHOST_PREFIX_FAULTED)));
      const first = await s.streams[0]?.done;
      const warnings = engineLog.filter((l) => l.startsWith('warn ')).map((l) => l.slice(5));
      const capped = s.logs.filter((l) => l.startsWith('warn ') && l.includes('characters for one response')).map((l) => l.slice(5));
      let ended: FaultOutcome['ended'] = 'succeeded';
      if (first?.status === 'failed') ended = 'failed';
      else if (capped.length > 0) ended = 'capped';
      if (ended === 'succeeded' && shown?.suggestion.text !== GHOST_FIRST_LINE) notes.push(`suggestion ${JSON.stringify(shown?.suggestion.text)}`);
      if (ended === 'capped' && (shown?.suggestion.text.length ?? 0) > 20_000) notes.push('a capped suggestion was not bounded');
      await s.heal();
      ahead += PAST_ANY_PAUSE_MS;
      const again = await engine.provide(ghostRequest(GHOST_PREFIX_RECOVERY));
      const recovered = again?.suggestion.text === GHOST_FIRST_LINE;
      if (!recovered) notes.push(`recovery suggestion ${JSON.stringify(again?.suggestion.text)}; log: ${s.logs.slice(-3).join(' | ')}`);
      return {
        surface: 'ghost text',
        fault: fc.name,
        ended,
        partial: first?.text !== undefined && first.text.length > 0,
        code: first?.error?.code,
        messages: ended === 'capped' ? capped : warnings,
        recovered,
        halfEdited: false,
        lost: false,
        notes,
      };
    } finally {
      engine.dispose();
    }
  });
}
