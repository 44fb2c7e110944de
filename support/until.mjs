// Waiting for a condition instead of a fixed sleep: the tests, the end-to-end tests and the benches
// share it. Plain JavaScript so the .mjs runners and the .ts tests and benches import the same one.

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `check` every `pollMs` until it returns a truthy value (which it returns); throws naming
 * `what` after `timeoutMs`.
 */
export async function until(what, check, timeoutMs = 10_000, pollMs = 50) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(pollMs);
  }
}
