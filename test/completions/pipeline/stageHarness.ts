import { CompletionCache } from '../../../src/completions/completionCache';
import { CompletionRequests } from '../../../src/completions/completionRequests';
import type { CompletionSettings } from '../../../src/completions/completionSettings';
import { cursorPlace } from '../../../src/completions/cursorPlace';
import { Keystroke, type StageParts } from '../../../src/completions/pipeline/keystroke';
import { ShownSuggestion } from '../../../src/completions/shownSuggestion';
import type { RequestSample } from '../../../src/metrics/requestSample';
import { DebouncePolicy } from '../../../src/time/debouncePolicy';
import { until } from '../../../support/until.mjs';
import { FakeClock } from '../../support/fakeClock';
import { FakeModelClient } from '../../support/fakeModelClient';
import { CompletionRequestLog } from '../../../support/completionRequestLog';
import { request } from '../engineHarness';

/** The engine's parts, wired as the engine wires them, for driving one stage at a time. */
export function stageHarness(overrides: Partial<CompletionSettings> = {}) {
  const clock = new FakeClock();
  const client = new FakeModelClient({ now: () => clock.now() });
  const samples: RequestSample[] = [];
  const settings: CompletionSettings = { api: 'responses', fimTemplate: 'qwen', maxLines: 30, tokenBudget: 4096, debounceMs: 0, ...overrides };
  const log = new CompletionRequestLog();
  const cache = new CompletionCache();
  const metrics = { record: (s: RequestSample) => samples.push(s) };
  const requests = new CompletionRequests({ client: () => client, settings: () => settings, clock, metrics, log, cache });
  const shown = new ShownSuggestion({ requests, cache, maxLines: () => settings.maxLines });
  const debounce = new DebouncePolicy(() => settings.debounceMs);
  let newest = 0;
  const parts: StageParts = { cache, requests, shown, debounce, clock, metrics, settings: () => settings, newest: (k) => k.number === newest };
  /** A keystroke at `prefix`/`suffix`, the newest one, with what a look at the cache finds there now. */
  const keystroke = (prefix: string, suffix = '', extra: Parameters<typeof request>[2] = {}) =>
    new Keystroke(request(prefix, suffix, extra), ++newest, clock.now(), cursorPlace(prefix, suffix), cache.lookup(prefix, suffix));
  /** Waits until the newest request's end was handled (its sample recorded). */
  const recorded = (stream = client.last) => until('the request is recorded', () => samples.some((x) => x.marks === stream.marks));
  return { parts, keystroke, clock, client, samples, settings, log, cache, requests, shown, recorded };
}
