import type { Regression } from './regressionCheck';
import type { RunOutcome } from './testTypes';

/** A finished run a save may tell the user about. */
export interface RunNotice {
  testFile: string;
  outcome: RunOutcome;
  regressions: Regression[];
}

/** How much a run has to say: it could not run, a regression, failed tests, nothing. */
export function weight(n: RunNotice): number {
  if (n.outcome.error) return 3;
  if (n.regressions.length > 0) return 2;
  return n.outcome.tests.some((t) => t.status === 'failed') ? 1 : 0;
}

interface SaveState {
  said: boolean;
  best?: RunNotice;
  refused: { fn: string; reason: string }[];
}

/**
 * At most one notification per save of a source: of the runs of its existing tests, the one with
 * the most to say (told once they have all run); else what the run of Flint's new tests says;
 * else, at the end, one line for the tests the model would not write. Everything else goes to the
 * Testing views and the log only.
 */
export class SaveNotices {
  private readonly saves = new Map<string, SaveState>();

  /** A new save's work starts: what the one before had to say is dropped. */
  begin(source: string): void {
    this.saves.set(source, { said: false, refused: [] });
  }

  /** A run of the existing tests finished: kept if it says more than those before. */
  checkRun(source: string, n: RunNotice): void {
    const s = this.saves.get(source);
    if (s && !s.said && weight(n) > 0 && (!s.best || weight(n) > weight(s.best))) s.best = n;
  }

  /** The existing tests have all run: the notice to show now, if any. */
  checked(source: string): RunNotice | undefined {
    return this.take(source, this.saves.get(source)?.best);
  }

  /** Flint's new tests ran: the notice to show now, unless the save has said something already. */
  addedRun(source: string, n: RunNotice): RunNotice | undefined {
    return weight(n) > 0 ? this.take(source, n) : undefined;
  }

  refused(source: string, fn: string, reason: string): void {
    this.saves.get(source)?.refused.push({ fn, reason });
  }

  /** The save's work ended: the tests not written, when nothing was said yet. */
  end(source: string): { functions: string[]; reason: string } | undefined {
    const s = this.saves.get(source);
    this.saves.delete(source);
    if (!s || s.said || s.refused.length === 0) return undefined;
    return { functions: s.refused.map((r) => r.fn), reason: s.refused[0].reason };
  }

  private take(source: string, n: RunNotice | undefined): RunNotice | undefined {
    const s = this.saves.get(source);
    if (!s || s.said || !n) return undefined;
    s.said = true;
    s.best = undefined;
    return n;
  }
}
