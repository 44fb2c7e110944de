import { spawn, type ChildProcess } from 'node:child_process';
import * as net from 'node:net';
import { networkInterfaces } from 'node:os';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEndpoint } from '../../src/server/startEndpoint';
import { until } from '../../support/reliability/faultRig';

// The endpoint as its own program (how users and the editor's tests run it): a request that
// throws where nothing catches it ends the process, which an in-process endpoint would hide.
const TOKEN = 'hardening-token-0123';
const MAX_FRAME = 64 * 1024;

interface Program {
  child: ChildProcess;
  port: number;
  stderr(): string;
}

async function launch(): Promise<Program> {
  const child = spawn(
    process.execPath,
    ['scripts/endpoint.mjs', '--port', '0', '--token', TOKEN, '--max-frame-bytes', String(MAX_FRAME), '--tokens-per-second', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { child, port: Number(/127\.0\.0\.1:(\d+)/.exec(line)?.[1]), stderr: () => stderr };
}

let program: Program;
beforeAll(async () => {
  program = await launch();
}, 60_000);
afterAll(() => {
  program.child.kill('SIGTERM');
});

const origin = () => `http://127.0.0.1:${program.port}`;
const auth = { authorization: `Bearer ${TOKEN}` };

/** The endpoint is still up and answers a real request. */
async function stillServes(): Promise<void> {
  expect(program.child.exitCode, `the endpoint exited: ${program.stderr().slice(-600)}`).toBeNull();
  const res = await fetch(`${origin()}/v1/responses`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-5.3-codex-spark', input: 'hello' }),
  });
  expect(res.status).toBe(200);
  expect(JSON.stringify(await res.json())).toContain('Hello!');
}

/** Sends raw bytes on a fresh connection; resolves with the status line (or how the connection ended). */
function raw(bytes: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const s = net.connect(program.port, '127.0.0.1', () => s.end(bytes));
    let out = '';
    s.on('data', (d) => (out += d.toString('latin1')));
    s.on('close', () => resolve(out.split('\r\n')[0] || '(closed without an answer)'));
    s.on('error', (e) => resolve(`error ${e.message}`));
  });
}

function openWs(headers: Record<string, string> = auth): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${program.port}/v1/responses`, { headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe('endpoint hardening: where it listens', () => {
  it('binds 127.0.0.1 by default, and is not reachable on the other addresses of this machine', async () => {
    const ep = await startEndpoint({ engine: 'scripted' });
    try {
      expect(ep.origin).toBe(`http://127.0.0.1:${ep.port}`);
      const others = Object.values(networkInterfaces())
        .flat()
        .filter((a) => a && !a.internal && a.family === 'IPv4')
        .map((a) => a!.address);
      for (const address of others) {
        const refused = await new Promise<boolean>((resolve) => {
          const s = net.connect(ep.port, address, () => (s.destroy(), resolve(false)));
          s.on('error', () => resolve(true));
        });
        expect(refused, `reachable on ${address}`).toBe(true);
      }
    } finally {
      await ep.close();
    }
  });
});

