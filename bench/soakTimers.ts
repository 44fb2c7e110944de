// Counts live timers: wraps the global timer functions so every timeout and interval that is
// set and not yet fired or cleared is known. Installed at the start of the soak, before any
// client exists; process.getActiveResourcesInfo() would miss unref'd timers, which leak too.

type Handle = ReturnType<typeof setTimeout>;

export interface TimerCensus {
  /** Timeouts not yet fired or cleared, plus intervals not cleared. */
  active(): number;
  restore(): void;
}

export function trackTimers(): TimerCensus {
  const live = new Set<Handle>();
  const original = { setTimeout, clearTimeout, setInterval, clearInterval };
  const g = globalThis as unknown as Record<string, unknown>;
  g.setTimeout = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const handle: Handle = original.setTimeout(
      (...a: unknown[]) => {
        live.delete(handle);
        fn(...a);
      },
      ms,
      ...args,
    );
    live.add(handle);
    return handle;
  };
  g.setInterval = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const handle: Handle = original.setInterval(fn, ms, ...args);
    live.add(handle);
    return handle;
  };
  const clear = (handle: Handle | undefined) => {
    if (handle === undefined) return;
    live.delete(handle);
    original.clearTimeout(handle);
  };
  g.clearTimeout = clear;
  g.clearInterval = clear;
  return {
    active: () => live.size,
    restore() {
      Object.assign(g, original);
    },
  };
}
