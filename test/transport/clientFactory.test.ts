import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { defaultConfig, type Config } from '../../src/config/config';
import type { KeyConsentAnswer, KeyDestination } from '../../src/config/keyConsent';
import { silentLogger } from '../../src/log/logger';
import { createClientFactory, type ClientFactoryDeps } from '../../src/transport/clientFactory';
import type { ModelClientOptions } from '../../src/transport/clientOptions';
import type { ModelClient } from '../../src/transport/modelClient';
import { RefusedClient } from '../../src/transport/refusedClient';

/** A stand-in client recording what it was built with (the real ones would connect). */
function recordingCreate(built: { options: ModelClientOptions; disposed: boolean }[]) {
  return (options: ModelClientOptions): ModelClient => {
    const entry = { options, disposed: false };
    built.push(entry);
    const c = new RefusedClient('http', options.model, options.url, new Error('double') as never, () => 0);
    c.dispose = () => {
      entry.disposed = true;
    };
    return c;
  };
}

function harness(over: Partial<ClientFactoryDeps> & { key?: string; answers?: Record<string, KeyConsentAnswer> } = {}) {
  let config: Config = { ...defaultConfig(), 'fast.url': 'ws://127.0.0.1:9/v1/responses', 'full.url': 'http://127.0.0.1:9/v1' };
  const built: { options: ModelClientOptions; disposed: boolean }[] = [];
  const asked: KeyDestination[] = [];
  const answers: Record<string, KeyConsentAnswer> = over.answers ?? {};
  let resolveAsk: ((a: KeyConsentAnswer | undefined) => void)[] = [];
  let key = over.key;
  let trusted = true;
  const deps: ClientFactoryDeps = {
    config: () => config,
    readKey: async () => key,
    trusted: () => trusted,
    consent: (id) => answers[id],
    askConsent: (d) => {
      asked.push(d);
      return new Promise((r) => resolveAsk.push((a) => {
        // As the prompt does: only an explicit answer is kept.
        if (a) answers[d.id] = a;
        r(a);
      }));
    },
    log: silentLogger,
    now: () => 0,
    create: recordingCreate(built),
    ...over,
  };
  return {
    deps,
    built,
    asked,
    set: (patch: Partial<Config>) => (config = { ...config, ...patch }),
    setKey: (k: string | undefined) => (key = k),
    setTrusted: (t: boolean) => (trusted = t),
    answer: (a: KeyConsentAnswer | undefined) => {
      const pending = resolveAsk;
      resolveAsk = [];
      for (const r of pending) r(a);
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('createClientFactory', () => {
  it('builds fast and full at once, and rebuilds only the client whose inputs changed', async () => {
    const h = harness();
    const f = await createClientFactory(h.deps);
    expect(h.built.map((b) => b.options.url)).toEqual(['ws://127.0.0.1:9/v1/responses', 'http://127.0.0.1:9/v1']);
    const changes: string[][] = [];
    f.onChange((roles) => changes.push(roles));
    const fast = f.fast();
    h.set({ 'full.model': 'other' });
    f.refresh();
    expect(f.fast()).toBe(fast);
    expect(h.built.length).toBe(3);
    expect(h.built[1]!.disposed).toBe(true);
    expect(changes).toEqual([['full']]);
    // A setting no client is built from rebuilds nothing.
    h.set({ 'router.mode': 'full', 'completions.maxLines': 3 });
    f.refresh();
    expect(h.built.length).toBe(3);
    // Every transport setting counts, with no list to keep: the timeouts rebuild both.
    h.set({ 'request.stallTimeoutMs': 9000 });
    f.refresh();
    expect(changes.at(-1)).toEqual(['fast', 'full']);
  });

  it('ghost text uses the fast client unless fill-in-the-middle is configured, then its own', async () => {
    const h = harness();
    const f = await createClientFactory(h.deps);
    expect(f.infill()).toBe(f.fast());
    h.set({ 'completions.api': 'infill', 'completions.url': 'http://127.0.0.1:9' });
    f.refresh();
    const infill = f.infill();
    expect(infill).not.toBe(f.fast());
    expect(h.built.at(-1)!.options).toMatchObject({ url: 'http://127.0.0.1:9', fimApi: 'infill' });
    h.set({ 'completions.api': 'responses' });
    f.refresh();
    expect(h.built.at(-1)!.disposed).toBe(true);
    expect(f.infill()).toBe(f.fast());
  });

  it('warms the instructions it is given on the fast and full clients, not on fill-in-the-middle', async () => {
    const h = harness({ warmInstructions: 'complete the code' });
    h.set({ 'completions.api': 'infill', 'completions.url': 'http://127.0.0.1:9' });
    const f = await createClientFactory(h.deps);
    f.infill();
    expect(h.built.map((b) => b.options.instructions)).toEqual(['complete the code', 'complete the code', undefined]);
  });

  it('an untrusted workspace gets refusing clients; trust builds the real ones', async () => {
    const h = harness();
    h.setTrusted(false);
    const f = await createClientFactory(h.deps);
    expect(h.built.length).toBe(0);
    expect(f.fast().state).toMatchObject({ status: 'offline', reason: expect.stringMatching(/not trusted/) });
    h.setTrusted(true);
    f.refresh();
    expect(h.built.length).toBe(2);
  });

  it('with a key, a new host is asked about once and nothing is built for it until allowed', async () => {
    const h = harness({ key: 'sk-test-key-123456' });
    h.set({ 'network.sendKeyToLoopback': true });
    const f = await createClientFactory(h.deps);
    // Both clients point at the same server: one question.
    expect(h.asked).toEqual([{ id: 'http://127.0.0.1:9', host: '127.0.0.1:9' }]);
    expect(h.built.length).toBe(0);
    expect(f.fast().state.reason).toMatch(/may Flint send your API key to 127\.0\.0\.1:9/);
    f.refresh();
    expect(h.asked.length).toBe(1);
    h.answer('allow');
    await tick();
    expect(h.built.map((b) => b.options.apiKey)).toEqual(['sk-test-key-123456', 'sk-test-key-123456']);
  });

  it('a declined host stays refused, with the reason; another key reloads and keeps the answer', async () => {
    const h = harness({ key: 'sk-test-key-123456' });
    h.set({ 'network.sendKeyToLoopback': true });
    const f = await createClientFactory(h.deps);
    h.answer('deny');
    await tick();
    expect(h.built.length).toBe(0);
    expect(f.full().state.reason).toMatch(/did not allow sending your API key to 127\.0\.0\.1:9/);
    expect(f.keyQuestions()).toEqual([{ destination: { id: 'http://127.0.0.1:9', host: '127.0.0.1:9' }, state: 'denied' }]);
    h.setKey('sk-other-key-654321');
    await f.reloadKey();
    expect(h.built.length).toBe(0);
    expect(h.asked.length).toBe(1);
  });

  it('a question closed without an answer keeps nothing: the clients wait, the next window or a click asks again', async () => {
    const h = harness({ key: 'sk-test-key-123456' });
    const remote = { 'fast.url': 'wss://models.example/v1/responses', 'full.url': 'https://models.example/v1' };
    h.set(remote);
    const f = await createClientFactory(h.deps);
    const changes: string[][] = [];
    f.onChange((roles) => changes.push(roles));
    expect(h.asked.map((d) => d.host)).toEqual(['models.example']);
    h.answer(undefined);
    await tick();
    // Not asked again on its own, however often the clients are rebuilt.
    h.set({ 'full.model': 'other' });
    f.refresh();
    f.refresh();
    expect(h.asked.length).toBe(1);
    expect(h.built.length).toBe(0);
    expect(f.fast().state).toMatchObject({ status: 'offline', reason: expect.stringMatching(/Waiting for your answer: may Flint send your API key to models\.example/) });
    expect(f.keyQuestions()).toEqual([{ destination: { id: 'https://models.example', host: 'models.example' }, state: 'waiting' }]);

    // The user's click opens it again; "Allow" builds both clients with the key.
    f.askAgain();
    f.askAgain();
    expect(h.asked.length).toBe(2);
    h.answer('allow');
    await tick();
    expect(h.built.map((b) => [b.options.url, b.options.apiKey])).toEqual([
      ['wss://models.example/v1/responses', 'sk-test-key-123456'],
      ['https://models.example/v1', 'sk-test-key-123456'],
    ]);
    expect(f.keyQuestions()).toEqual([]);
    expect(changes.at(-1)).toEqual(['fast', 'full']);

    // Another window (another factory over the same kept answers) asks nothing more.
    const again = await createClientFactory(h.deps);
    expect(h.asked.length).toBe(2);
    again.dispose();

    // A window where the question was closed again: the next one asks again.
    const h2 = harness({ key: 'sk-test-key-123456' });
    h2.set(remote);
    await createClientFactory(h2.deps);
    h2.answer(undefined);
    await tick();
    await createClientFactory(h2.deps);
    expect(h2.asked.length).toBe(2);
  });

  it('a click on a refused host asks again, and "Allow" then sends', async () => {
    const h = harness({ key: 'sk-test-key-123456', answers: { 'https://models.example': 'deny' } });
    h.set({ 'fast.url': 'wss://models.example/v1/responses', 'full.url': 'https://models.example/v1' });
    const f = await createClientFactory(h.deps);
    expect(h.asked.length).toBe(0);
    f.askAgain('https://models.example');
    expect(h.asked.length).toBe(1);
    h.answer('allow');
    await tick();
    expect(h.built.length).toBe(2);
  });

  it('with a key, a loopback endpoint gets no key and no question; the opt-in setting asks and sends it', async () => {
    const h = harness({ key: 'sk-test-key-123456' });
    const f = await createClientFactory(h.deps);
    expect(h.asked.length).toBe(0);
    expect(h.built.map((b) => b.options.apiKey)).toEqual([undefined, undefined]);
    expect(f.keyQuestions()).toEqual([]);
    h.set({ 'network.sendKeyToLoopback': true });
    f.refresh();
    expect(h.asked.map((d) => d.host)).toEqual(['127.0.0.1:9']);
    h.answer('allow');
    await tick();
    expect(h.built.slice(2).map((b) => b.options.apiKey)).toEqual(['sk-test-key-123456', 'sk-test-key-123456']);
    // Off again: the key stays home.
    h.set({ 'network.sendKeyToLoopback': false });
    f.refresh();
    expect(h.built.slice(4).map((b) => b.options.apiKey)).toEqual([undefined, undefined]);
  });

  it('for a completion model, refuses what asks it to follow instructions and builds ghost text\'s client', async () => {
    const h = harness();
    h.set({ modelKind: 'completion', 'fast.model': 'flint-code-6m', 'completions.api': 'infill', 'completions.url': 'http://127.0.0.1:9/v1' });
    const f = await createClientFactory(h.deps);
    for (const client of [f.fast(), f.full()]) {
      expect(client.state.status).toBe('offline');
      expect(client.state.reason).toMatch(/flint-code-6m is a completion model .*inline edits.*chat need a model that follows instructions/);
      expect((await client.stream({ surface: 'edit', input: [] }).done).error?.code).toBe('config');
    }
    expect(h.built.map((b) => b.options.url)).toEqual(['http://127.0.0.1:9/v1']);
    expect(h.built[0]!.options.fimApi).toBe('infill');
    h.set({ modelKind: 'instruct' });
    f.refresh();
    expect(h.built.map((b) => b.options.url)).toEqual(['http://127.0.0.1:9/v1', 'ws://127.0.0.1:9/v1/responses', 'http://127.0.0.1:9/v1']);
  });

  it('with no key, a loopback endpoint needs no question', async () => {
    const h = harness();
    await createClientFactory(h.deps);
    expect(h.asked.length).toBe(0);
    expect(h.built.every((b) => b.options.apiKey === undefined)).toBe(true);
  });

  it('a key change rebuilds the clients with the new key', async () => {
    const h = harness({ key: 'sk-test-key-123456', answers: { 'http://127.0.0.1:9': 'allow' } });
    h.set({ 'network.sendKeyToLoopback': true });
    const f = await createClientFactory(h.deps);
    h.setKey('sk-other-key-654321');
    await f.reloadKey();
    expect(h.built.map((b) => b.options.apiKey)).toEqual(['sk-test-key-123456', 'sk-test-key-123456', 'sk-other-key-654321', 'sk-other-key-654321']);
    expect(f.key()).toBe('sk-other-key-654321');
  });
});

describe('createClientFactory with the real clients and a real socket', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of closers.splice(0)) await c();
  });

  it('the key reaches a server only after the user allowed that host', async () => {
    const seen: (string | undefined)[] = [];
    const http = createServer((req: IncomingMessage, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(404).end();
    });
    const wss = new WebSocketServer({ server: http });
    wss.on('connection', (_socket, req) => seen.push(req.headers.authorization));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => { for (const c of wss.clients) c.terminate(); wss.close(); http.close(() => r()); }));
    const port = (http.address() as AddressInfo).port;

    const h = harness({ key: 'sk-sentinel-key-0123456789', create: undefined });
    h.set({ 'fast.url': `ws://127.0.0.1:${port}/v1/responses`, 'full.url': `http://127.0.0.1:${port}/v1`, 'network.sendKeyToLoopback': true });
    const f = await createClientFactory(h.deps);
    closers.push(async () => f.dispose());
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([]);
    expect(h.asked.map((d) => d.host)).toEqual([`127.0.0.1:${port}`]);

    h.answer('allow');
    const deadline = Date.now() + 5000;
    while (seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(seen[0]).toBe('Bearer sk-sentinel-key-0123456789');
  });
});