describe('endpoint hardening: the bearer token', () => {
  it.each([
    ['POST', '/v1/responses'],
    ['POST', '/v1/chat/completions'],
    ['POST', '/v1/completions'],
    ['GET', '/v1/models'],
  ])('%s %s is refused without the token, with a wrong one, and with it in the query string', async (method, path) => {
    const body = method === 'POST' ? JSON.stringify({ model: 'gpt-5.3-codex-spark', input: 'hello' }) : undefined;
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }];
    for (const headers of attempts) {
      const res = await fetch(`${origin()}${path}?api_key=${TOKEN}`, { method, headers, body });
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain(TOKEN);
    }
  });

  it('serves no test controls when started without an admin token, whatever the headers', async () => {
    for (const path of ['/__admin/faults', '/__admin/knobs']) {
      for (const headers of [auth, { ...auth, 'x-flint-admin': TOKEN }, { 'x-flint-admin': '' }]) {
        const res = await fetch(`${origin()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"tokensPerSecond":1}' });
        expect(res.status).toBe(404);
      }
    }
  });

  it('refuses the WebSocket handshake without the token', async () => {
    await expect(openWs({})).rejects.toThrow('handshake 401');
    await expect(openWs({ authorization: 'Bearer nope' })).rejects.toThrow('handshake 401');
    (await openWs()).close();
  });
});

describe('endpoint hardening: bad input does not take the server down', () => {
  it('answers a flood of malformed events with error events on the same socket', async () => {
    const ws = await openWs();
    const errors: string[] = [];
    ws.on('message', (d) => {
      const e = JSON.parse(String(d));
      if (e.type === 'error') errors.push(e.error.code);
    });
    const junk = ['{', 'null', '[]', '"x"', '{"type":42}', '{"type":"response.create","input":{"deep":' + '['.repeat(5000) + ']'.repeat(5000) + '}}',
      JSON.stringify({ type: 'response.create', input: 'x', __proto__: { polluted: true }, temperature: 'hot' }), JSON.stringify({ type: 'response.steer', input: 42 })];
    for (let i = 0; i < 50; i++) for (const j of junk) ws.send(j);
    await until(() => errors.length === 50 * junk.length, 10_000, `only ${errors.length} error events`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    ws.close();
    await stillServes();
  });

  it('rejects an oversized event with an error, closes past the hard limit, and keeps serving', async () => {
    const ws = await openWs();
    const first = new Promise<{ status: number; code: string }>((resolve) => ws.once('message', (d) => resolve((({ status, error }) => ({ status, code: error.code }))(JSON.parse(String(d))))));
    ws.send(JSON.stringify({ type: 'response.create', input: 'x'.repeat(MAX_FRAME + 10) }));
    expect(await first).toEqual({ status: 413, code: 'payload_too_large' });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(MAX_FRAME * 4 + 1));
    expect(await closed).toBe(1009);
    await stillServes();
  });

  it('a text frame that is not UTF-8 closes only that socket', async () => {
    const ws = await openWs();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    // ws validates outgoing text itself; write the frame by hand: FIN + text opcode, masked, 4 bytes.
    const mask = Buffer.from([1, 2, 3, 4]);
    const payload = Buffer.from([0xff, 0xfe, 0xc3, 0x28]).map((b, i) => b ^ mask[i % 4]);
    (ws as unknown as { _socket: net.Socket })._socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | 4]), mask, payload]));
    expect(await closed).toBe(1007);
    await stillServes();
  });

  const badBodies: [string, string, number][] = [
    ['an oversized body', JSON.stringify({ model: 'gpt-5.3-codex-spark', input: 'x'.repeat(MAX_FRAME + 1) }), 413],
    ['a body that is not JSON', '{"model":', 400],
    ['an empty body', '', 400],
    ['a body of the wrong shape', JSON.stringify({ model: 'gpt-5.3-codex-spark', input: 42 }), 400],
  ];
  it.each(badBodies)('HTTP: %s gets a 4xx and the endpoint keeps serving', async (_, body, status) => {
    const res = await fetch(`${origin()}/v1/responses`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
    expect(res.status).toBe(status);
    expect((await res.json()).error.message).toEqual(expect.any(String));
    await stillServes();
  });

});

describe('endpoint hardening: malformed requests', () => {
  // Each against an endpoint of its own: one that ends the process must not hide the others.
  let shared: Program;
  beforeEach(async () => {
    shared = program;
    program = await launch();
  }, 60_000);
  afterEach(() => {
    program.child.kill('SIGTERM');
    program = shared;
  });

  it.each([
    ['a request target of "//"', 'GET // HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a request target of "///"', 'POST /// HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n'],
    ['a request target of "//["', 'GET //[ HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a WebSocket upgrade to "//"', 'GET // HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n'],
    ['a header line that is not HTTP', 'GET / HTTP/1.1\r\nHost x\r\n\r\n'],
    ['bytes that are not HTTP', Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03])],
  ])('a malformed request (%s) gets an error answer, not a crash', async (_, bytes) => {
    const status = await raw(bytes);
    expect(status).toMatch(/^HTTP\/1\.1 4\d\d|^\(closed without an answer\)$/);
    await stillServes();
  });
});
