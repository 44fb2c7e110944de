import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_QUIET_MS, TypingHold } from '../../src/tasks/typingHold';

const clock = { now: () => Date.now(), setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };

describe('TypingHold', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The wait's outcome so far: the ms held once it resolved, undefined while it holds. */
  function watch(p: Promise<number>): () => number | undefined {
    let held: number | undefined;
    void p.then((ms) => (held = ms));
    return () => held;
  }

  it('lets a process start at once when nobody typed', async () => {
    const hold = new TypingHold(clock, () => 8000);
    expect(await hold.wait()).toBe(0);
  });

  it('holds while keys come in and lets go once typing pauses', async () => {
    const hold = new TypingHold(clock, () => 8000);
    hold.typed();
    const held = watch(hold.wait());
    // Keys every 200 ms for 2 s: still held.
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(200);
      hold.typed();
    }
    expect(held()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(TYPING_QUIET_MS - 1);
    expect(held()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(held()).toBe(2000 + TYPING_QUIET_MS);
  });

  it('lets go after the longest hold however the typing goes', async () => {
    const hold = new TypingHold(clock, () => 3000);
    hold.typed();
    const held = watch(hold.wait());
    for (let i = 0; i < 40 && held() === undefined; i++) {
      await vi.advanceTimersByTimeAsync(100);
      hold.typed();
    }
    expect(held()).toBe(3000);
  });

  it('never holds when the longest hold is 0 (the setting off)', async () => {
    const hold = new TypingHold(clock, () => 0);
    hold.typed();
    expect(await hold.wait()).toBe(0);
  });

  it('lets go at once when the task stops', async () => {
    const hold = new TypingHold(clock, () => 8000);
    hold.typed();
    const stop = new AbortController();
    const held = watch(hold.wait(stop.signal));
    await vi.advanceTimersByTimeAsync(100);
    expect(held()).toBeUndefined();
    stop.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(held()).toBe(100);
    // No timer left behind.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets go at once for a task already stopped', async () => {
    const hold = new TypingHold(clock, () => 8000);
    hold.typed();
    expect(await hold.wait(AbortSignal.abort())).toBe(0);
  });
});
