import { faultSettingsSchema, type FaultKind, type FaultSettings, type FaultSettingsInput } from './faultSettings';

/** The endpoint's current fault settings, with one-shot counts consumed as faults fire. */
export class Faults {
  private settings: FaultSettings = {};
  private remaining = new Map<FaultKind, number>();

  /** Replaces all faults (`{}` clears them); throws a readable error on bad settings. */
  set(input: FaultSettingsInput): void {
    const parsed = faultSettingsSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Invalid fault settings at ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    this.settings = parsed.data;
    this.remaining.clear();
    for (const [kind, spec] of Object.entries(parsed.data) as [FaultKind, { times?: number }][]) {
      if (spec.times !== undefined) this.remaining.set(kind, spec.times);
    }
  }

  /** Settings plus how many times each counted fault may still fire. */
  describe(): { settings: FaultSettings; remaining: Record<string, number> } {
    return { settings: this.settings, remaining: Object.fromEntries(this.remaining) };
  }

  /** Arms a fault for one request or connection, consuming one of its `times`. */
  take<K extends FaultKind>(kind: K): FaultSettings[K] | undefined {
    const spec = this.settings[kind];
    if (!spec) return undefined;
    const left = this.remaining.get(kind);
    if (left !== undefined) {
      if (left <= 0) return undefined;
      this.remaining.set(kind, left - 1);
    }
    return spec;
  }

  /**
   * Arms every per-response fault at once. A response that streams nothing (a warm-up) gets none:
   * there is no output for them to act on, and counted faults are kept for the next that streams.
   */
  armResponse(streams = true): ArmedFaults {
    if (!streams) return {};
    return {
      dropAfterEvents: this.take('dropAfterEvents')?.after,
      malformedFrame: this.take('malformedFrame')?.after,
      errorEvent: this.take('errorEvent'),
      stall: this.take('stall'),
      enormousOutput: this.take('enormousOutput')?.tokens,
      invalidUtf8: this.take('invalidUtf8')?.afterTokens,
    };
  }
}

/** Faults that will fire during one response. */
export interface ArmedFaults {
  dropAfterEvents?: number;
  malformedFrame?: number;
  errorEvent?: FaultSettings['errorEvent'];
  stall?: FaultSettings['stall'];
  enormousOutput?: number;
  invalidUtf8?: number;
}
