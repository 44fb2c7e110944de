/** Starts a child process that keeps one core busy for at most `maxMs`; `stop()` ends it. */
export function competingLoad(maxMs?: number): { stop: () => void };
