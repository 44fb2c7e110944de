import type { Clock } from '../../src/time/clock';

/** A clock that moves only when the test says so; sleeps resolve as time passes them. */
export class FakeClock implements Clock {
  private t = 1000;
  private timers: { at: number; resolve: (v: boolean) => void }[] = [];

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = { at: this.t + ms, resolve };
      this.timers.push(timer);
      signal?.addEventListener('abort', () => {
        this.timers = this.timers.filter((x) => x !== timer);
        resolve(false);
      });
    });
  }

  /** Moves time forward, firing due sleeps in order and letting promise chains settle. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.t = due.at;
      this.timers = this.timers.filter((x) => x !== due);
      due.resolve(true);
      await settle();
    }
    this.t = end;
    await settle();
  }
}

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** Lets the current task end and a timer started then fire (work deferred with afterHostReply runs). */
export function hostReplied(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setTimeout(resolve)));
}
