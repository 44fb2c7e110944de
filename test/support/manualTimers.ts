import type { Timers } from '../../src/edits/frameScheduler';

/** A clock that only moves when told to. */
export class ManualTimers implements Timers {
  time = 0;
  private tasks: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;

  now(): number {
    return this.time;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.tasks.push({ at: this.time + ms, fn, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.tasks = this.tasks.filter((t) => t.id !== handle);
  }
  get pending(): number {
    return this.tasks.length;
  }
  /** Runs the timers due by now, without moving the clock; returns how many ran. */
  runDue(): number {
    let n = 0;
    for (;;) {
      this.tasks.sort((a, b) => a.at - b.at);
      if (!this.tasks[0] || this.tasks[0].at > this.time) return n;
      this.tasks.shift()!.fn();
      n++;
    }
  }

  /** Moves to the next timer and runs it; false when none is waiting. */
  runNext(): boolean {
    this.tasks.sort((a, b) => a.at - b.at);
    const t = this.tasks.shift();
    if (!t) return false;
    this.time = Math.max(this.time, t.at);
    t.fn();
    return true;
  }
}

/** Lets promise chains and async iterators run to quiescence, firing due timers in between. */
export async function drain(timers: ManualTimers, rounds = 50): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await new Promise((r) => setImmediate(r));
    if (!timers.runNext() && i > 5) {
      await new Promise((r) => setImmediate(r));
      if (timers.pending === 0) return;
    }
  }
}
