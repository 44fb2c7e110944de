/** Hands out a fixed set of resources; waiters are served first-come, first-served. */
export class SequencePool<T> {
  private readonly waiters: { resolve: (item: T | undefined) => void; signal: AbortSignal; onAbort: () => void }[] = [];

  constructor(private readonly free: T[]) {}

  /** The most recently released item (its cached prompt is likeliest to match), or waits. */
  acquire(signal: AbortSignal): Promise<T | undefined> {
    if (signal.aborted) return Promise.resolve(undefined);
    const item = this.free.pop();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve) => {
      const waiter = {
        resolve,
        signal,
        onAbort: () => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          resolve(undefined);
        },
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release(item: T): void {
    const waiter = this.waiters.shift();
    if (!waiter) return void this.free.push(item);
    waiter.signal.removeEventListener('abort', waiter.onAbort);
    waiter.resolve(item);
  }
}
