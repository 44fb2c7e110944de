import type { RequestSample } from './requestSample';
import { addCounts, NO_TOKENS, type TokenCounts } from './tokenCost';

export type TokenSurface = RequestSample['surface'];

/** Why a request's tokens bought nothing the user saw. */
export type WasteReason = 'cancelled' | 'speculative' | 'alternative' | 'failed';

/** Characters per token when the server reported no input count (English and code average). */
const CHARS_PER_TOKEN = 4;
/** Hours kept per surface: a day and a bit, bounded whatever the session length. */
const HOURS_KEPT = 48;

export interface TokenHour {
  /** Local start of the hour, as an ISO string. */
  hour: string;
  surfaces: Partial<Record<TokenSurface, TokenCounts>>;
}

export interface TokenTotals {
  total: TokenCounts;
  wasted: TokenCounts;
  wastedBy: Record<WasteReason, TokenCounts>;
}

/**
 * Where a request's tokens went for nothing: cancelled or superseded before use, a speculative
 * ghost text never shown, an alternative (ghost text or variant) never picked, or a failure.
 */
export function wasteOf(sample: RequestSample): WasteReason | undefined {
  if (sample.outcome === 'used') return undefined;
  if (sample.outcome === 'failed') return 'failed';
  if (sample.purpose === 'speculative') return 'speculative';
  if (sample.purpose === 'alternative' || sample.surface === 'variants') return 'alternative';
  return 'cancelled';
}

/** The tokens of one sample: the server's usage, or an estimate of the input from the request's size. */
export function tokensOf(sample: RequestSample): TokenCounts {
  const m = sample.marks;
  const estimated = m.inputTokens === undefined ? Math.ceil((m.promptChars ?? 0) / CHARS_PER_TOKEN) : 0;
  return {
    requests: 1,
    input: m.inputTokens ?? estimated,
    cachedInput: m.cachedInputTokens ?? 0,
    output: m.outputTokens,
    estimatedInput: estimated,
  };
}

/**
 * Tokens of this session per local hour and surface, with the share wasted and today's total.
 * Requests served without one (cache, typing through) cost nothing and are not counted.
 */
export class TokenLedger {
  private readonly hours = new Map<number, Map<TokenSurface, TokenCounts>>();
  private totals: TokenTotals = emptyTotals();
  private readonly days = new Map<string, TokenCounts>();

  record(sample: RequestSample, wallTime: number): void {
    if (sample.outcome === 'cache' || sample.outcome === 'typing-through') return;
    const t = tokensOf(sample);
    const start = new Date(wallTime);
    start.setMinutes(0, 0, 0);
    const hour = start.getTime();
    let row = this.hours.get(hour);
    if (!row) {
      row = new Map();
      this.hours.set(hour, row);
      // Insertion order is time order: the oldest hour goes first.
      if (this.hours.size > HOURS_KEPT) this.hours.delete(this.hours.keys().next().value!);
    }
    row.set(sample.surface, addCounts(row.get(sample.surface) ?? NO_TOKENS, t));
    const day = dayKey(wallTime);
    this.days.set(day, addCounts(this.days.get(day) ?? NO_TOKENS, t));
    if (this.days.size > 3) this.days.delete(this.days.keys().next().value!);
    const reason = wasteOf(sample);
    this.totals = {
      total: addCounts(this.totals.total, t),
      wasted: reason ? addCounts(this.totals.wasted, t) : this.totals.wasted,
      wastedBy: reason ? { ...this.totals.wastedBy, [reason]: addCounts(this.totals.wastedBy[reason], t) } : this.totals.wastedBy,
    };
  }

  /** Newest hour first. */
  byHour(): TokenHour[] {
    return [...this.hours.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([hour, row]) => ({ hour: new Date(hour).toISOString(), surfaces: Object.fromEntries(row) }));
  }

  sessionTotals(): TokenTotals {
    return this.totals;
  }

  /** The local day of `wallTime`. */
  day(wallTime: number): TokenCounts {
    return this.days.get(dayKey(wallTime)) ?? NO_TOKENS;
  }
}

function emptyTotals(): TokenTotals {
  return { total: NO_TOKENS, wasted: NO_TOKENS, wastedBy: { cancelled: NO_TOKENS, speculative: NO_TOKENS, alternative: NO_TOKENS, failed: NO_TOKENS } };
}

function dayKey(wallTime: number): string {
  const d = new Date(wallTime);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}
