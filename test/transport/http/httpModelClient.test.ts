import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/log/logger';
import { createModelClient } from '../../../src/transport/createModelClient';
import { ask, eventually, stateReached } from '../ws/wsHarness';
import { httpHarness, type HttpHarness } from './httpHarness';

let h: HttpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('HTTP client: Responses API', () => {
  it('warms a keep-alive connection at creation and reuses it for requests', async () => {
    h = await httpHarness();
    await stateReached(h.client, 'warm');
    expect(h.proxy.accepted).toBe(1);
    const s = h.client.stream(ask('hello'));
    const r = await s.done;
    expect(r).toMatchObject({ status: 'completed', text: expect.stringMatching(/^Hello! I am the Flint test endpoint/) });
    expect(r.responseId).toMatch(/^resp_/);
    expect(s.marks.sent).toBeDefined();
    expect(s.marks.firstToken).toBeGreaterThanOrEqual(s.marks.sent!);
    expect(s.marks.done).toBeGreaterThanOrEqual(s.marks.firstToken!);
    expect((await h.client.stream(ask('hi')).done).status).toBe('completed');
    expect(h.proxy.accepted).toBe(1);
    await eventually(() => h!.client.stats().busyLanes === 0);
    expect(h.client.stats()).toMatchObject({ openRequests: 0, busyLanes: 0, sockets: 1 });
  });

  it('streams deltas in order and counts tokens from usage', async () => {
    h = await httpHarness();
    const s = h.client.stream(ask('write a function named sum'));
    const parts: string[] = [];
    for await (const d of s) parts.push(d);
    const r = await s.done;
    expect(parts.join('')).toBe(r.text);
    expect(r.text).toContain('export function sum(a: number, b: number): number {');
    expect(r.outputTokens).toBeGreaterThan(5);
  });

  it('resends the whole conversation when the previous response is gone', async () => {
    h = await httpHarness();
    const r = await h.client.stream(
      ask('rename a to b', { previousResponseId: 'resp_gone', fullInput: [{ role: 'user', content: 'rename a to b' }] }),
    ).done;
    expect(r).toMatchObject({ status: 'completed', text: 'Renamed `a` to `b` everywhere it is used.' });
  });

  it('cancels mid-stream at once and the next request still works', async () => {
    h = await httpHarness({ endpoint: { knobs: { tokensPerSecond: 100 } } });
    const s = h.client.stream(ask('tell me a long story'));
    for await (const _ of s) break;
    expect((await s.done).status).toBe('cancelled');
    expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
    await eventually(() => h!.client.stats().busyLanes === 0);
  });

  it('maps 401 to auth (offline, with the fix) and 429 to rate_limit', async () => {
    const key = 'sk-test-WRONG-0123456789abcdef';
    h = await httpHarness({ endpoint: { knobs: { token: 'sk-test-RIGHT-0123456789abcdef' } }, client: { apiKey: key } });
    await stateReached(h.client, 'offline');
    expect(h.client.state.reason).toContain('Flint: Set API Key');
    const r = await h.client.stream(ask('hello')).done;
    expect(r.error).toMatchObject({ code: 'auth' });
    expect(JSON.stringify([h.logs, h.client.state, r.error?.message])).not.toContain(key);
    h.ep.setKnobs({ token: '' });
    h.ep.setFaults({ rateLimit: { retryAfterSeconds: 3, times: 1 } });
    const limited = await h.client.stream(ask('hello')).done;
    expect(limited.error?.code).toBe('rate_limit');
    expect(limited.error?.retryAfterMs).toBe(3000);
    expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
    expect(h.client.state.status).toBe('warm');
  });

  it('fails on a malformed event with a protocol error', async () => {
    h = await httpHarness();
    h.ep.setFaults({ malformedFrame: { after: 5, times: 1 } });
    const r = await h.client.stream(ask('tell me a long story')).done;
    expect(r.error?.code).toBe('protocol');
    expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
  });

  it('reports a connection cut mid-stream as a network error', async () => {
    h = await httpHarness();
    h.ep.setFaults({ dropAfterEvents: { after: 6, times: 1 } });
    const r = await h.client.stream(ask('tell me a long story')).done;
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('network');
  });

  it('times out a stalled stream', async () => {
    h = await httpHarness({ client: { stallTimeoutMs: 300 } });
    h.ep.setFaults({ stall: { afterTokens: 2, ms: 0, times: 1 } });
    const r = await h.client.stream(ask('tell me a long story')).done;
    expect(r.error?.code).toBe('timeout');
    await eventually(() => h!.client.stats().busyLanes === 0);
  });

  it('goes offline when the endpoint cannot be reached', async () => {
    h = await httpHarness();
    await stateReached(h.client, 'warm');
    await h.proxy.close(); // nothing listens on the client's port any more
    const r = await h.client.stream(ask('hello')).done;
    expect(r.error?.code).toBe('network');
    expect(r.error?.message).toContain('Cannot reach');
    expect(h.client.state.status).toBe('offline');
  });
});

