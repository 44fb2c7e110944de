import { afterEach, describe, expect, it } from 'vitest';
import { ask, eventually, stateReached, wsHarness, type Harness } from './wsHarness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('WebSocket client: a response that never ends', () => {
  it('replaces the connection instead of queueing new requests behind the stuck response', async () => {
    h = await wsHarness({ client: { stallTimeoutMs: 200, firstTokenTimeoutMs: 1000, ws: { drainTimeoutMs: 300, pingIntervalMs: 100 } } });
    await stateReached(h.client, 'warm');
    h.ep.setFaults({ stall: { afterTokens: 3, ms: 0, times: 1 } });
    const stalled = await h.client.stream(ask('tell me a long story')).done;
    expect(stalled.error?.code).toBe('timeout');
    await eventually(() => h!.logs.some((l) => l.includes('replacing the connection')), 3000);
    // Sent one after the other, each takes the first free lane: none may sit behind the stuck one.
    for (let i = 0; i < 3; i++) expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
    expect(h.proxy.accepted).toBe(2);
    await eventually(() => h!.client.stats().sockets === 1 && h!.client.stats().busyLanes === 0);
  });
});
