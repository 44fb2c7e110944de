import { afterEach, describe, expect, it } from 'vitest';
import { ask, stateReached, wsHarness, type Harness } from './wsHarness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('WebSocket client: warm-up', () => {
  it('connects at creation and warms the instructions before any request', async () => {
    h = await wsHarness({ client: { instructions: 'You complete code.' } });
    const states: string[] = [];
    h.client.onStateChange((s) => states.push(s.status));
    expect(h.client.state.status).toBe('connecting');
    await stateReached(h.client, 'warm');
    expect(h.proxy.accepted).toBe(1);
    expect(h.client.stats()).toMatchObject({ openRequests: 0, busyLanes: 0, sockets: 1 });
    expect(h.client.state).toEqual({ status: 'warm', endpoint: `ws://127.0.0.1:${h.proxy.port}/v1/responses`, transport: 'ws' });
  });

  it('serves the first request on the warm socket without a new handshake', async () => {
    // 50 ms each way: a handshake before sending would show as sent - created >= 100 ms.
    h = await wsHarness({ client: { instructions: 'You complete code.' }, delayMs: 50 });
    await stateReached(h.client, 'warm');
    const s = h.client.stream(ask('hello'));
    const r = await s.done;
    expect(r.status).toBe('completed');
    expect(r.text).toMatch(/^Hello! I am the Flint test endpoint/);
    expect(r.responseId).toMatch(/^resp_/);
    expect(h.proxy.accepted).toBe(1);
    const m = s.marks;
    expect(m.sent! - m.created).toBeLessThan(100);
    expect(m.firstToken! - m.sent!).toBeGreaterThanOrEqual(100);
    expect(m.firstToken).toBeGreaterThanOrEqual(m.sent!);
    expect(m.done).toBeGreaterThanOrEqual(m.firstToken!);
    expect(m.outputTokens).toBeGreaterThan(3);
  });

  it('queues a request made while still connecting and sends it on open', async () => {
    h = await wsHarness();
    const r = await h.client.stream(ask('hi')).done;
    expect(r.status).toBe('completed');
    expect(h.proxy.accepted).toBe(1);
  });

  it('streams deltas to the iterator in order', async () => {
    h = await wsHarness();
    const s = h.client.stream(ask('write a function named add'));
    const parts: string[] = [];
    for await (const d of s) parts.push(d);
    const r = await s.done;
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.join('')).toBe(r.text);
    expect(r.text).toContain('export function add(a: number, b: number): number {');
  });

  it('warm() resolves once the server has prepared the instructions', async () => {
    h = await wsHarness();
    await stateReached(h.client, 'warm');
    await h.client.warm('New stable instructions.');
    expect(h.client.stats().busyLanes).toBe(0);
    expect(h.proxy.accepted).toBe(1);
  });
});
