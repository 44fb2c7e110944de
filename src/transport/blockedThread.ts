/**
 * Timeouts on a thread that can be blocked (the extension host on a busy machine, another
 * extension's work). A timer that fires long after it was due ran before the I/O that arrived
 * while the thread was blocked: a token or a pong may be sitting unread. Such a timer waits
 * once more, briefly, with the thread running, before it counts as a timeout.
 */

/** The extra wait: long enough for the thread to read what arrived meanwhile. */
export const BLOCKED_GRACE_MS = 1000;

/** Whether a timer for `limitMs`, due at `dueAt`, fired so late that the thread was blocked. */
export function firedLate(now: number, dueAt: number, limitMs: number): boolean {
  return now - dueAt > limitMs / 2;
}
