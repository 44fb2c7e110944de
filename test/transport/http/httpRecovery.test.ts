import { afterEach, describe, expect, it } from 'vitest';
import { startEndpoint } from '../../../src/server/startEndpoint';
import * as net from 'node:net';
import { silentLogger } from '../../../src/log/logger';
import { createModelClient } from '../../../src/transport/createModelClient';
import { httpHarness, type HttpHarness } from './httpHarness';

/**
 * A network path that drops a kept-alive connection once it has been idle (as NATs, proxies and
 * servers' idle timeouts do), which the client only learns when it sends on it again.
 */
async function stalePath(targetPort: number): Promise<{ port: number; reset(): number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let resets = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    let lastAnswer = 0;
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    upstream.on('data', (d) => {
      lastAnswer = performance.now();
      client.write(d);
    });
    client.on('data', (d) => {
      if (lastAnswer > 0 && performance.now() - lastAnswer > 20) {
        resets++;
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      upstream.write(d);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as net.AddressInfo).port,
    reset: () => resets,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

let h: HttpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ask = (text = 'tell me a long story') => h!.client.stream({ surface: 'chat', input: [{ role: 'user', content: text }] }).done;

describe('HTTP client: recovery and bad bytes', () => {
  it('sends again on a fresh connection when the kept-alive one turns out closed', async () => {
    const ep = await startEndpoint({ engine: 'scripted' });
    const path = await stalePath(ep.port);
    const client = createModelClient({
      role: 'full',
      url: `http://127.0.0.1:${path.port}/v1`,
      model: 'gpt-5.3-codex-spark',
      httpApi: 'responses',
      allowInsecure: false,
      firstTokenTimeoutMs: 5000,
      stallTimeoutMs: 5000,
      log: silentLogger,
    });
    try {
      await client.warm('');
      expect(client.state.status).toBe('warm');
      await new Promise((r) => setTimeout(r, 60));
      // The warm-up's connection sits in the pool; the path dropped it meanwhile.
      const r = await client.stream({ surface: 'chat', input: [{ role: 'user', content: 'hello' }] }).done;
      expect(r.error?.message).toBeUndefined();
      expect(r.status).toBe('completed');
      expect(path.reset()).toBeGreaterThanOrEqual(1);
    } finally {
      client.dispose();
      await path.close();
      await ep.close();
    }
  });

  it('resends a request whose connection dropped before anything was delivered', async () => {
    h = await httpHarness();
    h.ep.setFaults({ dropAfterEvents: { after: 1, times: 1 } });
    const r = await ask('hello');
    expect(r.status).toBe('completed');
    expect(r.text).toMatch(/^Hello!/);
    expect(h.logs.some((l) => l.includes('Sending it again'))).toBe(true);
  });

  it('names a connection lost mid-stream as such, keeping the text delivered', async () => {
    h = await httpHarness({ endpoint: { knobs: { tokensPerSecond: 200 } } });
    h.ep.setFaults({ dropAfterEvents: { after: 12, times: 1 } });
    const r = await ask();
    expect(r.error?.code).toBe('network');
    expect(r.error?.message).toMatch(/^Connection to http:\/\/127\.0\.0\.1:\d+\/v1 was lost while the response was streaming/);
    expect(r.text.length).toBeGreaterThan(0);
  });

  it('fails a stream carrying bytes that are not UTF-8 instead of passing replacement characters on', async () => {
    h = await httpHarness({ endpoint: { knobs: { tokensPerSecond: 0 } } });
    h.ep.setFaults({ invalidUtf8: { afterTokens: 3, times: 1 } });
    const r = await ask();
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('protocol');
    expect(r.error?.message).toContain('not valid UTF-8');
    expect(r.text).not.toContain('\ufffd');
    expect((await ask('hello')).status).toBe('completed');
  });

  it('checks UTF-8 across chunk boundaries: a character split between chunks is fine', async () => {
    h = await httpHarness({ endpoint: { script: { rules: [{ match: { user: 'emoji' }, reply: '日本語 👋🏽 é'.repeat(400) }] }, knobs: { tokensPerSecond: 0 } } });
    const r = await ask('emoji please');
    expect(r.status).toBe('completed');
    expect(r.text).toBe('日本語 👋🏽 é'.repeat(400));
  });
});
