import type { Clock } from '../../src/time/clock';

/** A clock that moves only when the test says so; sleeps resolve as time passes them. */
export class FakeClock implements Clock {
  private t = 1000;
  private timers: { at: number; resolve: (v: boolean) => void }[] = [];

  now(): number {
    return this.t;
  }

  /** How many sleeps wait for time to pass. */
  get sleeping(): number {
    return this.timers.length;
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

  /** Moves time forward, firing due sleeps in order; what each woke runs before the next fires. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.t = due.at;
      this.timers = this.timers.filter((x) => x !== due);
      due.resolve(true);
      await queuedCallbacksRun();
    }
    this.t = end;
    await queuedCallbacksRun();
  }
}

/** Resolves once every promise callback queued so far (and each it queues in turn) has run: the queue drains before the next task. */
function queuedCallbacksRun(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Whether `promise` is still unsettled once every callback queued so far has run and the host
 * replied (the state a test asserts against when nothing is meant to happen).
 */
export async function stillPending(promise: Promise<unknown>): Promise<boolean> {
  return Promise.race([promise.then(() => false, () => false), hostReplied().then(() => true)]);
}

/** Lets the current task end and a timer started then fire (work deferred with afterHostReply runs). */
export function hostReplied(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setTimeout(resolve)));
}
