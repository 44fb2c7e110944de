import * as http from 'node:http';
import * as net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/log/logger';
import { startEndpoint, type EndpointHandle } from '../../src/server/startEndpoint';
import { createModelClient } from '../../src/transport/createModelClient';
import type { ModelClient } from '../../src/transport/modelClient';
import { memoryLogger } from './ws/wsHarness';

/**
 * A proxy in front of the real endpoint that passes plain HTTP but can refuse WebSocket
 * upgrades, as a corporate proxy does: the WebSocket is down while HTTP to the same host works.
 */
async function upgradeGate(target: number, refusal = '503 Service Unavailable') {
  let blocked = true;
  const counts = { upgrades: 0, refused: 0, posts: 0 };
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') counts.posts++;
    const up = http.request({ host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('upgrade', (req, socket: net.Socket, head) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    if (blocked) {
      counts.refused++;
      socket.end(`HTTP/1.1 ${refusal}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
      return;
    }
    counts.upgrades++;
    const up = net.connect(target, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`), '', ''];
      up.write(lines.join('\r\n'));
      up.write(head);
      socket.pipe(up).pipe(socket);
    });
    sockets.add(up);
    up.on('error', () => socket.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as net.AddressInfo).port,
    counts,
    open: () => (blocked = false),
    async close() {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

const until = async (cond: () => boolean, ms: number) => {
  const end = performance.now() + ms;
  while (!cond()) {
    if (performance.now() > end) throw new Error(`condition not met in time: ${JSON.stringify(client?.state)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A WebSocket client of the endpoint through the gate, reconnecting quickly. */
function throughGate(port: number, log: Logger, apiKey?: string): ModelClient {
  return createModelClient({
    role: 'fast',
    url: `ws://127.0.0.1:${port}/v1/responses`,
    model: 'gpt-5.3-codex-spark',
    httpApi: 'responses',
    apiKey,
    allowInsecure: false,
    firstTokenTimeoutMs: 5000,
    stallTimeoutMs: 5000,
    log,
    ws: { reconnectBaseMs: 50, reconnectMaxMs: 100 },
  });
}

let ep: EndpointHandle | undefined;
let gate: Awaited<ReturnType<typeof upgradeGate>> | undefined;
let client: ModelClient | undefined;
afterEach(async () => {
  client?.dispose();
  await gate?.close();
  await ep?.close();
  client = gate = ep = undefined;
});

describe('WebSocket client with HTTP behind it', () => {
  it('while upgrades are refused, says so and streams over HTTP; takes the WebSocket back when it returns', async () => {
    ep = await startEndpoint({ engine: 'scripted' });
    gate = await upgradeGate(ep.port);
    const logs: string[] = [];
    client = throughGate(gate.port, memoryLogger(logs));
    const c = client;
    await until(() => c.state.fallback !== undefined && c.state.status === 'warm', 5000);
    expect(c.transport).toBe('http');
    expect(c.state).toMatchObject({ transport: 'http', endpoint: `http://127.0.0.1:${gate.port}/v1` });
    expect(c.state.reason).toContain('(HTTP 503)');
    expect(logs.some((l) => l.includes('WebSocket unavailable; requests go over HTTP'))).toBe(true);

    const overHttp = c.stream({ surface: 'chat', input: [{ role: 'user', content: 'hello' }] });
    let text = '';
    for await (const d of overHttp) text += d;
    const r = await overHttp.done;
    expect(r.status).toBe('completed');
    expect(text.length).toBeGreaterThan(0);
    expect(gate.counts.posts).toBeGreaterThan(0);
    expect(gate.counts.upgrades).toBe(0);

    gate.open();
    await until(() => c.state.transport === 'ws' && c.state.status === 'warm', 5000);
    expect(c.state.fallback).toBeUndefined();
    const posts = gate.counts.posts;
    const overWs = await c.stream({ surface: 'chat', input: [{ role: 'user', content: 'hello' }] }).done;
    expect(overWs.status).toBe('completed');
    expect(overWs.text).toBe(r.text);
    expect(gate.counts.posts).toBe(posts);
    expect(gate.counts.upgrades).toBeGreaterThan(0);
    // The HTTP client is closed once the WebSocket is back: nothing of it stays behind.
    expect(c.stats()).toMatchObject({ openRequests: 0, listeners: 1 });
  });

  it('sends a chained request over HTTP with the whole conversation instead of the response id', async () => {
    ep = await startEndpoint({ engine: 'scripted' });
    gate = await upgradeGate(ep.port);
    client = throughGate(gate.port, memoryLogger([]));
    const c = client;
    await until(() => c.state.fallback !== undefined, 5000);
    const r = await c.stream({
      surface: 'chat',
      input: [{ role: 'user', content: 'and now?' }],
      previousResponseId: 'resp_unknown_to_http',
      fullInput: [
        { role: 'user', content: 'hello' },
        { role: 'assistant', content: 'hi' },
        { role: 'user', content: 'and now?' },
      ],
    }).done;
    // The id is unknown to the server: sent, it would fail with previous_response_not_found.
    expect(r.status).toBe('completed');
  });

  it('takes a 403 to the upgrade for a proxy blocking WebSockets and goes over HTTP', async () => {
    ep = await startEndpoint({ engine: 'scripted' });
    gate = await upgradeGate(ep.port, '403 Forbidden');
    client = throughGate(gate.port, memoryLogger([]));
    const c = client;
    await until(() => c.state.fallback !== undefined && c.state.status === 'warm', 5000);
    expect(c.state.reason).toContain('a proxy may be blocking WebSockets');
    const r = await c.stream({ surface: 'chat', input: [{ role: 'user', content: 'hello' }] }).done;
    expect(r.status).toBe('completed');
    expect(gate.counts.posts).toBeGreaterThan(0);
  });

  it('names a refused key when the 403 was the key after all: HTTP refuses it too', async () => {
    const key = 'sk-test-WRONG-0123456789abcdef';
    ep = await startEndpoint({ engine: 'scripted', knobs: { token: 'sk-test-RIGHT-0123456789abcdef' } });
    gate = await upgradeGate(ep.port, '403 Forbidden');
    client = throughGate(gate.port, memoryLogger([]), key);
    const c = client;
    await until(() => c.state.reason?.includes('HTTP failed too') === true, 5000);
    expect(c.state).toMatchObject({ status: 'offline', transport: 'http' });
    expect(c.state.reason).toContain('refused the API key');
    expect(c.state.reason).toContain('Flint: Set API Key');
    const r = await c.stream({ surface: 'chat', input: [{ role: 'user', content: 'hello' }] }).done;
    expect(r.error).toMatchObject({ code: 'auth' });
    expect(r.error?.message).toContain('Flint: Set API Key');
    expect(r.error?.message).not.toContain(key);
  });

  it('stays on the WebSocket, saying what to fix, when it refuses the key: HTTP would refuse it too', async () => {
    ep = await startEndpoint({ engine: 'scripted' });
    gate = await upgradeGate(ep.port, '401 Unauthorized');
    client = throughGate(gate.port, memoryLogger([]));
    const c = client;
    await until(() => c.state.status === 'offline', 5000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(c.state).toMatchObject({ status: 'offline', transport: 'ws', cause: 'auth' });
    expect(c.state.reason).toContain('Flint: Set API Key');
    expect(c.state.fallback).toBeUndefined();
    expect(gate.counts.posts).toBe(0);
  });
});

describe('a ws:// setting pointing at a server without the WebSocket mode', () => {
  for (const dialect of ['vllm', 'ollama'] as const) {
    it(`sends the first request over HTTP to ${dialect}, and the log says so and which setting to change`, async () => {
      ep = await startEndpoint({ dialect, knobs: { tokensPerSecond: 0, fullDelayMs: 0 } });
      const logs: string[] = [];
      client = createModelClient({
        role: 'full',
        url: `ws://127.0.0.1:${ep.port}/v1/responses`,
        model: 'gpt-5.3-codex',
        httpApi: 'responses',
        allowInsecure: false,
        firstTokenTimeoutMs: 5000,
        stallTimeoutMs: 5000,
        log: memoryLogger(logs),
      });
      // At once, before the grace after which every request goes over HTTP.
      const stream = client.stream({ surface: 'chat', input: [{ role: 'user', content: 'hello' }] });
      let text = '';
      for await (const d of stream) text += d;
      const r = await stream.done;
      expect(r.status).toBe('completed');
      expect(text.length).toBeGreaterThan(0);
      const note = logs.find((l) => l.includes('Sending over HTTP instead.'));
      expect(note).toMatch(/^warn ws:\/\/127\.0\.0\.1:\d+\/v1\/responses: .*\(HTTP 404\): no Responses API WebSocket at this URL/);
      expect(note).toContain(`To skip the WebSocket attempt, set "flint.full.url" to http://127.0.0.1:${ep.port}/v1.`);
    });
  }

  it('does not resend a request the model itself refused: it would be refused over HTTP too', async () => {
    ep = await startEndpoint({ knobs: { tokensPerSecond: 0, fullDelayMs: 0 } });
    client = createModelClient({
      role: 'full',
      url: `ws://127.0.0.1:${ep.port}/v1/responses`,
      model: 'no-such-model',
      httpApi: 'responses',
      allowInsecure: false,
      firstTokenTimeoutMs: 5000,
      stallTimeoutMs: 5000,
      log: memoryLogger([]),
    });
    const r = await client.stream({ surface: 'chat', input: [{ role: 'user', content: 'hello' }] }).done;
    expect(r.status).toBe('failed');
    expect(r.error?.options.upgradeRefused).toBeUndefined();
    expect(client.transport).toBe('ws');
  });
});

describe('a server that refuses the WebSocket upgrade outright (a plain HTTP server)', () => {
  for (const refusal of ['404 Not Found', '426 Upgrade Required', '400 Bad Request']) {
    it(`answered ${refusal}: dials once, goes over HTTP, and says so once`, async () => {
      ep = await startEndpoint({ engine: 'scripted' });
      gate = await upgradeGate(ep.port, refusal);
      const logs: string[] = [];
      client = throughGate(gate.port, memoryLogger(logs));
      const c = client;
      await until(() => c.state.fallback !== undefined && c.state.status === 'warm', 5000);
      const r = await c.stream({ surface: 'chat', input: [{ role: 'user', content: 'hello' }] }).done;
      expect(r.status).toBe('completed');
      // Backing off 50 to 100 ms, the pool would have dialed about 15 times by now.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(gate.counts.refused).toBe(1);
      expect(c.state.fallback).toBe(`ws://127.0.0.1:${gate.port}/v1/responses has no WebSocket mode: requests go over HTTP`);
      expect(c.state.reason).toContain(`(HTTP ${refusal.slice(0, 3)})`);
      expect(c.state.reason).toContain('not tried again until its settings change or the window is reloaded');
      expect((await c.stream({ surface: 'chat', input: [{ role: 'user', content: 'hello' }] }).done).status).toBe('completed');
      expect(gate.counts.refused).toBe(1);
      expect(logs.filter((l) => l.includes('has no WebSocket mode'))).toHaveLength(1);
    });
  }

  it('without HTTP behind it, fails every request with the refusal at once, dialing no more', async () => {
    ep = await startEndpoint({ engine: 'scripted' });
    gate = await upgradeGate(ep.port, '404 Not Found');
    client = createModelClient({
      role: 'fast',
      url: `ws://127.0.0.1:${gate.port}/v1/responses`,
      model: 'gpt-5.3-codex-spark',
      httpApi: 'responses',
      allowInsecure: false,
      firstTokenTimeoutMs: 5000,
      stallTimeoutMs: 5000,
      log: memoryLogger([]),
      httpFallback: false,
      ws: { reconnectBaseMs: 50, reconnectMaxMs: 100 },
    });
    const c = client;
    await until(() => c.state.status === 'offline', 5000);
    for (let i = 0; i < 3; i++) {
      const r = await c.stream({ surface: 'chat', input: [{ role: 'user', content: 'hello' }] }).done;
      expect(r.status).toBe('failed');
      expect(r.error?.message).toContain('(HTTP 404)');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(gate.counts.refused).toBe(1);
    expect(c.stats().sockets).toBe(0);
  });

  it('still retries an upgrade answered 503 (a server that may come back), backing off', async () => {
    ep = await startEndpoint({ engine: 'scripted' });
    gate = await upgradeGate(ep.port, '503 Service Unavailable');
    client = throughGate(gate.port, memoryLogger([]));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(gate.counts.refused).toBeGreaterThanOrEqual(4);
    expect(client.state.fallback).toBe('WebSocket unavailable: requests go over HTTP until it is back');
  });
});
