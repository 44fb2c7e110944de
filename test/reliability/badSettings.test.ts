import * as net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CompletionEngine } from '../../src/completions/completionEngine';
import { defaultConfig, parseConfig } from '../../src/config/config';
import { settingsSchema, type SettingKey } from '../../src/config/schema';
import { systemClock } from '../../src/time/clock';
import { createModelClient, type ModelClientOptions } from '../../src/transport/createModelClient';
import { checkEndpoint } from '../../src/transport/endpointPolicy';
import type { ModelClient } from '../../src/transport/modelClient';
import { MemoryDocument } from '../../support/memoryDocument';
import { freePort } from '../../support/freePort.mjs';
import { chatRig } from '../../support/reliability/chatProbe';
import { editSession, generationOver } from '../../support/reliability/editProbe';
import { lineLogger, pause, until } from '../../support/reliability/faultRig';
import { EDIT_FILE, EDIT_INSTRUCTION } from '../../support/reliability/faultScript';
import { ghostRequest } from '../../support/reliability/ghostTextProbe';

const keys = Object.keys(settingsSchema) as SettingKey[];

describe('invalid setting values', () => {
  it.each(keys)('flint.%s of the wrong type falls back to its default with one message naming it', (key) => {
    const { config, problems } = parseConfig((k) => (k === key ? { not: 'valid' } : undefined));
    expect(config[key]).toEqual(defaultConfig()[key]);
    expect(problems).toHaveLength(1);
    expect(problems[0].setting).toBe(`flint.${key}`);
    expect(problems[0].message).toContain(`"flint.${key}"`);
    expect(problems[0].message).toContain(`Using the default ${JSON.stringify(defaultConfig()[key])}`);
  });

  it.each([
    ['request.firstTokenTimeoutMs', 10, '500'],
    ['request.stallTimeoutMs', 10_000_000, '600000'],
    ['completions.maxLines', 0, '1'],
    ['completions.maxLines', 2.5, 'expected int'],
    ['completions.debounceMs', -5, '0'],
    ['context.tokenBudget', 1e9, '200000'],
    ['router.fileThreshold', 1, '2'],
  ] as const)('flint.%s = %s is out of range: the message names the limit (%s)', (key, value, limit) => {
    const { config, problems } = parseConfig((k) => (k === key ? value : undefined));
    expect(config[key]).toEqual(defaultConfig()[key]);
    expect(problems.map((p) => p.setting)).toEqual([`flint.${key}`]);
    expect(problems[0].message).toContain(limit);
  });

  it('rejects empty model names, relative URLs and unknown choices', () => {
    const bad: Partial<Record<SettingKey, unknown>> = {
      'fast.model': '',
      'full.url': '/v1',
      'http.api': 'graphql',
      'completions.fimTemplate': 'gpt',
      'completions.enable': { typescript: 'yes' },
      'context.denyList': ['*.pem', 42],
    };
    const { config, problems } = parseConfig((k) => bad[k]);
    expect(problems.map((p) => p.setting).sort()).toEqual(Object.keys(bad).map((k) => `flint.${k}`).sort());
    for (const k of Object.keys(bad) as SettingKey[]) expect(config[k]).toEqual(defaultConfig()[k]);
  });

  it('never throws on anything JSON settings (or a careless extension) can hand over', () => {
    const weird = [null, NaN, Infinity, -0, '', '   ', [], [[]], { a: { b: { c: [1] } } }, () => 1, Symbol('s'), true, 'x'.repeat(100_000)];
    for (const value of weird) {
      const { config, problems } = parseConfig(() => value);
      expect(Object.keys(config).sort()).toEqual([...keys].sort());
      for (const p of problems) expect(p.message).toMatch(/^Setting "flint\.[\w.]+" is invalid/);
    }
  });

  it('a URL the schema accepts but Flint cannot speak is refused by the transport, naming the setting', async () => {
    const { config, problems } = parseConfig((k) => (k === 'fast.url' ? 'ftp://models.example/v1' : undefined));
    expect(problems).toEqual([]);
    const client = createModelClient(options({ url: config['fast.url'], apiKey: 'sk-test-0123456789' }));
    expect(client.state).toMatchObject({ status: 'offline' });
    expect(client.state.reason).toContain('"flint.fast.url" uses ftp://');
    client.dispose();
  });
});

