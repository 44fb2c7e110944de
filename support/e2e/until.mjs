// Waiting for a condition in the end-to-end tests, instead of a fixed sleep.

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a truthy value (which it returns); throws naming `what` after `timeoutMs`. */
export async function until(what, check, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/**
 * Absence can only be watched over a window: longer than the longest debounce (250 ms) plus a
 * local round trip, so a request that was going to leave has left by then.
 */
export const NOTHING_SENT_WINDOW_MS = 1000;
