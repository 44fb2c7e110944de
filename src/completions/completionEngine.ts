import type { Logger } from '../log/logger';
import type { MetricsSink } from '../metrics/requestSample';
import type { Clock } from '../time/clock';
import { DebouncePolicy, type DebounceTuning } from '../time/debouncePolicy';
import type { ModelClient } from '../transport/modelClient';
import { requestAlternatives } from './alternativeRequests';
import { CompletionCache, type CacheLimits } from './completionCache';
import { CompletionRequests } from './completionRequests';
import type { CompletionSettings } from './completionSettings';
import type { CompletionRequest, CompletionResult, Suggestion } from './completionTypes';
import { cursorPlace } from './cursorPlace';
import { askModel } from './pipeline/askModel';
import { debounce } from './pipeline/debounce';
export { SUBTLE_PAUSE_MS } from './pipeline/debounce';
import { isStop, type Keystroke, type Stage, type StageParts } from './pipeline/keystroke';
import { lookAt } from './pipeline/look';
import { reuseInFlight } from './pipeline/reuseInFlight';
import { reuseKept } from './pipeline/reuseKept';
import { prefetch } from './prefetchRequest';
import { ShownSuggestion } from './shownSuggestion';

export interface CompletionEngineDeps {
  /** The current fast model client (settings may swap it). */
  client(): ModelClient;
  settings(): CompletionSettings;
  clock: Clock;
  metrics: MetricsSink;
  log: Logger;
  cacheLimits?: CacheLimits;
  debounceTuning?: DebounceTuning;
}

/**
 * What happens to a keystroke, in order, after one look at what is kept and running for its
 * place (lookAt). Each stage decides over the keystroke as it is and stops (with an answer or a
 * reason there is none) or passes, saying why; no stage calls another. A stage that serves a
 * suggestion shows it (ShownSuggestion then watches it grow and speculates after it).
 */
const STAGES: readonly Stage[] = [
  // A suggestion the look found serves the document as it is: shown, typed through, cached.
  reuseKept,
  // A running request the typing agrees with: wait for its suggestion here.
  reuseInFlight,
  // Typing goes on: wait for a pause.
  debounce,
  // Ask for the place (looking again if the keystroke waited): reuse what serves it now, or
  // build the context, ask the model and wait for the stream's first line (or block).
  askModel,
];

/**
 * Ghost text for one editor. Per keystroke: serve from a running request or the cache when the
 * user's typing agrees with it (no request, same suggestion); otherwise wait the debounce, ask
 * the model and return as soon as the first line (or the block) is complete while the stream
 * goes on into the cache. Requests the document has moved away from are cancelled at once and
 * never waited for. A shown suggestion that the stream has nothing more for triggers a
 * speculative request for the text after accepting it.
 *
 * A shown suggestion grows over the following lines its stream brings (up to the block's end or
 * `maxLines`): the engine tells `onGrow` listeners, and the editor asks again and gets the longer
 * text from the entry, never a new request. At 1,000 tokens/s that is a few tens of
 * milliseconds after the second line.
 */
export class CompletionEngine {
  private readonly parts: StageParts;
  /** Calls so far: only the newest may ask the model. */
  private keystrokes = 0;

  constructor(private readonly deps: CompletionEngineDeps) {
    const { clock, metrics, settings } = deps;
    const cache = new CompletionCache(deps.cacheLimits);
    const requests = new CompletionRequests({ ...deps, cache });
    const shown = new ShownSuggestion({ requests, cache, maxLines: () => settings().maxLines });
    const policy = new DebouncePolicy(() => settings().debounceMs, deps.debounceTuning);
    this.parts = { cache, requests, shown, debounce: policy, clock, metrics, settings, newest: (k) => k.number === this.keystrokes };
  }

  async provide(req: CompletionRequest): Promise<CompletionResult | undefined> {
    const { clock, cache, requests, debounce: policy, settings } = this.parts;
    const t0 = clock.now();
    // Explicit asks (the user's, or the editor asking again for a grown suggestion) are not typing.
    if (!req.explicit) policy.noteKeystroke(t0);
    const place = cursorPlace(req.prefix, req.suffix);
    // One look at what is kept and running: what may serve the place, and the requests it has left.
    const look = lookAt(cache, requests.running, place, settings().maxLines);
    let k: Keystroke = { req, number: ++this.keystrokes, t0, place, look, waited: false, paused: false, debounced: 0 };
    // The left requests go once the keystroke waits (its own request, if any, is out by then:
    // nothing waits behind them), or when it is answered.
    const left = [...look.left];
    const abandon = () => {
      const going = left.splice(0).filter((entry) => entry.running);
      if (going.length > 0) requests.cancel(...going);
    };
    try {
      for (const stage of STAGES) {
        const out = stage(this.parts, k);
        const waits = out instanceof Promise;
        const step = waits ? (abandon(), await out) : out;
        if (isStop(step)) {
          this.deps.log.trace(`ghost text keystroke ${k.number}: ${step.why}`);
          return step.result;
        }
        if (step.left) left.push(step.left);
        if (waits) k = { ...k, waited: true, ...(step.pass === 'paused' ? { paused: true, debounced: step.debounced ?? 0 } : {}) };
      }
      return undefined;
    } finally {
      abandon();
    }
  }

  /**
   * Asks ahead of the first key for the place the cursor arrived at (see prefetch); true once a
   * suggestion is ready there.
   */
  prefetch(req: CompletionRequest): Promise<boolean> {
    return prefetch(this.parts, req);
  }

  /** The editor inserted a suggestion (Tab); what follows is continuation, not typing. */
  accepted(entryId: number): void {
    this.parts.shown.accepted(entryId);
  }

  /**
   * Up to `count` suggestions for `req` that differ from `shown`, for the editor to cycle
   * through (see requestAlternatives). Never called while typing: only when the user asks for
   * other suggestions.
   */
  alternatives(req: CompletionRequest, shown: Suggestion, count: number): Promise<CompletionResult[]> {
    const { requests, clock, settings } = this.parts;
    return requestAlternatives({ requests, clock, maxLines: () => settings().maxLines }, req, shown, count);
  }

  /**
   * Calls `listener` when the suggestion last returned can now show more lines (the editor
   * should ask again: the answer comes from the same entry). Once per answer at most.
   */
  onGrow(listener: () => void): () => void {
    return this.parts.shown.onGrow(listener);
  }

  dispose(): void {
    this.parts.shown.dispose();
    this.parts.requests.dispose();
  }
}
