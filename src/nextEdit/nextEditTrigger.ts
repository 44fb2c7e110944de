import type { EditShape } from './editShape';

export interface TriggerTuning {
  /** An edit keeps its document armed this long: a cursor move within it asks. */
  armMs: number;
  /** Quiet after new code written at the end of a line (or typed through ghost text) before asking. */
  appendPauseMs: number;
  /** A region whose last prediction was empty: new code written there asks nothing for this long. */
  coolDownMs: number;
  /** A prediction the user rejected (Escape): nothing is offered on its lines for this long. */
  rejectedMs: number;
}

/**
 * Chosen as Copilot's edit-triggered suggestions are (an edit arms the document for 10 s, a
 * 5 s cool-down on the same place), and a pause after new code long enough that a typist's
 * ordinary gaps between keys (80–250 ms) never reach it.
 */
export const defaultTriggerTuning: TriggerTuning = { armMs: 10_000, appendPauseMs: 500, coolDownMs: 5_000, rejectedMs: 5_000 };

/** Lines each side of a quiet region's edges that still count as the same place. */
const REGION_SLACK = 2;

/**
 * When next edit asks the model: only when a next edit is plausible. An edit arms the document;
 * a pause or a cursor move to another line fires it, once per arming.
 * - Changing code that is there (a rename, an added argument) fires after a short pause: the
 *   same change is likely due elsewhere.
 * - New code at the end of a line, or typing through ghost text, fires only after a real pause
 *   (`appendPauseMs`): while the user writes, a prediction would be about code not yet written.
 * - After a prediction of no edit for a region, new code written there asks nothing for
 *   `coolDownMs`; changing code there asks at once (it is a new signal).
 * Pure: the caller passes the time and does the waiting.
 */
export class NextEditTrigger {
  private armed: { key: string; line: number; at: number } | undefined;
  private quiet: { key: string; startLine: number; endLine: number; until: number } | undefined;
  private rejection: { key: string; startLine: number; endLine: number; until: number } | undefined;

  constructor(private readonly tuning: TriggerTuning = defaultTriggerTuning) {}

  /**
   * The user edited `key` at `line`: the pause (ms) after which to ask if nothing else happens,
   * at least `changePauseMs` (the caller's adaptive wait for changes to existing code).
   */
  edited(key: string, line: number, shape: EditShape, now: number, changePauseMs: number): number {
    if (shape === 'change' && this.quiet?.key === key) this.quiet = undefined;
    this.armed = { key, line, at: now };
    return shape === 'change' ? changePauseMs : Math.max(changePauseMs, this.tuning.appendPauseMs);
  }

  /** The pause after the last edit ran out: whether to ask now (for the cursor at `line`). */
  paused(key: string, line: number, now: number): boolean {
    return this.fire(key, line, now);
  }

  /** The cursor moved to `line` with no edit: whether to ask now. */
  moved(key: string, line: number, now: number): boolean {
    const a = this.armed;
    if (!a || a.key !== key || a.line === line) return false;
    return this.fire(key, line, now);
  }

  /** A prediction for lines `startLine`–`endLine` of `key` offered no edit (or none usable). */
  empty(key: string, startLine: number, endLine: number, now: number): void {
    this.quiet = { key, startLine, endLine, until: now + this.tuning.coolDownMs };
  }

  /**
   * The user rejected a prediction of lines `startLine`–`endLine` (Escape): no prediction is
   * offered on those lines for `rejectedMs`, whatever is typed meanwhile, and a pause with the
   * cursor there asks nothing.
   */
  rejected(key: string, startLine: number, endLine: number, now: number): void {
    this.rejection = { key, startLine, endLine, until: now + this.tuning.rejectedMs };
  }

  /** Whether lines `startLine`–`endLine` of `key` are in a rejection's cool-down. */
  coolingDown(key: string, startLine: number, endLine: number, now: number): boolean {
    const r = this.rejection;
    return r !== undefined && r.key === key && now < r.until && startLine <= r.endLine && endLine >= r.startLine;
  }

  /** Forgets the arming (the document was left, or a prediction is on screen). */
  disarm(): void {
    this.armed = undefined;
  }

  private fire(key: string, line: number, now: number): boolean {
    const a = this.armed;
    if (!a || a.key !== key || now - a.at > this.tuning.armMs) {
      this.armed = undefined;
      return false;
    }
    const q = this.quiet;
    if (q && q.key === key && now < q.until && line >= q.startLine - REGION_SLACK && line <= q.endLine + REGION_SLACK) return false;
    if (this.coolingDown(key, line, line, now)) return false;
    this.armed = undefined;
    return true;
  }
}
