import { CompletionEngine } from '../../src/completions/completionEngine';
import type { CompletionSettings } from '../../src/completions/completionSettings';
import type { CompletionRequest } from '../../src/completions/completionTypes';
import { silentLogger } from '../../src/log/logger';
import type { RequestSample } from '../../src/metrics/requestSample';
import { createModelClient } from '../../src/transport/createModelClient';
import type { ModelClient } from '../../src/transport/modelClient';
import { FakeClock } from '../support/fakeClock';
import { FakeModelClient } from '../support/fakeModelClient';
import { CompletionRequestLog } from '../../support/completionRequestLog';
import { until } from '../../support/until.mjs';

/** An engine wired to a fake clock and a fake model client, recording metrics samples and the requests it logs. */
export function engineHarness(overrides: Partial<CompletionSettings> = {}) {
  const clock = new FakeClock();
  const client = new FakeModelClient({ now: () => clock.now() });
  const samples: RequestSample[] = [];
  const log = new CompletionRequestLog();
  const settings: CompletionSettings = {
    api: 'responses',
    fimTemplate: 'qwen',
    maxLines: 30,
    tokenBudget: 4096,
    debounceMs: 0,
    ...overrides,
  };
  const engine = new CompletionEngine({
    client: () => client,
    settings: () => settings,
    clock,
    metrics: { record: (s) => samples.push(s) },
    log,
  });
  /** Waits until the newest request's end was handled (its sample recorded). */
  const recorded = (stream = client.last) => until('the request is recorded', () => samples.some((x) => x.marks === stream.marks));
  /** Waits until the engine waits for time to pass (a debounce or a pause). */
  const waiting = () => until('the engine waits for time to pass', () => clock.sleeping > 0);
  return { engine, clock, client, samples, settings, log, recorded, waiting };
}

export function request(prefix: string, suffix = '', extra: Partial<CompletionRequest> = {}): CompletionRequest {
  return { prefix, suffix, languageId: 'typescript', filePath: 'src/app.ts', snippets: () => [], explicit: false, ...extra };
}

/** A real client for the fast model at the local endpoint's `url` (WebSocket or HTTP). */
export function localFastClient(url: string, fimApi?: 'infill' | 'completions'): ModelClient {
  return createModelClient({
    role: 'fast',
    url,
    model: 'gpt-5.3-codex-spark',
    httpApi: 'responses',
    allowInsecure: false,
    firstTokenTimeoutMs: 5000,
    stallTimeoutMs: 5000,
    log: silentLogger,
    ...(fimApi ? { fimApi } : {}),
  });
}
