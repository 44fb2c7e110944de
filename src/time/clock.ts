/** Time as the engine sees it: real in the editor, scripted in tests. */
export interface Clock {
  /** Monotonic milliseconds. */
  now(): number;
  /** Resolves true after `ms`, or false as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<boolean>;
}

export function systemClock(now: () => number): Clock {
  return {
    now,
    sleep(ms, signal) {
      if (signal?.aborted) return Promise.resolve(false);
      return new Promise((resolve) => {
        const onAbort = () => {
          clearTimeout(timer);
          resolve(false);
        };
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve(true);
        }, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