describe('a URL setting without its scheme', () => {
  it.each([['fast.url', 'localhost:8080/v1/responses'], ['completions.url', 'localhost:11434/v1']] as const)(
    'flint.%s = %j passes the schema; the client refuses it showing the fix',
    (key, url) => {
      const { config, problems } = parseConfig((k) => (k === key ? url : undefined));
      expect(problems).toEqual([]);
      const c = createModelClient(options({ url: config[key], role: 'fast' }));
      expect(c.state.status).toBe('offline');
      expect(c.state.reason).toContain(`e.g. "http://${url}"`);
      c.dispose();
    },
  );
});

function options(extra: Partial<ModelClientOptions>): ModelClientOptions {
  return {
    role: 'fast',
    url: 'wss://api.openai.com/v1/responses',
    model: 'gpt-5.3-codex-spark',
    httpApi: 'responses',
    allowInsecure: false,
    firstTokenTimeoutMs: 2000,
    stallTimeoutMs: 2000,
    log: lineLogger([]),
    // A long handshake timeout: a busy event loop must not turn a refused connect or a quick
    // 404 into a timeout. The test of the timeout itself passes a short one.
    ws: { reconnectBaseMs: 50, reconnectMaxMs: 200, handshakeTimeoutMs: 10_000 },
    ...extra,
  };
}

