import type { ModelClient } from '../transport/modelClient';
import type { ModelError } from '../transport/modelError';

/**
 * After a failed ghost-text request, no new requests for a while: typing against a broken
 * endpoint must not become a storm of failing requests. Only errors a retry cannot fix (key,
 * settings, a rejected request) pause for long; a server hiccup or one malformed frame must not
 * silence ghost text for seconds. A new client (a new key or new settings) lifts the pause.
 */
export class FailurePause {
  private until = 0;
  /** The client whose failure set the pause. */
  private client: ModelClient | undefined;

  /** Whether requests through `client` wait at `now`. */
  isPaused(now: number, client: ModelClient): boolean {
    if (now >= this.until) return false;
    if (this.client !== client) {
      this.until = 0;
      return false;
    }
    return true;
  }

  /** Pauses after `error` from `client`; true when it was not paused already (worth a warning). */
  failed(error: ModelError, client: ModelClient, now: number): boolean {
    const wasPaused = now < this.until;
    const pause = error.code === 'rate_limit' ? (error.retryAfterMs ?? 5000) : error.transient || error.code === 'server' || error.code === 'protocol' ? 1000 : 15_000;
    this.until = Math.max(this.until, now + pause);
    this.client = client;
    return !wasPaused;
  }
}
