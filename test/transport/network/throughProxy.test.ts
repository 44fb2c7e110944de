// Flint's WebSocket and HTTP streams through a real HTTP proxy (tinyproxy on 127.0.0.1), to the
// real local endpoint. The endpoint is addressed as 0.0.0.0, which reaches this machine's
// 127.0.0.1 listeners on Linux but is no loopback name: Flint takes it for another host, as it
// would a remote server, and sends it through the proxy (an endpoint on this machine never is).
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../src/log/logger';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { createModelClient } from '../../../src/transport/createModelClient';
import type { ModelClient } from '../../../src/transport/modelClient';
import { DIRECT_NETWORK, type NetworkSettings } from '../../../src/transport/network/networkSettings';
import { startTinyproxy, type Tinyproxy } from '../../support/tinyproxy';
import { startTlsFront, type TlsFront } from '../../support/tlsFront';
import { eventually, memoryLogger } from '../ws/wsHarness';

const KEY = 'sk-test-proxy-0123456789abcdef';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function endpoint(): Promise<EndpointHandle> {
  const ep = await startEndpoint({ engine: 'scripted', allowedHosts: ['0.0.0.0'] });
  cleanups.push(() => ep.close());
  return ep;
}

async function tinyproxy(options: Parameters<typeof startTinyproxy>[0] = {}): Promise<Tinyproxy> {
  const p = await startTinyproxy(options);
  cleanups.push(() => p.stop());
  return p;
}

function client(url: string, network: Partial<NetworkSettings>, opts: { httpApi?: 'responses' | 'chat'; log?: Logger } = {}): ModelClient {
  const c = createModelClient({
    role: 'fast',
    url,
    model: 'gpt-5.3-codex-spark',
    httpApi: opts.httpApi ?? 'responses',
    apiKey: KEY,
    allowInsecure: true,
    firstTokenTimeoutMs: 5000,
    stallTimeoutMs: 5000,
    log: opts.log ?? memoryLogger([]),
    network: { ...DIRECT_NETWORK, ...network },
    ws: { reconnectBaseMs: 50, reconnectMaxMs: 200 },
  });
  cleanups.push(() => c.dispose());
  return c;
}

async function chat(c: ModelClient) {
  const s = c.stream({ surface: 'chat', input: [{ role: 'user', content: 'hello through the proxy' }] });
  let text = '';
  for await (const d of s) text += d;
  const r = await s.done;
  return { ...r, streamed: text };
}

