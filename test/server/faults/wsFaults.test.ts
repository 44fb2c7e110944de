import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { TEST_SCRIPT } from '../testFixture';
import { deltaText, WsEventClient } from '../wsEventClient';

// Every fault knob over a real WebSocket, each one-shot so recovery is checked too.
let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startEndpoint({ script: TEST_SCRIPT, knobs: { tokensPerSecond: 0, fullDelayMs: 0 } });
});
afterEach(() => endpoint.setFaults({}));
afterAll(() => endpoint.close());

const create = (c: WsEventClient, input = 'short', extra: object = {}) => c.send({ type: 'response.create', input, ...extra });

async function recovers(): Promise<void> {
  const c = await WsEventClient.open(endpoint.url);
  create(c);
  expect((await c.terminal()).response.status).toBe('completed');
  c.close();
}

describe('WebSocket fault knobs', () => {
  it('drops the socket after N events', async () => {
    endpoint.setFaults({ dropAfterEvents: { after: 5, times: 1 } });
    const c = await WsEventClient.open(endpoint.url);
    create(c);
    expect((await c.closed).code).toBe(1006);
    expect(c.events).toHaveLength(5);
    await recovers();
  });

  it('leaves a counted fault to the next response that streams, not to a warm-up', async () => {
    endpoint.setFaults({ errorEvent: { after: 3, times: 1 } });
    const c = await WsEventClient.open(endpoint.url);
    create(c, '', { generate: false, stream_id: 'w' });
    expect((await c.terminal('w')).response.status).toBe('completed');
    create(c, 'short', { stream_id: 'w' });
    expect(await c.waitFor((e) => e.type === 'error')).toMatchObject({ stream_id: 'w', sequence_number: 3 });
    c.close();
  });

  it('sends a malformed frame and carries on', async () => {
    endpoint.setFaults({ malformedFrame: { after: 4, times: 1 } });
    const c = await WsEventClient.open(endpoint.url);
    create(c);
    await c.terminal();
    expect(c.events[4].type).toBe('(unparseable)');
    expect(() => JSON.parse(c.events[4].raw)).toThrow();
    expect(c.events.filter((e) => e.type === 'response.output_text.delta')).toHaveLength(3);
    c.close();
    await recovers();
  });

  it('sends an error event with a configurable code, ending the lane response', async () => {
    endpoint.setFaults({ errorEvent: { after: 6, code: 'overloaded', status: 503, times: 1 } });
    const c = await WsEventClient.open(endpoint.url);
    create(c, 'short', { stream_id: 'e' });
    const err = await c.waitFor((e) => e.type === 'error');
    expect(err).toMatchObject({ status: 503, stream_id: 'e', sequence_number: 6, error: { code: 'overloaded' } });
    create(c, 'short', { stream_id: 'e' });
    expect((await c.terminal('e')).response.status).toBe('completed');
    c.close();
  });

  it('rate-limits with status 429 and a retry-after header on the error', async () => {
    endpoint.setFaults({ rateLimit: { retryAfterSeconds: 3, times: 1 } });
    const c = await WsEventClient.open(endpoint.url);
    create(c, 'short', { stream_id: 'r' });
    const err = await c.waitFor((e) => e.type === 'error');
    expect(err).toMatchObject({ status: 429, stream_id: 'r', error: { code: 'rate_limit_exceeded', headers: { 'retry-after': '3' } } });
    create(c, 'short', { stream_id: 'r' });
    await c.terminal('r');
    c.close();
  });

  it('refuses the handshake with 401 while the unauthorized fault lasts', async () => {
    endpoint.setFaults({ unauthorized: { times: 1 } });
    await expect(WsEventClient.open(endpoint.url)).rejects.toThrow(/401/);
    await recovers();
  });

  it('ends a connection with websocket_connection_limit_reached after T ms', async () => {
    endpoint.setFaults({ connectionLimit: { afterMs: 150, times: 1 } });
    const c = await WsEventClient.open(endpoint.url);
    const err = await c.waitFor((e) => e.type === 'error');
    expect(err).toMatchObject({ status: 400, error: { code: 'websocket_connection_limit_reached' } });
    expect((await c.closed).code).toBe(1000);
    await recovers();
  });

  it('refuses WebSocket handshakes with 503 while HTTP still answers', async () => {
    endpoint.setFaults({ refuseWebSocket: { times: 1 } });
    await expect(WsEventClient.open(endpoint.url)).rejects.toThrow(/503/);
    const res = await fetch(`${endpoint.httpUrl}/models`);
    expect(res.status).toBe(200);
    await recovers();
  });

  it('stalls mid-stream for a while, or until steered', async () => {
    endpoint.setFaults({ stall: { afterTokens: 2, ms: 300, times: 1 } });
    const c = await WsEventClient.open(endpoint.url);
    create(c);
    const stamps: number[] = [];
    c.ws.on('message', () => stamps.push(performance.now()));
    await c.terminal();
    const deltas = c.events.map((e, i) => [e, i] as const).filter(([e]) => e.type === 'response.output_text.delta');
    const gap = stamps[deltas[2][1]] - stamps[deltas[1][1]];
    expect(gap).toBeGreaterThanOrEqual(250);
    expect(deltaText(c.events)).toBe('one two three four');

    endpoint.setFaults({ stall: { afterTokens: 1, times: 1 } });
    create(c, 'long', { stream_id: 'st' });
    const created = await c.waitFor((e) => e.type === 'response.created' && e.stream_id === 'st');
    await c.waitFor((e) => e.type === 'response.output_text.delta' && e.stream_id === 'st');
    c.send({ type: 'response.steer', response_id: created.response.id, input: 'short' });
    expect((await c.terminal('st')).response.incomplete_details.reason).toBe('steered');
    expect(deltaText(c.eventsOf(created.response.id))).toBe(' word0');
    c.close();
  });

  it('streams enormous output regardless of the token cap', async () => {
    endpoint.setFaults({ enormousOutput: { tokens: 20_000, times: 1 } });
    const c = await WsEventClient.open(endpoint.url);
    create(c, 'short', { max_output_tokens: 10 });
    const done = await c.terminal(undefined, 0, 20_000);
    expect(done.response.usage.output_tokens).toBe(20_000);
    expect(c.events.filter((e) => e.type === 'response.output_text.delta')).toHaveLength(20_000);
    c.close();
  });

  it('puts invalid UTF-8 bytes into a delta frame (the client must reject it)', async () => {
    endpoint.setFaults({ invalidUtf8: { afterTokens: 1, times: 1 } });
    const c = await WsEventClient.open(endpoint.url);
    create(c);
    await c.closed;
    expect(c.errors.map((e) => e.code)).toContain('WS_ERR_INVALID_UTF8');
    await recovers();
  });
});
