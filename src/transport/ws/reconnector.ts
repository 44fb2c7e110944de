import { backoffDelay } from '../backoff';
import type { ModelError } from '../modelError';

/** When to try connecting again after the pool lost every socket. */
export class Reconnector {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;

  constructor(
    private readonly backoff: { reconnectBaseMs: number; reconnectMaxMs: number },
    private readonly connect: () => void,
  ) {}

  /**
   * Schedules the next attempt and returns its delay; undefined for a refused key, which
   * retrying will not fix (the next request, or a new key, tries again).
   */
  schedule(failure: ModelError): number | undefined {
    this.cancel();
    if (failure.code === 'auth') return undefined;
    const step = backoffDelay(this.attempt++, { baseMs: this.backoff.reconnectBaseMs, maxMs: this.backoff.reconnectMaxMs });
    const wait = Math.max(step, failure.retryAfterMs ?? 0);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.connect();
    }, wait);
    this.timer.unref?.();
    return wait;
  }

  succeeded(): void {
    this.attempt = 0;
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
