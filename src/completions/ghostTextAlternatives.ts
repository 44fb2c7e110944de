import type { CompletionEngine } from './completionEngine';
import type { CompletionRequest, CompletionResult } from './completionTypes';
import { suggestionKey } from './suggestionKey';

export interface GhostTextAlternativesDeps {
  engine: Pick<CompletionEngine, 'provide' | 'alternatives'>;
  /** Suggestions to cycle through, the shown one included (`flint.completions.alternatives`). */
  count(): number;
}

/**
 * The suggestions for one ask of the editor. Typing gets the engine's one suggestion and
 * nothing more; the user asking for other suggestions (the editor's next/previous inline
 * suggestion) gets that one first, then up to `count - 1` alternatives requested right then.
 * They are kept for the document state they were made for, so the editor asking again there
 * (to grow the shown suggestion, or for the next cycle) gets the same set without a request.
 */
export class GhostTextAlternatives {
  private kept: { key: string; results: CompletionResult[] } | undefined;

  constructor(private readonly deps: GhostTextAlternativesDeps) {}

  /** `cycle`: the user asked for other suggestions (not typing, not the editor asking again). */
  async provide(req: CompletionRequest, cycle: boolean): Promise<CompletionResult[]> {
    const primary = await this.deps.engine.provide(req);
    if (!primary || req.signal?.aborted) return [];
    // Typing with nothing kept: no key is built (it holds the whole text around the cursor).
    if (!cycle && !this.kept) return [primary];
    const key = stateKey(req);
    let others = this.kept?.key === key ? this.kept.results : undefined;
    // Typed on: what was kept is for a state that is gone.
    if (!others && !cycle) this.kept = undefined;
    const extra = Math.max(0, Math.min(3, Math.floor(this.deps.count())) - 1);
    if (!others && cycle && extra > 0) {
      others = await this.deps.engine.alternatives(req, primary.suggestion, extra);
      if (req.signal?.aborted) return [];
      // None kept when none came (all alike, or failed): the next cycle asks again.
      if (others.length > 0) this.kept = { key, results: others };
    }
    if (!others) return [primary];
    // The shown suggestion may have grown into one of them meanwhile.
    const shown = suggestionKey(primary.suggestion);
    return [primary, ...others.filter((r) => suggestionKey(r.suggestion) !== shown)];
  }
}

function stateKey(req: CompletionRequest): string {
  return `${req.filePath}\u0000${req.prefix.length}\u0000${req.prefix}\u0000${req.suffix}`;
}
