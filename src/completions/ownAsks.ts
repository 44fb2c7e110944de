/** How long an own ask waits for the editor to run it: long past a busy machine's delays. */
export const OWN_ASK_TTL_MS = 2000;

/**
 * Flint's own asks of the editor for ghost text (where the cursor arrived, a suggestion that
 * grew), told apart from the user asking for other suggestions: both reach the provider as an
 * explicit ask, and only the user's requests alternatives. The editor runs the ask command late
 * on a busy machine, after more keys, so an own ask is known by its document, not by the version
 * or place it was made at; the first explicit ask of that document within OWN_ASK_TTL_MS takes
 * it, and an automatic one (a key) leaves it for the explicit one still to come. Pure: the caller
 * passes the time.
 */
export class OwnAsks {
  private pending: { key: string; at: number } | undefined;

  /** Flint asked the editor for ghost text in document `key` at `now`. */
  asked(key: string, now: number): void {
    this.pending = { key, at: now };
  }

  /** Whether an ask of the provider in document `key` at `now` is Flint's own (an explicit one takes it). */
  take(key: string, explicit: boolean, now: number): boolean {
    const p = this.pending;
    if (!explicit || !p) return false;
    this.pending = undefined;
    return p.key === key && now - p.at <= OWN_ASK_TTL_MS;
  }
}