describe('HTTP client: credentials', () => {
  it('sends no Authorization header to a loopback server when there is no key', async () => {
    const seen: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const client = createModelClient({
      role: 'full',
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      model: 'm',
      httpApi: 'chat',
      allowInsecure: false,
      firstTokenTimeoutMs: 1000,
      stallTimeoutMs: 1000,
      log: silentLogger,
    });
    await stateReached(client, 'warm');
    client.dispose();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(seen).toEqual([undefined]);
  });
});

describe('HTTP client: Chat Completions', () => {
  it('streams chat with usage', async () => {
    h = await httpHarness({ client: { httpApi: 'chat' } });
    const s = h.client.stream(ask('rename a to b', { instructions: 'Be brief.' }));
    const r = await s.done;
    expect(r).toMatchObject({ status: 'completed', text: 'Renamed `a` to `b` everywhere it is used.' });
    expect(r.outputTokens).toBeGreaterThan(3);
    expect(s.marks.outputTokens).toBe(r.outputTokens);
  });

  it('reports length cut-offs as incomplete', async () => {
    h = await httpHarness({ client: { httpApi: 'chat' } });
    const r = await h.client.stream(ask('tell me a long story', { maxOutputTokens: 5 })).done;
    expect(r.status).toBe('incomplete');
    expect(r.outputTokens).toBe(5);
  });
});

describe('HTTP client: native fill-in-the-middle', () => {
  const fim = { prefix: 'function add(a, b) {', suffix: '\n' };

  it('posts prefix and suffix to /v1/completions', async () => {
    h = await httpHarness({ client: { fimApi: 'completions' } });
    const r = await h.client.stream({ surface: 'completion', input: [], fim, maxOutputTokens: 64 }).done;
    expect(r).toMatchObject({ status: 'completed', text: '\n  return a + b;\n}' });
  });

  it('sends a prompt the caller rendered from a template, with no suffix field', async () => {
    h = await httpHarness({ client: { fimApi: 'completions' } });
    const r = await h.client.stream({ surface: 'completion', input: [], fim: { prefix: 'console.', suffix: '' }, maxOutputTokens: 16 }).done;
    expect(r).toMatchObject({ status: 'completed', text: "log('hello');" });
  });

  it('posts input_prefix and input_suffix to llama.cpp /infill', async () => {
    h = await httpHarness({ client: { fimApi: 'infill' } });
    const r = await h.client.stream({ surface: 'completion', input: [], fim, maxOutputTokens: 64 }).done;
    expect(r).toMatchObject({ status: 'completed', text: '\n  return a + b;\n}' });
    expect(r.outputTokens).toBeGreaterThan(2);
  });

  it('refuses fill-in-the-middle when no FIM API is configured', async () => {
    h = await httpHarness();
    const r = await h.client.stream({ surface: 'completion', input: [], fim }).done;
    expect(r.error?.code).toBe('config');
    expect(r.error?.message).toContain('flint.completions.api');
  });
});

describe('HTTP client: ghost text and chat streams read event by event', () => {
  const fim = { prefix: 'function add(a, b) {', suffix: '\n' };
  const apis = [
    { name: 'Chat Completions', client: { httpApi: 'chat' as const }, request: () => ask('tell me a long story') },
    { name: '/v1/completions', client: { fimApi: 'completions' as const }, request: () => ({ surface: 'completion' as const, input: [], fim, maxOutputTokens: 64 }) },
    { name: 'llama.cpp /infill', client: { fimApi: 'infill' as const }, request: () => ({ surface: 'completion' as const, input: [], fim, maxOutputTokens: 64 }) },
  ];

  for (const api of apis) {
    it(`${api.name}: a cancel mid-stream ends it at once and the next request still works`, async () => {
      h = await httpHarness({ endpoint: { knobs: { tokensPerSecond: 100 } }, client: api.client });
      const s = h.client.stream(api.request());
      for await (const _ of s) break;
      expect((await s.done).status).toBe('cancelled');
      h.ep.setKnobs({ tokensPerSecond: 0 });
      expect((await h.client.stream(api.request()).done).status).toBe('completed');
      await eventually(() => h!.client.stats().busyLanes === 0);
    });

    it(`${api.name}: a malformed event is a protocol error, a cut connection a network error`, async () => {
      h = await httpHarness({ client: api.client });
      h.ep.setFaults({ malformedFrame: { after: 2, times: 1 } });
      expect((await h.client.stream(api.request()).done).error?.code).toBe('protocol');
      h.ep.setFaults({ dropAfterEvents: { after: 2, times: 1 } });
      const cut = await h.client.stream(api.request()).done;
      expect(cut.status).toBe('failed');
      expect(cut.error?.code).toBe('network');
      expect((await h.client.stream(api.request()).done).status).toBe('completed');
    });
  }
});
