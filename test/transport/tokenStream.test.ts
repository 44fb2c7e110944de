import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TokenStream } from '../../src/transport/tokenStream';

let clock = 0;
const now = () => clock;

function make(extra: Partial<ConstructorParameters<typeof TokenStream>[0]> = {}): TokenStream {
  return new TokenStream({ id: 1, now, firstTokenTimeoutMs: 1000, stallTimeoutMs: 500, endpoint: 'ws://127.0.0.1:1/v1/responses', ...extra });
}

async function collect(s: TokenStream): Promise<string[]> {
  const out: string[] = [];
  for await (const d of s) out.push(d);
  return out;
}

describe('TokenStream', () => {
  beforeEach(() => {
    clock = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('delivers deltas to a waiting iterator and ends with the result and marks', async () => {
    const s = make();
    const it = s[Symbol.asyncIterator]();
    const first = it.next();
    s.markSent();
    clock = 7;
    s.push('Hel');
    expect(await first).toEqual({ value: 'Hel', done: false });
    s.push('lo');
    clock = 9;
    s.finish('completed', { outputTokens: 5 });
    expect(await it.next()).toEqual({ value: 'lo', done: false });
    expect((await it.next()).done).toBe(true);
    const r = await s.done;
    expect(r).toMatchObject({ status: 'completed', text: 'Hello', outputTokens: 5 });
    expect(s.marks).toMatchObject({ created: 0, sent: 0, firstToken: 7, done: 9, outputTokens: 5 });
  });

  it('cancel stops delivery at once, drops queued deltas, and calls onAbandon once', async () => {
    const s = make();
    let abandoned = 0;
    s.onAbandon = () => abandoned++;
    s.push('a');
    s.push('b');
    s.cancel();
    s.cancel();
    s.push('c');
    expect(await collect(s)).toEqual([]);
    expect(await s.done).toMatchObject({ status: 'cancelled', text: 'ab' });
    expect(abandoned).toBe(1);
  });

  it('breaking out of for-await cancels', async () => {
    const s = make();
    s.push('x');
    s.push('y');
    for await (const d of s) {
      expect(d).toBe('x');
      break;
    }
    expect((await s.done).status).toBe('cancelled');
  });

  it('fails with a timeout naming the setting when no first token arrives', async () => {
    const s = make();
    let abandoned = false;
    s.onAbandon = () => (abandoned = true);
    clock = 1000;
    vi.advanceTimersByTime(1000);
    const r = await s.done;
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('timeout');
    expect(r.error?.message).toContain('flint.request.firstTokenTimeoutMs');
    expect(abandoned).toBe(true);
  });

  it('detects a stall after the first token without a timer per token', async () => {
    const s = make();
    const spy = vi.spyOn(globalThis, 'setTimeout');
    clock = 10;
    s.push('a');
    for (let i = 0; i < 50; i++) {
      clock += 5;
      s.push('b');
    }
    expect(spy.mock.calls.length).toBeLessThanOrEqual(1);
    clock = 10 + 500;
    vi.advanceTimersByTime(500);
    expect(s.finished).toBe(false); // the last token came at 260: only 250 ms quiet
    clock = 260 + 500;
    vi.advanceTimersByTime(250);
    const r = await s.done;
    expect(r.error?.code).toBe('timeout');
    expect(r.error?.message).toContain('stalled');
    expect(r.error?.message).toContain('flint.request.stallTimeoutMs');
  });

  it('after a blocked thread, waits once more before a first-token timeout: a token read then keeps the stream', async () => {
    const s = make();
    // The thread was blocked: the timer fires 600 ms after it was due.
    clock = 1600;
    vi.advanceTimersByTime(1000);
    expect(s.finished).toBe(false);
    clock = 1610;
    s.push('late but there');
    s.finish('completed');
    expect(await s.done).toMatchObject({ status: 'completed', text: 'late but there' });

    // Nothing read in the extra wait: the timeout stands.
    clock = 0;
    const t = make();
    clock = 1600;
    vi.advanceTimersByTime(1000);
    expect(t.finished).toBe(false);
    clock = 2600;
    vi.advanceTimersByTime(1000);
    expect((await t.done).error?.message).toContain('flint.request.firstTokenTimeoutMs');
  });

  it('after a blocked thread, waits once more before a stall; one extra wait per quiet period', async () => {
    clock = 10;
    const s = make();
    s.push('a');
    // Blocked for 400 ms past the stall timer: tokens may be unread, so no verdict yet.
    clock = 910;
    vi.advanceTimersByTime(500);
    expect(s.finished).toBe(false);
    clock = 920;
    s.push('b');
    // Blocked again, later: a token came since the last extra wait, so another one.
    clock = 1900;
    vi.advanceTimersByTime(500);
    expect(s.finished).toBe(false);
    // No token in it, and the timer on time: the stall stands.
    clock = 2400;
    vi.advanceTimersByTime(500);
    const r = await s.done;
    expect(r.error?.message).toContain('flint.request.stallTimeoutMs');
    expect(r.text).toBe('ab');
  });

  it('cuts at stop sequences, ends completed and asks the transport to abandon the rest', async () => {
    const s = make({ stop: ['\n\n'] });
    let abandoned = false;
    s.onAbandon = () => (abandoned = true);
    s.push('line1\n');
    s.push('\nline3');
    expect(await collect(s)).toEqual(['line1']);
    expect(await s.done).toMatchObject({ status: 'completed', text: 'line1' });
    expect(abandoned).toBe(true);
  });

  it('flushes held-back text when the response completes', async () => {
    const s = make({ stop: ['```'] });
    s.push('a`');
    s.finish('completed');
    expect(await collect(s)).toEqual(['a', '`']);
  });

  it('cuts a runaway output at its character cap, ends incomplete and abandons the rest', async () => {
    const capped: number[] = [];
    const s = make({ maxChars: 10, onCapped: (max) => capped.push(max) });
    let abandoned = 0;
    s.onAbandon = () => abandoned++;
    s.push('12345');
    s.push('6789');
    s.push('abcdef');
    s.push('more');
    s.finish('completed');
    expect(await collect(s)).toEqual(['12345', '6789', 'a']);
    expect(await s.done).toMatchObject({ status: 'incomplete', text: '123456789a' });
    expect(capped).toEqual([10]);
    expect(abandoned).toBe(1);
  });

  it('never cuts a surrogate pair in half at the cap', async () => {
    const s = make({ maxChars: 3 });
    s.push('ab😀');
    expect((await s.done).text).toBe('ab');
  });

  it('keeps the response id and error in the result', async () => {
    const s = make();
    s.responseId = 'resp_1';
    s.finish('incomplete');
    expect(await s.done).toMatchObject({ status: 'incomplete', responseId: 'resp_1' });
  });
});
