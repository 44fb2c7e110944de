// How long an end-to-end test watches for a request that must not leave.

/**
 * Absence can only be watched over a window: longer than the longest debounce (250 ms) plus a
 * local round trip, so a request that was going to leave has left by then.
 */
export const NOTHING_SENT_WINDOW_MS = 1000;
