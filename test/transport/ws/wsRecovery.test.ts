import { afterEach, describe, expect, it } from 'vitest';
import { startEndpoint } from '../../../src/server/startEndpoint';
import { ask, eventually, stateReached, wsHarness, type Harness } from './wsHarness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('WebSocket client: recovery', () => {
  it('continues a chain on the socket that holds it', async () => {
    h = await wsHarness();
    const first = await h.client.stream(ask('hello')).done;
    const second = await h.client.stream(ask('rename x to y', { previousResponseId: first.responseId })).done;
    expect(second.status).toBe('completed');
    expect(second.text).toBe('Renamed `x` to `y` everywhere it is used.');
  });

  it('resends the whole conversation when the previous response is gone', async () => {
    h = await wsHarness();
    const r = await h.client.stream(
      ask('rename x to y', {
        previousResponseId: 'resp_forgotten',
        fullInput: [
          { role: 'user', content: 'hello' },
          { role: 'assistant', content: 'Hi.' },
          { role: 'user', content: 'rename x to y' },
        ],
      }),
    ).done;
    expect(r.status).toBe('completed');
    expect(r.text).toBe('Renamed `x` to `y` everywhere it is used.');
    expect(h.logs.some((l) => l.includes('previous response not found'))).toBe(true);
  });

  it('reports a lost chain as a bad request when there is nothing to resend', async () => {
    h = await wsHarness();
    const r = await h.client.stream(ask('rename x to y', { previousResponseId: 'resp_forgotten' })).done;
    expect(r.error?.code).toBe('bad_request');
    expect(r.error?.options.serverCode).toBe('previous_response_not_found');
  });

  it('replaces a socket that reached its connection limit without the caller noticing', async () => {
    h = await wsHarness({ endpoint: { faults: { connectionLimit: { afterMs: 200, times: 1 } } } });
    await stateReached(h.client, 'warm');
    const states: string[] = [];
    h.client.onStateChange((s) => states.push(s.status));
    await eventually(() => h!.proxy.accepted === 2);
    await stateReached(h.client, 'warm');
    const r = await h.client.stream(ask('hello')).done;
    expect(r.status).toBe('completed');
    expect(states).not.toContain('offline');
    expect(h.client.stats().sockets).toBe(1);
  });

  it('resends a request caught by the connection limit before its first token', async () => {
    h = await wsHarness({
      endpoint: { knobs: { firstTokenDelayMs: 400 }, faults: { connectionLimit: { afterMs: 150, times: 1 } } },
    });
    const r = await h.client.stream(ask('hello')).done;
    expect(r.status).toBe('completed');
    expect(r.text).toMatch(/^Hello!/);
    expect(h.proxy.accepted).toBe(2);
  });

  it('rotates a connection before its lifetime ends, opening the replacement first', async () => {
    h = await wsHarness({ endpoint: { knobs: { tokensPerSecond: 100 } }, client: { ws: { rotateAfterMs: 400 } } });
    await stateReached(h.client, 'warm');
    const states: string[] = [];
    h.client.onStateChange((s) => states.push(s.status));
    const long = h.client.stream(ask('tell me a long story'));
    await eventually(() => h!.proxy.accepted >= 2);
    // The replacement takes new requests while the old socket finishes its response.
    const during = await h.client.stream(ask('hello')).done;
    expect(during.status).toBe('completed');
    const r = await long.done;
    expect(r.status).toBe('completed');
    expect(r.text).toContain('The last point is that everything above is measured');
    expect(states).toEqual([]);
    await eventually(() => h!.client.stats().sockets === 1);
  });

  it('reconnects after the endpoint is killed and restarted', async () => {
    h = await wsHarness();
    await stateReached(h.client, 'warm');
    const port = h.ep.port;
    const states: string[] = [];
    h.client.onStateChange((s) => states.push(s.status));
    await h.ep.close();
    await stateReached(h.client, 'offline');
    expect(h.client.state.reason).toMatch(/Retrying in/);
    const down = await h.client.stream(ask('hello')).done;
    expect(down.error?.code).toBe('network');
    await new Promise((r) => setTimeout(r, 300)); // several reconnect attempts fail meanwhile
    expect(new Set(states)).toEqual(new Set(['offline']));
    h.ep = await startEndpoint({ engine: 'scripted', port });
    await stateReached(h.client, 'warm', 5000);
    expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
  });

  it('resends a request whose socket dropped before any token arrived', async () => {
    h = await wsHarness({ endpoint: { knobs: { firstTokenDelayMs: 300 } } });
    await stateReached(h.client, 'warm');
    const s = h.client.stream(ask('hello'));
    await new Promise((r) => setTimeout(r, 50));
    h.proxy.dropAll();
    const r = await s.done;
    expect(r.status).toBe('completed');
    expect(h.proxy.accepted).toBeGreaterThanOrEqual(2);
  });

  it('fails a request whose socket dropped mid-stream with a network error', async () => {
    h = await wsHarness({ endpoint: { knobs: { tokensPerSecond: 100 } } });
    await stateReached(h.client, 'warm');
    const t = h.client.stream(ask('tell me a long story'));
    const it = t[Symbol.asyncIterator]();
    await it.next();
    h.proxy.dropAll();
    const r = await t.done;
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('network');
    await stateReached(h.client, 'warm');
  });

  it('detects a dead socket by ping and reconnects', async () => {
    h = await wsHarness({ client: { ws: { pingIntervalMs: 100, pongTimeoutMs: 100 } } });
    await stateReached(h.client, 'warm');
    h.proxy.freezeAll();
    await eventually(() => h!.proxy.accepted >= 2, 3000);
    await stateReached(h.client, 'warm');
    expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
    expect(h.logs.some((l) => l.includes('stopped answering'))).toBe(true);
  });
});