describe('through a real HTTP proxy', () => {
  it('the WebSocket goes through a CONNECT tunnel and streams; each HTTP API streams through the proxy', async () => {
    const ep = await endpoint();
    const proxy = await tinyproxy();
    const logs: string[] = [];
    const ws = client(`ws://0.0.0.0:${ep.port}/v1/responses`, { proxy: proxy.url }, { log: memoryLogger(logs) });
    await eventually(() => ws.state.status === 'warm', 10_000);
    const overWs = await chat(ws);
    expect(overWs).toMatchObject({ status: 'completed' });
    expect(overWs.streamed.length).toBeGreaterThan(0);
    expect(ws.state).toMatchObject({ transport: 'ws' });
    expect(ws.state.fallback).toBeUndefined();
    expect(proxy.requests()).toContain(`CONNECT 0.0.0.0:${ep.port}`);
    expect(logs.some((l) => l.includes(`WebSocket through the proxy http://127.0.0.1:${proxy.port} (CONNECT)`))).toBe(true);

    for (const api of ['responses', 'chat'] as const) {
      const http = client(`http://0.0.0.0:${ep.port}/v1`, { proxy: proxy.url }, { httpApi: api });
      const r = await chat(http);
      expect(r, api).toMatchObject({ status: 'completed', text: overWs.text });
    }
    expect(proxy.requests()).toEqual(expect.arrayContaining([
      `POST http://0.0.0.0:${ep.port}/v1/responses`,
      `POST http://0.0.0.0:${ep.port}/v1/chat/completions`,
    ]));
  });

  it('wss and https go through the tunnel trusting the extra certificate authority; without it the certificate is refused, unless http.proxyStrictSSL is off', async () => {
    const ep = await endpoint();
    const front: TlsFront = await startTlsFront(ep.port, 'IP:0.0.0.0');
    cleanups.push(() => front.close());
    const proxy = await tinyproxy();
    const trusted = { proxy: proxy.url, ca: front.cert };

    const wss = client(`wss://0.0.0.0:${front.port}/v1/responses`, trusted);
    expect(await chat(wss)).toMatchObject({ status: 'completed' });
    expect(wss.state).toMatchObject({ transport: 'ws' });
    expect(await chat(client(`https://0.0.0.0:${front.port}/v1`, trusted))).toMatchObject({ status: 'completed' });
    expect(proxy.requests().filter((r) => r === `CONNECT 0.0.0.0:${front.port}`).length).toBeGreaterThanOrEqual(2);

    const untrusted = client(`https://0.0.0.0:${front.port}/v1`, { proxy: proxy.url });
    const refused = await chat(untrusted);
    expect(refused.status).toBe('failed');
    expect(refused.error?.message).toMatch(/self-signed certificate/);

    const lenient = client(`wss://0.0.0.0:${front.port}/v1/responses`, { proxy: proxy.url, strictSSL: false });
    expect(await chat(lenient)).toMatchObject({ status: 'completed' });
    expect(lenient.state).toMatchObject({ transport: 'ws' });
  });

  it('proxy authentication: credentials in the proxy URL or in http.proxyAuthorization; wrong ones get a clear 407', async () => {
    const ep = await endpoint();
    const auth = { user: 'flint', password: 'pr0xy-s3cret' };
    const proxy = await tinyproxy({ auth });
    const plain = `http://127.0.0.1:${proxy.port}`;

    const ws = client(`ws://0.0.0.0:${ep.port}/v1/responses`, { proxy: proxy.url });
    expect(await chat(ws)).toMatchObject({ status: 'completed' });
    expect(ws.state).toMatchObject({ transport: 'ws' });
    const header = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
    expect(await chat(client(`http://0.0.0.0:${ep.port}/v1`, { proxy: plain, proxyAuthorization: header }))).toMatchObject({ status: 'completed' });

    // No credentials: tinyproxy answers the CONNECT with 407.
    const none = client(`ws://0.0.0.0:${ep.port}/v1/responses`, { proxy: plain }, { httpApi: 'chat' });
    await eventually(() => /HTTP 407: proxy authentication required.*"http\.proxy"/.test(none.state.reason ?? ''), 10_000);
    // Wrong ones: tinyproxy answers 401, as some proxies do; the message names the proxy setting too.
    const wrong = `http://flint:wrong@127.0.0.1:${proxy.port}`;
    const via = new RegExp(`through the proxy http://127\\.0\\.0\\.1:${proxy.port}.*"http\\.proxy"`);
    const wrongWs = client(`ws://0.0.0.0:${ep.port}/v1/responses`, { proxy: wrong }, { httpApi: 'chat' });
    await eventually(() => via.test(wrongWs.state.reason ?? ''), 10_000);
    const r = await chat(client(`http://0.0.0.0:${ep.port}/v1`, { proxy: wrong }));
    expect(r.status).toBe('failed');
    expect(r.error?.message).toMatch(via);
    for (const m of [r.error?.message, wrongWs.state.reason]) expect(m).not.toContain('wrong');
  });

  it('HTTPS_PROXY and HTTP_PROXY from the environment are honoured; NO_PROXY and http.noProxy reach the endpoint directly', async () => {
    const ep = await endpoint();
    const proxy = await tinyproxy();
    const env = { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url };

    expect(await chat(client(`http://0.0.0.0:${ep.port}/v1`, { env }))).toMatchObject({ status: 'completed' });
    const proxied = proxy.requests().length;
    expect(proxied).toBeGreaterThan(0);

    const bypassed = [
      client(`ws://0.0.0.0:${ep.port}/v1/responses`, { env: { ...env, NO_PROXY: 'example.com, 0.0.0.0' } }),
      client(`http://0.0.0.0:${ep.port}/v1`, { env: { ...env, NO_PROXY: `0.0.0.0:${ep.port}` } }),
      client(`ws://0.0.0.0:${ep.port}/v1/responses`, { env, noProxy: ['0.0.0.0'] }),
      // An endpoint on this machine is never proxied.
      client(`ws://127.0.0.1:${ep.port}/v1/responses`, { proxy: proxy.url }),
    ];
    for (const c of bypassed) expect(await chat(c)).toMatchObject({ status: 'completed' });
    expect(bypassed.filter((c) => c.transport === 'ws').every((c) => c.state.transport === 'ws')).toBe(true);
    expect(proxy.requests().length).toBe(proxied);
  });

  it('a proxy refusing CONNECT to the WebSocket: the clear message, and the requests go over HTTP through it', async () => {
    const ep = await endpoint();
    const proxy = await tinyproxy({ connectPorts: [443] });
    const c = client(`ws://0.0.0.0:${ep.port}/v1/responses`, { proxy: proxy.url });
    await eventually(() => c.state.fallback !== undefined && c.state.status === 'warm', 10_000);
    expect(c.state.reason).toContain('a proxy may be blocking WebSockets');
    const r = await chat(c);
    expect(r).toMatchObject({ status: 'completed' });
    expect(r.streamed.length).toBeGreaterThan(0);
    expect(proxy.requests()).toEqual(expect.arrayContaining([`CONNECT 0.0.0.0:${ep.port}`, `POST http://0.0.0.0:${ep.port}/v1/responses`]));
  });
});
