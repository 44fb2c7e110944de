// Every transport reads the usage the server reports (input, cached input, output) into the
// stream's marks, from the real local endpoint, which reports it as OpenAI does.
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/logger';
import { startEndpoint, type EndpointHandle } from '../../src/server/startEndpoint';
import { createModelClient } from '../../src/transport/createModelClient';
import type { ModelClient } from '../../src/transport/modelClient';

let ep: EndpointHandle | undefined;
const clients: ModelClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.dispose();
  await ep?.close();
  ep = undefined;
});

function client(url: string, extra: { httpApi?: 'responses' | 'chat'; fimApi?: 'infill' | 'completions' } = {}): ModelClient {
  const c = createModelClient({
    role: 'fast',
    url,
    model: 'gpt-5.3-codex-spark',
    httpApi: extra.httpApi ?? 'responses',
    ...(extra.fimApi ? { fimApi: extra.fimApi } : {}),
    allowInsecure: false,
    firstTokenTimeoutMs: 5000,
    stallTimeoutMs: 5000,
    log: silentLogger,
  });
  clients.push(c);
  return c;
}

describe('usage from every transport', () => {
  it('reads input and output tokens over the WebSocket, HTTP Responses, Chat Completions, completions and infill', async () => {
    ep = await startEndpoint({ engine: 'scripted' });
    const http = `http://127.0.0.1:${ep.port}/v1`;
    const cases: [string, ModelClient, boolean][] = [
      ['websocket', client(`ws://127.0.0.1:${ep.port}/v1/responses`), false],
      ['responses', client(http), false],
      ['chat', client(http, { httpApi: 'chat' }), false],
      ['completions', client(http, { fimApi: 'completions' }), true],
      ['infill', client(http, { fimApi: 'infill' }), true],
    ];
    for (const [name, c, fim] of cases) {
      const s = c.stream({
        surface: fim ? 'completion' : 'chat',
        input: fim ? [] : [{ role: 'user', content: 'hello, how many tokens is this?' }],
        ...(fim ? { fim: { prefix: 'function add(a, b) {\n  return ', suffix: '\n}\n' } } : {}),
      });
      const r = await s.done;
      expect(r.status, name).toBe('completed');
      expect(s.marks.inputTokens, name).toBeGreaterThan(0);
      expect(s.marks.outputTokens, name).toBe(r.outputTokens);
      expect(s.marks.promptChars, name).toBeGreaterThan(0);
      if (name !== 'infill') expect(s.marks.cachedInputTokens ?? 0, name).toBe(0);
    }
  });
});
