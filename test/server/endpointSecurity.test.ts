import { spawn } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startEndpoint, type EndpointHandle } from '../../src/server/startEndpoint';

// What a web page the user visits (or a careless command line) could do to the local endpoint.
const ADMIN = 'admin-secret-42';
let endpoint: EndpointHandle;
const logged: string[] = [];
beforeAll(async () => {
  endpoint = await startEndpoint({ adminToken: ADMIN, maxFrameBytes: 64 * 1024, bodyTimeoutMs: 400, knobs: { tokensPerSecond: 0 }, log: (m) => logged.push(m) });
});
afterAll(() => endpoint.close());

/** Raw HTTP/1.1 over one socket: lets a test send headers fetch would not, and reuse the connection. */
function rawExchange(writes: (string | Buffer)[], { answers = 1, timeoutMs = 5000 } = {}): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(endpoint.port, '127.0.0.1');
    let text = '';
    const statuses = () => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
    const timer = setTimeout(() => (socket.destroy(), resolve(statuses())), timeoutMs);
    socket.on('data', (d) => {
      text += d.toString('latin1');
      if (statuses().length >= answers) {
        clearTimeout(timer);
        socket.destroy();
        resolve(statuses());
      }
    });
    socket.on('error', (e) => (clearTimeout(timer), reject(e)));
    socket.on('connect', () => {
      for (const w of writes) socket.write(w);
    });
  });
}

function request(path: string, { method = 'GET', headers = {} as Record<string, string>, body = '' } = {}): string {
  const all = { host: `127.0.0.1:${endpoint.port}`, 'content-length': String(Buffer.byteLength(body)), ...headers };
  return `${method} ${path} HTTP/1.1\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`;
}

function handshake(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${endpoint.url}`, { headers });
    ws.once('open', () => (ws.close(), resolve(101)));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}

const responseBody = JSON.stringify({ model: 'gpt-5.3-codex-spark', input: 'hi', stream: false });

describe('the local endpoint is no target for web pages', () => {
  it('refuses requests from a foreign Origin, over HTTP and WebSocket', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:9999']) {
      const res = await fetch(`${endpoint.httpUrl}/models`, { headers: { origin } });
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('origin_not_allowed');
      expect(await handshake({ origin })).toBe(403);
    }
    // Editors and command-line clients send no Origin: they are served.
    expect((await fetch(`${endpoint.httpUrl}/models`)).status).toBe(200);
    expect(await handshake({})).toBe(101);
  });

  it('refuses a rebinding Host, over HTTP and WebSocket, and serves loopback names', async () => {
    const [rebound] = await rawExchange([request('/v1/models', { headers: { host: `attacker.example:${endpoint.port}` } })]);
    expect(rebound).toBe('403');
    expect(await handshake({ host: 'attacker.example' })).toBe(403);
    for (const host of [`localhost:${endpoint.port}`, `127.0.0.1:${endpoint.port}`, `[::1]:${endpoint.port}`]) {
      const [ok] = await rawExchange([request('/v1/models', { headers: { host } })]);
      expect(ok, host).toBe('200');
    }
  });

  it('accepts an Origin and a Host name only when told to', async () => {
    const open = await startEndpoint({ allowedOrigins: ['https://tool.example'], allowedHosts: ['gpu-box.lan'] });
    try {
      expect((await fetch(`${open.httpUrl}/models`, { headers: { origin: 'https://tool.example' } })).status).toBe(200);
      expect((await fetch(`${open.httpUrl}/models`, { headers: { origin: 'https://tool.example.evil' } })).status).toBe(403);
    } finally {
      await open.close();
    }
  });

  it('keeps the test controls behind their token and a JSON content type', async () => {
    const knobs = `${endpoint.origin}/__admin/knobs`;
    const body = JSON.stringify({ tokensPerSecond: 7 });
    // A page's "simple" cross-site POST: text/plain, no preflight. Refused even with the token.
    const plain = await fetch(knobs, { method: 'POST', headers: { 'content-type': 'text/plain', 'x-flint-admin': ADMIN }, body });
    expect(plain.status).toBe(415);
    expect((await fetch(knobs, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status).toBe(401);
    expect((await fetch(knobs, { method: 'POST', headers: { 'content-type': 'application/json', 'x-flint-admin': 'wrong' }, body })).status).toBe(401);
    const current = await (await fetch(knobs, { headers: { 'x-flint-admin': ADMIN } })).json();
    expect(current.tokensPerSecond).toBe(0);
    const ok = await fetch(knobs, { method: 'POST', headers: { 'content-type': 'application/json', 'x-flint-admin': ADMIN }, body: JSON.stringify({ tokensPerSecond: 0 }) });
    expect(ok.status).toBe(200);
  });

  it('refuses to bind another address than loopback without a token, saying how', async () => {
    await expect(startEndpoint({ host: '0.0.0.0' })).rejects.toThrow(/without a token.*--token/s);
    const guarded = await startEndpoint({ host: '0.0.0.0', knobs: { token: 'team-token' } });
    await guarded.close();
  });

  it('the program exits with the reason when asked to bind 0.0.0.0 without a token', async () => {
    const child = spawn(process.execPath, ['scripts/endpoint.mjs', '--host', '0.0.0.0', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FLINT_ENDPOINT_TOKEN: '' } });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toMatch(/Refusing to listen on 0\.0\.0\.0 without a token/);
  }, 60_000);
});

describe('request bodies', () => {
  it('answers an oversized body with 413 and serves the next request on the same connection', async () => {
    const big = JSON.stringify({ input: 'x'.repeat(200 * 1024) });
    const statuses = await rawExchange(
      [request('/v1/responses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big }), request('/v1/models')],
      { answers: 2 },
    );
    expect(statuses).toEqual(['413', '200']);
  });

  it('answers a body that never finishes with 408, not a logged server error', async () => {
    logged.length = 0;
    const head = request('/v1/responses', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(responseBody.length) } }).replace(/\r\n\r\n$/, '\r\n\r\n');
    const statuses = await rawExchange([head.slice(0, head.indexOf('\r\n\r\n') + 4), responseBody.slice(0, 5)]);
    expect(statuses).toEqual(['408']);
    expect(logged.filter((l) => /failed/.test(l))).toEqual([]);
  });
});
