import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { TEST_SCRIPT } from '../testFixture';
import { WsEventClient } from '../wsEventClient';

let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startEndpoint({ script: TEST_SCRIPT, maxFrameBytes: 4096, knobs: { tokensPerSecond: 0 } });
});
afterAll(() => endpoint.close());

async function stillServes(c: WsEventClient, n: number): Promise<void> {
  c.send({ type: 'response.create', input: 'short' });
  expect((await c.terminal(undefined, n)).response.status).toBe('completed');
}

describe('WebSocket hardening', () => {
  it('answers malformed events with error events and keeps the socket', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.ws.send('{not json');
    c.ws.send(JSON.stringify({ hello: 1 }));
    c.ws.send(JSON.stringify({ type: 'response.cancel' }));
    c.ws.send(JSON.stringify({ type: 'response.create', input: 42 }));
    c.ws.send(JSON.stringify({ type: 'response.create', input: 'x', temperature: 'hot' }));
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await c.waitFor(() => c.events.filter((e) => e.type === 'error').length === 6);
    expect(c.events.map((e) => e.error?.code)).toEqual([
      'invalid_json',
      'invalid_event',
      'invalid_event',
      'invalid_request_error',
      'invalid_request_error',
      'invalid_event',
    ]);
    expect(c.events[4].error.param).toBe('temperature');
    await stillServes(c, 0);
    c.close();
  });

  it('rejects an oversized event with an error, and closes only past the hard limit', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.send({ type: 'response.create', input: 'x'.repeat(5000) });
    const err = await c.waitFor((e) => e.type === 'error');
    expect(err).toMatchObject({ status: 413, error: { code: 'payload_too_large' } });
    await stillServes(c, 0);
    c.ws.send('x'.repeat(4096 * 4 + 1));
    expect((await c.closed).code).toBe(1009);
    const d = await WsEventClient.open(endpoint.url);
    await stillServes(d, 0);
    d.close();
  });

  it('refuses a WebSocket on any other path', async () => {
    await expect(WsEventClient.open(endpoint.url.replace('/v1/responses', '/v1/other'))).rejects.toThrow(/404/);
  });

  it('requires the bearer token on the handshake when one is set', async () => {
    const guarded = await startEndpoint({ script: TEST_SCRIPT, knobs: { token: 's3cret', tokensPerSecond: 0 } });
    try {
      await expect(WsEventClient.open(guarded.url)).rejects.toThrow(/401/);
      await expect(WsEventClient.open(guarded.url, { Authorization: 'Bearer wrong' })).rejects.toThrow(/401/);
      const c = await WsEventClient.open(guarded.url, { Authorization: 'Bearer s3cret' });
      await stillServes(c, 0);
      c.close();
    } finally {
      await guarded.close();
    }
  });

  it('without lanes rejects stream_id and runs one response at a time', async () => {
    const single = await startEndpoint({ script: TEST_SCRIPT, lanes: false, knobs: { tokensPerSecond: 500 } });
    try {
      const c = await WsEventClient.open(single.url);
      c.send({ type: 'response.create', input: 'short', stream_id: 'a' });
      const err = await c.waitFor((e) => e.type === 'error');
      expect(err.error).toMatchObject({ code: 'unknown_parameter', param: 'stream_id' });
      c.send({ type: 'response.create', input: 'long' });
      c.send({ type: 'response.create', input: 'short' });
      await c.terminal(undefined, 1);
      const firstDone = c.events.findIndex((e) => e.type === 'response.completed');
      const secondCreated = c.events.filter((e) => e.type === 'response.created')[1];
      expect(c.events.indexOf(secondCreated)).toBeGreaterThan(firstDone);
      c.close();
    } finally {
      await single.close();
    }
  });
});
