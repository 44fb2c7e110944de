import { describe, expect, it } from 'vitest';
import { PauseScheduler } from '../../src/review/pauseScheduler';

/** A clock the test moves by hand, with the timers due at each step run in order. */
function manualClock() {
  let t = 0;
  let next = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => t,
    setTimeout: (fn: () => void, ms: number) => {
      timers.set(++next, { at: t + ms, fn });
      return next;
    },
    clearTimeout: (h: unknown) => void timers.delete(h as number),
    advance(ms: number) {
      const end = t + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, v]) => v.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        t = due[1].at;
        due[1].fn();
      }
      t = end;
    },
    pending: () => timers.size,
  };
}

describe('PauseScheduler', () => {
  it('fires once typing pauses, not while it goes on', () => {
    const clock = manualClock();
    const fired: number[] = [];
    const s = new PauseScheduler(clock, () => ({ pauseMs: 1000, minIntervalMs: 0 }), () => fired.push(clock.now()));
    for (let i = 0; i < 20; i++) {
      s.changed('a');
      clock.advance(200);
    }
    expect(fired).toEqual([]);
    clock.advance(1000);
    expect(fired).toEqual([4800]);
  });

  it('fires at most once per interval per document', () => {
    const clock = manualClock();
    const fired: string[] = [];
    const s = new PauseScheduler(clock, () => ({ pauseMs: 100, minIntervalMs: 5000 }), (k) => fired.push(`${k}@${clock.now()}`));
    s.changed('a');
    clock.advance(200);
    s.changed('a');
    s.changed('b');
    clock.advance(200);
    expect(fired).toEqual(['a@100', 'b@300']);
    clock.advance(10_000);
    expect(fired).toEqual(['a@100', 'b@300', 'a@5100']);
  });

  it('cancel, forget and dispose leave no timer behind', () => {
    const clock = manualClock();
    const fired: string[] = [];
    const s = new PauseScheduler(clock, () => ({ pauseMs: 100, minIntervalMs: 0 }), (k) => fired.push(k));
    s.changed('a');
    s.changed('b');
    s.cancel('a');
    s.forget('b');
    s.changed('c');
    s.dispose();
    clock.advance(1000);
    expect(fired).toEqual([]);
    expect(clock.pending()).toBe(0);
    expect(s.pending()).toBe(0);
  });
});
