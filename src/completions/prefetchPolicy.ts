/** Tuning of asking for ghost text where the cursor arrives (a click, an arrow key, Go to Line). */
export interface PrefetchTuning {
  /** Quiet after the last cursor move before asking: a held arrow key moves every ~30 ms. */
  settleMs: number;
  /**
   * Asks at most this many times a minute for places the user then did not type at (an ask
   * answered by typing there is what it is for, and does not count).
   */
  maxPerMinute: number;
}

export const defaultPrefetchTuning: PrefetchTuning = { settleMs: 60, maxPerMinute: 30 };

/** What may follow the cursor on its line for ghost text to be worth asking for there. */
const LINE_END = /^[\s)\]}"'`;,]*$/;

/** A place the cursor settled at: a document state and the cursor in it. */
export interface Place {
  key: string;
  version: number;
  offset: number;
}

/**
 * When a cursor that arrived somewhere (not by typing) may ask for ghost text before the first
 * key: only at the end of a line (nothing after it but what the editor closes by itself), once,
 * after the cursor settled, at most `maxPerMinute` times a minute for places nobody typed at
 * (`typedAt` takes an ask off the budget). The caller checks the rest
 * (an empty selection, the document may be sent, nothing kept already serves the place) and
 * cancels the request when the cursor leaves. Pure: the caller passes the time.
 */
export class PrefetchPolicy {
  private asked: number[] = [];
  private last: Place | undefined;
  /** When the last place was asked for, while it still counts against the budget. */
  private lastAskedAt: number | undefined;

  constructor(readonly tuning: PrefetchTuning = defaultPrefetchTuning) {}

  /** Whether ghost text can serve a cursor with `lineAfter` after it on its line. */
  static atLineEnd(lineAfter: string): boolean {
    return LINE_END.test(lineAfter);
  }

  /** Whether to ask now for `place` (an ask counts against the minute's budget). */
  mayAsk(place: Place, now: number): boolean {
    const l = this.last;
    if (l && l.key === place.key && l.version === place.version && l.offset === place.offset) return false;
    this.asked = this.asked.filter((t) => now - t < 60_000);
    if (this.asked.length >= this.tuning.maxPerMinute) return false;
    this.asked.push(now);
    this.last = place;
    this.lastAskedAt = now;
    return true;
  }

  /**
   * The document `key` was edited into `version`: the first edit after the last ask, in its
   * document, means the user typed where it asked, and that ask leaves the budget.
   */
  typedAt(key: string, version: number): void {
    const l = this.last;
    if (!l || l.key !== key || version !== l.version + 1 || this.lastAskedAt === undefined) return;
    const i = this.asked.lastIndexOf(this.lastAskedAt);
    if (i >= 0) this.asked.splice(i, 1);
    this.lastAskedAt = undefined;
  }
}
