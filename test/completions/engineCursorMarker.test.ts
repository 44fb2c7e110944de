import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompletionEngine } from '../../src/completions/completionEngine';
import { startEndpoint, type EndpointHandle } from '../../src/server/startEndpoint';
import { systemClock } from '../../src/time/clock';
import type { ModelClient } from '../../src/transport/modelClient';
import { CompletionRequestLog } from '../../support/completionRequestLog';
import { localFastClient, request } from './engineHarness';

// Code that holds the instruct prompt's cursor marker as text (a prompt template, Flint's own
// source): over the real transport to the real local endpoint, the cursor is still found.
const script = {
  rules: [{ match: { prefix: { regex: 'const label = $' } }, reply: "'<|cursor|>'.length;\n" }],
};

let ep: EndpointHandle;
const clients: ModelClient[] = [];
beforeAll(async () => {
  ep = await startEndpoint({ script, knobs: { tokensPerSecond: 2000 } });
});
afterAll(async () => {
  for (const c of clients) c.dispose();
  await ep.close();
});

function engineOver(url: string): CompletionEngine {
  const client = localFastClient(url);
  clients.push(client);
  return new CompletionEngine({
    client: () => client,
    settings: () => ({ api: 'responses', fimTemplate: 'qwen', maxLines: 30, tokenBudget: 4096, debounceMs: 0 }),
    clock: systemClock(() => performance.now()),
    metrics: { record: () => undefined },
    log: new CompletionRequestLog(),
  });
}

describe('ghost text in code that holds the cursor marker as text', () => {
  for (const transport of ['WebSocket', 'HTTP'] as const) {
    it(`answers at the cursor, not at the marker in the code, and keeps the marker typed as code (${transport})`, async () => {
      const engine = engineOver(transport === 'WebSocket' ? ep.url : ep.httpUrl);
      const r = await engine.provide(request("const MARKER = '<|cursor|>';\nconst label = ", '\nexport {};\n'));
      expect(r?.suggestion.text).toBe("'<|cursor|>'.length;");
    });
  }
});
