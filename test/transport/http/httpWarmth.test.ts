import { afterEach, describe, expect, it } from 'vitest';
import { ask, eventually, stateReached } from '../ws/wsHarness';
import { httpHarness, type HttpHarness } from './httpHarness';

let h: HttpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A warm-up's own request (GET /models) answered on loopback, even on a busy machine. */
const WARM_UP_DONE_MS = 300;
const warmth = { activeMs: 800, checkMs: 40, minGapMs: 80 };

describe('HTTP client: a warm connection while in use', () => {
  it('a cancelled request takes its connection with it; another is opened before the next request, which opens none', async () => {
    h = await httpHarness({ endpoint: { knobs: { tokensPerSecond: 100 } }, client: { httpWarmth: warmth } });
    await stateReached(h.client, 'warm');
    expect(h.proxy.accepted).toBe(1);
    const s = h.client.stream(ask('tell me a long story'));
    for await (const _ of s) break;
    expect((await s.done).status).toBe('cancelled');
    // The cancelled body closed its connection: a warm-up opens the next one, not the next key.
    await eventually(() => h!.proxy.accepted === 2);
    await eventually(() => h!.client.stats().sockets === 1);
    await sleep(WARM_UP_DONE_MS);
    expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
    expect(h.proxy.accepted).toBe(2);
  });

  it('connections the server closed are opened again while requests are made, and left closed after a while without any', async () => {
    h = await httpHarness({ client: { httpWarmth: warmth } });
    expect((await h.client.stream(ask('hello')).done).status).toBe('completed');
    await sleep(warmth.minGapMs);
    const before = h.proxy.accepted;
    h.proxy.dropAll();
    await eventually(() => h!.proxy.accepted === before + 1);
    await eventually(() => h!.client.stats().sockets === 1);
    await sleep(WARM_UP_DONE_MS);
    expect((await h.client.stream(ask('hi')).done).status).toBe('completed');
    expect(h.proxy.accepted).toBe(before + 1);
    // No request for longer than activeMs: nothing is kept open any more.
    await sleep(warmth.activeMs + 2 * warmth.checkMs);
    h.proxy.dropAll();
    await sleep(5 * warmth.checkMs);
    expect(h.proxy.accepted).toBe(before + 1);
    expect(h.client.stats().sockets).toBe(0);
  });

  it('requests that end normally open no connection: theirs go back to the pool', async () => {
    h = await httpHarness({ client: { httpWarmth: warmth } });
    await stateReached(h.client, 'warm');
    for (const text of ['hello', 'hi', 'hello']) expect((await h.client.stream(ask(text)).done).status).toBe('completed');
    await sleep(5 * warmth.checkMs);
    expect(h.proxy.accepted).toBe(1);
  });
});
