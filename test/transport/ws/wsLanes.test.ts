import { afterEach, describe, expect, it } from 'vitest';
import { ask, eventually, stateReached, wsHarness, type Harness } from './wsHarness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Waits for the first delta of a stream. */
async function firstDelta(s: AsyncIterable<string>): Promise<string> {
  for await (const d of s) return d;
  throw new Error('stream ended without a delta');
}

describe('WebSocket client: lanes', () => {
  it('runs requests concurrently on lanes of one socket', async () => {
    h = await wsHarness({ endpoint: { knobs: { tokensPerSecond: 200 } } });
    await stateReached(h.client, 'warm');
    const streams = [h.client.stream(ask('hello')), h.client.stream(ask('rename a to b')), h.client.stream(ask('hi there'))];
    expect(h.client.stats()).toMatchObject({ openRequests: 3, busyLanes: 3, sockets: 1 });
    const results = await Promise.all(streams.map((s) => s.done));
    expect(results.map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
    expect(results[1].text).toBe('Renamed `a` to `b` everywhere it is used.');
    // Every request had its first token before any of them finished: they overlapped.
    const lastFirst = Math.max(...streams.map((s) => s.marks.firstToken!));
    const firstDone = Math.min(...streams.map((s) => s.marks.done!));
    expect(lastFirst).toBeLessThan(firstDone);
    expect(h.proxy.accepted).toBe(1);
    expect(h.client.stats()).toMatchObject({ openRequests: 0, busyLanes: 0, sockets: 1 });
  });

  it('cancels mid-stream at once and a new request does not wait behind the abandoned one', async () => {
    h = await wsHarness({ endpoint: { knobs: { tokensPerSecond: 100 } } });
    await stateReached(h.client, 'warm');
    const long = h.client.stream(ask('tell me a long story'));
    await firstDelta(long); // leaving the loop cancels
    const cancelled = await long.done;
    expect(cancelled.status).toBe('cancelled');
    const heldText = cancelled.text;
    const next = h.client.stream(ask('hello'));
    const r = await next.done;
    expect(r.status).toBe('completed');
    // The abandoned response is still running on the server (about 1,000 characters at 100
    // tokens/s), so its lane is still draining: the new request took another one.
    expect(h.client.stats()).toMatchObject({ openRequests: 0, busyLanes: 1, sockets: 1 });
    expect((await long.done).text).toBe(heldText);
    await eventually(() => h!.client.stats().busyLanes === 0, 15_000);
    expect(h.proxy.accepted).toBe(1);
  });

  it('without lanes, uses one socket per response and a spare for the next one', async () => {
    h = await wsHarness({ endpoint: { lanes: false, knobs: { tokensPerSecond: 100 } } });
    await stateReached(h.client, 'warm');
    await eventually(() => h!.client.stats().busyLanes === 0);
    const long = h.client.stream(ask('tell me a long story'));
    await firstDelta(long);
    expect((await long.done).status).toBe('cancelled');
    const next = h.client.stream(ask('hello'));
    const r = await next.done;
    expect(r.status).toBe('completed');
    // The first socket is still busy with the abandoned response.
    expect(h.client.stats().busyLanes).toBe(1);
    expect(h.client.stats().sockets).toBeGreaterThanOrEqual(2);
    const both = await Promise.all([h.client.stream(ask('hi')).done, h.client.stream(ask('hey')).done]);
    expect(both.map((x) => x.status)).toEqual(['completed', 'completed']);
    expect(h.logs.some((l) => l.includes('does not support lanes'))).toBe(true);
    expect(h.client.stats().sockets).toBeLessThanOrEqual(8);
  });

  it('bounds sockets and queues beyond them', async () => {
    h = await wsHarness({ endpoint: { lanes: false, knobs: { tokensPerSecond: 400 } }, client: { ws: { maxSockets: 2 } } });
    await stateReached(h.client, 'warm');
    const streams = Array.from({ length: 5 }, (_, i) => h!.client.stream(ask(`hello ${i}`)));
    expect(h.client.stats().sockets).toBeLessThanOrEqual(2);
    const results = await Promise.all(streams.map((s) => s.done));
    expect(results.every((r) => r.status === 'completed')).toBe(true);
    expect(h.proxy.accepted).toBeLessThanOrEqual(2);
  });

  it('returns to idle after a burst of requests, many cancelled at once or mid-stream', async () => {
    h = await wsHarness({ endpoint: { knobs: { tokensPerSecond: 2000 } } });
    await stateReached(h.client, 'warm');
    const off = h.client.onStateChange(() => undefined);
    const streams = Array.from({ length: 60 }, (_, i) => h!.client.stream(ask(i % 3 === 0 ? 'tell me a story' : `hello ${i}`)));
    streams.forEach((s, i) => {
      if (i % 4 === 0) s.cancel();
    });
    await Promise.all(
      streams.map(async (s, i) => {
        if (i % 4 !== 1) return;
        for await (const _ of s) break;
      }),
    );
    const results = await Promise.all(streams.map((s) => s.done));
    // Cancelled before sending: always cancelled. Left after one delta: cancelled unless it
    // had already finished. Nothing fails.
    expect(results.filter((_, i) => i % 4 === 0).every((r) => r.status === 'cancelled')).toBe(true);
    expect(results.every((r) => r.status === 'completed' || r.status === 'cancelled')).toBe(true);
    expect(results.filter((_, i) => i % 4 >= 2).every((r) => r.status === 'completed')).toBe(true);
    expect(h.client.stats().listeners).toBe(1);
    off();
    await eventually(() => h!.client.stats().busyLanes === 0, 10_000);
    expect(h.client.stats()).toMatchObject({ openRequests: 0, busyLanes: 0, listeners: 0 });
    expect(h.client.stats().sockets).toBeLessThanOrEqual(8);
  });
});
