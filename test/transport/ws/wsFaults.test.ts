import { afterEach, describe, expect, it } from 'vitest';
import { ask, eventually, stateReached, wsHarness, type Harness } from './wsHarness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('WebSocket client: faults', () => {
  it('fails a request on a malformed frame with a protocol error and keeps the connection', async () => {
    h = await wsHarness();
    await stateReached(h.client, 'warm');
    h.ep.setFaults({ malformedFrame: { after: 6, times: 1 } });
    const bad = await h.client.stream(ask('tell me a long story')).done;
    expect(bad.status).toBe('failed');
    expect(bad.error?.code).toBe('protocol');
    expect(bad.error?.message).toContain('malformed');
    const good = await h.client.stream(ask('hello')).done;
    expect(good.status).toBe('completed');
    expect(h.proxy.accepted).toBe(1);
  });

  it('fails every running request when a malformed frame names no lane, rather than lose text silently', async () => {
    h = await wsHarness({ endpoint: { knobs: { tokensPerSecond: 200 } } });
    await stateReached(h.client, 'warm');
    h.ep.setFaults({ malformedFrame: { after: 8, times: 1 } });
    const results = await Promise.all([h.client.stream(ask('tell me a long story')).done, h.client.stream(ask('tell me a story')).done]);
    expect(results.map((r) => r.error?.code)).toEqual(['protocol', 'protocol']);
    expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
  });

  it('treats a delta that is not UTF-8 as malformed without dropping the socket', async () => {
    h = await wsHarness();
    await stateReached(h.client, 'warm');
    h.ep.setFaults({ invalidUtf8: { afterTokens: 2, times: 1 } });
    const bad = await h.client.stream(ask('hello')).done;
    expect(bad.error?.code).toBe('protocol');
    expect(bad.error?.message).toContain('UTF-8');
    expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
    expect(h.proxy.accepted).toBe(1);
  });

  it('reports a server error event as a server error with its code', async () => {
    h = await wsHarness();
    await stateReached(h.client, 'warm');
    h.ep.setFaults({ errorEvent: { after: 5, code: 'server_error', status: 500, times: 1 } });
    const r = await h.client.stream(ask('hello')).done;
    expect(r.status).toBe('failed');
    expect(r.error).toMatchObject({ code: 'server' });
    expect(r.error?.options.serverCode).toBe('server_error');
    expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
  });

  it('maps 429 to rate_limit with retryAfterMs', async () => {
    h = await wsHarness();
    await stateReached(h.client, 'warm');
    h.ep.setFaults({ rateLimit: { retryAfterSeconds: 2, times: 1 } });
    const r = await h.client.stream(ask('hello')).done;
    expect(r.error?.code).toBe('rate_limit');
    expect(r.error?.retryAfterMs).toBe(2000);
    expect(r.error?.message).toContain('Retry in 2 s');
    expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
  });

  it('maps a refused key to auth, goes offline with the fix, and never shows the key', async () => {
    const key = 'sk-test-WRONG-0123456789abcdef';
    h = await wsHarness({ endpoint: { knobs: { token: 'sk-test-RIGHT-0123456789abcdef' } }, client: { apiKey: key } });
    await stateReached(h.client, 'offline');
    expect(h.client.state.reason).toContain('Flint: Set API Key');
    const r = await h.client.stream(ask('hello')).done;
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('auth');
    expect(r.error?.options.status).toBe(401);
    const everything = JSON.stringify([h.logs, h.client.state, r.error?.message, r.text]);
    expect(everything).not.toContain(key);
  });

  it('sends the key in the handshake when the endpoint requires one', async () => {
    const key = 'sk-test-RIGHT-0123456789abcdef';
    h = await wsHarness({ endpoint: { knobs: { token: key } }, client: { apiKey: key } });
    expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
    expect(JSON.stringify(h.logs)).not.toContain(key);
  });

  it('times out a stalled stream, naming the setting, and the next request is not blocked', async () => {
    h = await wsHarness({ client: { stallTimeoutMs: 300 } });
    await stateReached(h.client, 'warm');
    h.ep.setFaults({ stall: { afterTokens: 3, ms: 0, times: 1 } });
    const s = h.client.stream(ask('tell me a long story'));
    const r = await s.done;
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('timeout');
    expect(r.error?.message).toContain('flint.request.stallTimeoutMs');
    expect(r.text.length).toBeGreaterThan(0);
    const next = await h.client.stream(ask('hello')).done;
    expect(next.status).toBe('completed');
    expect(h.client.stats().busyLanes).toBe(1); // the stalled response is still held by the server
  });

  it('times out when no first token arrives', async () => {
    h = await wsHarness({ endpoint: { knobs: { firstTokenDelayMs: 2000 } }, client: { firstTokenTimeoutMs: 200 } });
    await stateReached(h.client, 'warm');
    const r = await h.client.stream(ask('hello')).done;
    expect(r.error?.code).toBe('timeout');
    expect(r.error?.message).toContain('flint.request.firstTokenTimeoutMs');
  });

  it('fails a request whose model the endpoint does not serve, as a bad request', async () => {
    h = await wsHarness();
    const r = await h.client.stream(ask('hello', { model: 'no-such-model' })).done;
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('bad_request');
    expect(r.error?.message).toContain('no-such-model');
    await eventually(() => h!.client.stats().busyLanes === 0);
  });

  it('refuses fill-in-the-middle requests, pointing at the completions settings', async () => {
    h = await wsHarness();
    const r = await h.client.stream({ surface: 'completion', input: [], fim: { prefix: 'a', suffix: 'b' } }).done;
    expect(r.error?.code).toBe('config');
    expect(r.error?.message).toContain('flint.completions.url');
  });

  it('cuts at stop sequences and frees the lane once the server ends', async () => {
    h = await wsHarness();
    const r = await h.client.stream(ask('write a function named add', { stop: ['```ts'] })).done;
    expect(r).toMatchObject({ status: 'completed', text: 'Here is `add`:\n\n' });
    await eventually(() => h!.client.stats().busyLanes === 0);
  });
});
