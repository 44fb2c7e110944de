import { afterEach, describe, expect, it } from 'vitest';
import { ask, eventually, stateReached, wsHarness, type Harness } from './wsHarness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('WebSocket client: steer', () => {
  it('queues new input into the running response and streams its successor', async () => {
    h = await wsHarness({ endpoint: { knobs: { tokensPerSecond: 100 } } });
    await stateReached(h.client, 'warm');
    const s = h.client.stream(ask('tell me a long story'));
    const it = s[Symbol.asyncIterator]();
    const first = await it.next();
    expect(first.done).toBe(false);
    const accepted = await s.steer!([{ role: 'user', content: 'rename foo to bar' }]);
    expect(accepted).toBe(true);
    const rest: string[] = [];
    for (let r = await it.next(); !r.done; r = await it.next()) rest.push(r.value);
    const result = await s.done;
    expect(result.status).toBe('completed');
    expect(result.text.endsWith('Renamed `foo` to `bar` everywhere it is used.')).toBe(true);
    expect(result.text).not.toContain('The last point');
    await eventually(() => h!.client.stats().busyLanes === 0);
  });

  it('answers false once the response has ended', async () => {
    h = await wsHarness();
    const s = h.client.stream(ask('hello'));
    await s.done;
    expect(await s.steer!([{ role: 'user', content: 'more' }])).toBe(false);
  });

  it('a cancelled, steered response keeps its lane until the successor ends', async () => {
    h = await wsHarness({ endpoint: { knobs: { tokensPerSecond: 100 } } });
    await stateReached(h.client, 'warm');
    const s = h.client.stream(ask('tell me a long story'));
    await s[Symbol.asyncIterator]().next();
    expect(await s.steer!([{ role: 'user', content: 'tell me another long story' }])).toBe(true);
    s.cancel();
    const next = await h.client.stream(ask('hello')).done;
    expect(next.status).toBe('completed');
    expect(h.client.stats().busyLanes).toBe(1);
    await eventually(() => h!.client.stats().busyLanes === 0, 20_000);
  }, 30_000);
});
