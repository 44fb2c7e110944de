export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/**
 * Delay before reconnect attempt `attempt` (0-based): exponential, capped, with "equal jitter"
 * (half fixed, half random) so that many clients restarting together do not retry in step.
 */
export function backoffDelay(attempt: number, opts: BackoffOptions, random: () => number = Math.random): number {
  const cap = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(cap / 2 + (random() * cap) / 2);
}