const clients: ModelClient[] = [];
const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();
afterEach(async () => {
  for (const c of clients.splice(0)) c.dispose();
  for (const s of sockets) s.destroy();
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

function client(extra: Partial<ModelClientOptions>): ModelClient {
  const c = createModelClient(options(extra));
  clients.push(c);
  return c;
}

/** A TCP listener on loopback that counts connections and does what `onSocket` says with them. */
async function listener(onSocket: (s: net.Socket) => void = () => undefined): Promise<{ port: number; connections: () => number }> {
  let n = 0;
  const server = net.createServer((s) => {
    n++;
    sockets.add(s);
    s.on('error', () => undefined);
    onSocket(s);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { port: (server.address() as net.AddressInfo).port, connections: () => n };
}

describe('a remote endpoint without a key', () => {
  it('is offline with the fix, and ghost text, edit and chat each show that one message', async () => {
    const c = client({});
    expect(c.state.status).toBe('offline');
    expect(c.state.reason).toMatch(/No API key for wss:\/\/api\.openai\.com\/v1\/responses\. Run "Flint: Set API Key"/);
    expect(c.stats().sockets).toBe(0);

    const log: string[] = [];
    const engine = new CompletionEngine({
      client: () => c,
      settings: () => ({ api: 'responses', fimTemplate: 'qwen', maxLines: 30, tokenBudget: 4096, debounceMs: 0 }),
      clock: systemClock(() => performance.now()),
      metrics: { record() {} },
      log: lineLogger(log),
    });
    expect(await engine.provide(ghostRequest('const probeA = '))).toBeUndefined();
    await until(() => log.some((l) => l.startsWith('warn')), 2000);
    expect(log.filter((l) => l.startsWith('warn'))).toEqual([expect.stringMatching(/^warn Ghost text request #1 failed \(auth\): No API key for .*Flint: Set API Key/)]);

    const doc = new MemoryDocument(EDIT_FILE);
    const edit = editSession(doc, c, []);
    edit.start(EDIT_INSTRUCTION);
    expect(await generationOver(edit)).toBe('failed');
    expect(edit.info.note).toContain('No API key');
    expect(doc.text).toBe(EDIT_FILE);

    const chat = chatRig(c, []);
    chat.session.send({ text: 'hello', contexts: [] });
    const answer = await chat.answered();
    expect(answer.status).toBe('failed');
    expect(answer.error).toContain('Flint: Set API Key');
    expect((await chat.reloaded())?.turns[0]).toMatchObject({ role: 'user', text: 'hello' });
  });

  it.each([[''], ['   '], ['\n']])('treats the key %j as none', (apiKey) => {
    const c = client({ apiKey });
    expect(c.state.reason).toContain('No API key');
  });

  it.each([['sk-live\nInjected: header'], ['sk-live with-space'], ['sk-\u0000nul']])(
    'refuses the malformed key %j without sending it anywhere, and without repeating it',
    async (apiKey) => {
      const l = await listener();
      const c = client({ apiKey, url: `ws://127.0.0.1:${l.port}/v1/responses` });
      expect(c.state.status).toBe('offline');
      expect(c.state.reason).toContain('spaces or line breaks');
      expect(c.state.reason).not.toContain(apiKey);
      const r = await c.stream({ surface: 'chat', input: [{ role: 'user', content: 'x' }] }).done;
      expect(r.error?.code).toBe('auth');
      await pause(50);
      expect(l.connections()).toBe(0);
    },
  );
});

describe('an unreachable endpoint', () => {
  it('closed port: offline naming the endpoint and the cause of both WebSocket and HTTP, retrying by itself; requests fail at once with it', async () => {
    const port = await freePort();
    const c = client({ url: `ws://127.0.0.1:${port}/v1/responses` });
    await until(() => c.state.status === 'offline' && /HTTP failed too/.test(c.state.reason ?? ''), 5000);
    expect(c.state.reason).toMatch(
      new RegExp(
        `^WebSocket unavailable \\(Cannot reach ws://127\\.0\\.0\\.1:${port}/v1/responses: connect ECONNREFUSED .*\\. Retrying in \\d+\\.\\d s\\.\\); ` +
          `HTTP failed too: Cannot reach http://127\\.0\\.0\\.1:${port}/v1: connect ECONNREFUSED`,
      ),
    );
    const r = await c.stream({ surface: 'chat', input: [{ role: 'user', content: 'x' }] }).done;
    expect(r.error?.code).toBe('network');
    expect(r.error?.message).toContain('ECONNREFUSED');
  });

  it('a server that is not a Responses API WebSocket: says so, and tries HTTP', async () => {
    const l = await listener((s) => s.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n'));
    const c = client({ url: `ws://127.0.0.1:${l.port}/v1/responses` });
    await until(() => c.state.transport === 'http', 3000);
    expect(c.state.reason).toContain('(HTTP 404): no Responses API WebSocket at this URL');
    const r = await c.stream({ surface: 'chat', input: [{ role: 'user', content: 'x' }] }).done;
    expect(r.status).toBe('failed');
    expect(r.error?.message).toContain('404');
  });

  it('a server that never answers the handshake: not stuck connecting, the timeout is shown', async () => {
    const l = await listener();
    const c = client({ url: `ws://127.0.0.1:${l.port}/v1/responses`, ws: { reconnectBaseMs: 50, reconnectMaxMs: 200, handshakeTimeoutMs: 300 } });
    await until(() => /Cannot reach .*handshake has timed out/i.test(c.state.reason ?? ''), 3000);
    // After a second without a socket, requests go straight to HTTP.
    await until(() => c.state.transport === 'http', 3000);
  });

  it('HTTP endpoint on a closed port: offline naming the endpoint and the cause', async () => {
    const port = await freePort();
    const c = client({ role: 'full', url: `http://127.0.0.1:${port}/v1` });
    await until(() => c.state.status === 'offline', 3000);
    expect(c.state.reason).toMatch(new RegExp(`^Cannot reach http://127\\.0\\.0\\.1:${port}/v1: .*ECONNREFUSED`));
  });
});

describe('plain http:// or ws:// to a host other than this machine', () => {
  it('is refused before anything is sent, and allowed when the user opted in', async () => {
    // 0.0.0.0 reaches this machine's listeners, but is not a loopback name: the policy must refuse it.
    const l = await listener();
    const key = 'sk-test-0123456789abcdef';
    const ws = client({ apiKey: key, url: `ws://0.0.0.0:${l.port}/v1/responses` });
    const http = client({ apiKey: key, role: 'full', url: `http://0.0.0.0:${l.port}/v1` });
    for (const c of [ws, http]) {
      expect(c.state.status).toBe('offline');
      expect(c.state.reason).toContain('flint.network.allowInsecure');
      expect((await c.stream({ surface: 'chat', input: [{ role: 'user', content: 'x' }] }).done).error?.code).toBe('config');
    }
    await pause(100);
    expect(l.connections()).toBe(0);
    client({ apiKey: key, url: `ws://0.0.0.0:${l.port}/v1/responses`, allowInsecure: true });
    await until(() => l.connections() === 1, 2000);
  });

  it.each([
    'ws://localhost.evil.example/v1/responses',
    'http://127.0.0.1.nip.io/v1',
    'ws://127.0.0.1@evil.example/v1/responses',
    'http://evil.example#@127.0.0.1/v1',
    'http://[::ffff:a00:1]/v1',
    'ws://10.0.0.1/v1/responses',
  ])('refuses the look-alike %s', (url) => {
    expect(checkEndpoint(url, { setting: 'flint.fast.url', allowInsecure: false, hasKey: true }).refusal?.code).toBe('config');
  });

  it.each(['ws://localhost:8080/v1/responses', 'http://127.0.0.2:1/v1', 'http://[::1]:8000/v1', 'http://0x7f000001:9/v1', 'wss://models.example/v1/responses'])(
    'allows %s',
    (url) => {
      expect(checkEndpoint(url, { setting: 'flint.fast.url', allowInsecure: false, hasKey: true }).refusal).toBeUndefined();
    },
  );
});
