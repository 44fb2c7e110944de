import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompletionEngine } from '../../src/completions/completionEngine';
import { silentLogger } from '../../src/log/logger';
import type { RequestSample } from '../../src/metrics/requestSample';
import { startEndpoint, type EndpointHandle } from '../../src/server/startEndpoint';
import { systemClock } from '../../src/time/clock';
import { createModelClient } from '../../src/transport/createModelClient';
import type { ModelClient } from '../../src/transport/modelClient';
import { CompletionRequestLog } from '../../support/completionRequestLog';
import { request } from './engineHarness';

// Real inference (the generated tiny model) behind the real endpoint and transport: its text is
// meaningless, its streaming, tokenization and aborts are real.
let ep: EndpointHandle;
let client: ModelClient;
beforeAll(async () => {
  ep = await startEndpoint({ engine: 'tiny' });
  client = createModelClient({
    role: 'fast',
    url: ep.url,
    model: 'gpt-5.3-codex-spark',
    httpApi: 'responses',
    allowInsecure: false,
    firstTokenTimeoutMs: 10_000,
    stallTimeoutMs: 10_000,
    log: silentLogger,
  });
}, 180_000);
afterAll(async () => {
  client?.dispose();
  await ep?.close();
});

/** The client, keeping every stream it starts. */
function recording(streams: ReturnType<ModelClient['stream']>[]): ModelClient {
  return Object.create(client, {
    stream: { value: (r: Parameters<ModelClient['stream']>[0]) => streams[streams.push(client.stream(r)) - 1] },
  });
}

function engine(samples: RequestSample[], through: ModelClient = client, log = new CompletionRequestLog()) {
  return new CompletionEngine({
    client: () => through,
    settings: () => ({ api: 'responses', fimTemplate: 'qwen', maxLines: 30, tokenBudget: 1024, debounceMs: 0 }),
    clock: systemClock(() => performance.now()),
    metrics: { record: (s) => samples.push(s) },
    log,
  });
}

describe('ghost text on real inference', () => {
  it('streams a generation into a suggestion and records its timing marks', async () => {
    const samples: RequestSample[] = [];
    const streams: ReturnType<ModelClient['stream']>[] = [];
    const e = engine(samples, recording(streams));
    const result = await e.provide(request('function main() {\n  const value = ', '\n}\n', { explicit: true }));
    await waitFor(() => client.stats().openRequests === 0);
    // The suggestion is what the model generated, cut after its first line or block and trimmed
    // at the end (the model's text is random: how it reads is not the point).
    expect(result?.source).toBe('model');
    const generated = (await streams[0].done).text;
    const suggestion = result!.suggestion.text;
    expect(suggestion.trim()).not.toBe('');
    expect(generated.startsWith(suggestion)).toBe(true);
    expect(suggestion).toBe(suggestion.trimEnd());
    expect(suggestion.split('\n').length).toBeLessThanOrEqual(30);
    const sample = samples.find((s) => s.marks.firstToken !== undefined);
    expect(sample?.marks.outputTokens).toBeGreaterThan(0);
    expect(sample!.marks.firstToken!).toBeGreaterThanOrEqual(sample!.marks.created);
  });

  it('abandons a running generation when the document moves on, and answers the new one', async () => {
    const samples: RequestSample[] = [];
    const log = new CompletionRequestLog();
    const e = engine(samples, client, log);
    void e.provide(request('let first = ', '', { explicit: true }));
    await waitFor(() => client.stats().openRequests === 1);
    void e.provide(request('let second = [', '', { explicit: true }));
    await waitFor(() => samples.some((s) => s.outcome === 'abandoned'));
    await waitFor(() => client.stats().openRequests === 0);
    expect(samples.map((s) => s.outcome)).toContain('abandoned');
    expect(log.count('keystroke')).toBe(2);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
