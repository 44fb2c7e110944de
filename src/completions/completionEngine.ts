import { buildCompletionContext } from '../context/completionContext';
import type { Logger } from '../log/logger';
import type { MetricsSink } from '../metrics/requestSample';
import type { ModelClient, ModelStream } from '../transport/modelClient';
import type { ModelError } from '../transport/modelError';
import { rejectsTemperature } from '../transport/rejectsTemperature';
import { temperatureSpread } from '../transport/temperatureSpread';
import { CompletionCache, matchEntry, stillRelevant, type CacheLimits } from './completionCache';
import { CompletionEntry } from './completionEntry';
import { buildModelRequest } from './completionPrompt';
import type { CompletionSettings } from './completionSettings';
import type { CompletionRequest, CompletionResult, CompletionSource, Suggestion } from './completionTypes';
import type { Clock } from '../time/clock';
import { DebouncePolicy, type DebounceTuning } from '../time/debouncePolicy';
import { cursorPlace, type CursorPlace } from './cursorPlace';
import { FailurePause } from './failurePause';
import { suggestionKey } from './suggestionKey';
import { modelTextNormalizer } from './filters/filterPipeline';

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
 * Subtle eagerness: the quiet after the last key before ghost text is asked for. Longer than a
 * typist's gaps between keys (80–250 ms), as long as next edit's pause after new code.
 */
export const SUBTLE_PAUSE_MS = 500;

/** No answer yet from what exists: ask the model. */
const MISS = 'miss';
type Found = CompletionResult | undefined | typeof MISS;

/**
 * Why a request was made: the keystroke's own, the text after a shown one, a cycle's
 * alternative, or the place the cursor arrived at before any key.
 */
type RequestKind = 'keystroke' | 'speculative' | 'alternative' | 'prefetch';

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
 * text from the entry, never a new request. The editor asks again only once for the same text
 * and position (VS Code 1.100 takes a second explicit ask there as already answered), so the
 * listeners are told once the extent is final: the block's end, `maxLines` or the stream's end
 * arrived. At 1,000 tokens/s that is a few tens of milliseconds after the second line.
 */
export class CompletionEngine {
  /** Calls so far: only the newest may ask the model. */
  private keystrokes = 0;
  private readonly cache: CompletionCache;
  private readonly running = new Set<CompletionEntry>();
  private readonly debounce: DebouncePolicy;
  private nextId = 1;
  /** The suggestion last returned (what the editor is showing) and where accepting it leads. */
  private visible: { entryId: number; typedLength: number; acceptedLength: number } | undefined;
  /** Stops watching the visible suggestion's stream for lines to grow by. */
  private unwatch: (() => void) | undefined;
  private readonly growListeners = new Set<() => void>();
  /** Speculation that waits for the visible suggestion's stream to end. */
  private speculateAfter: { entry: CompletionEntry; go: () => void } | undefined;
  private readonly pause = new FailurePause();
  private readonly firstServeMs = new Map<number, { call: number; change?: number }>();
  /** Alternatives ask for a spread of temperatures until the endpoint refuses one. */
  private temperatureOk = true;
  /** Running alternatives (their failures are handled apart). */
  private readonly alternativeIds = new Set<number>();

  constructor(private readonly deps: CompletionEngineDeps) {
    this.cache = new CompletionCache(deps.cacheLimits);
    this.debounce = new DebouncePolicy(() => deps.settings().debounceMs, deps.debounceTuning);
  }

  async provide(req: CompletionRequest): Promise<CompletionResult | undefined> {
    const { clock } = this.deps;
    const t0 = clock.now();
    const keystroke = ++this.keystrokes;
    // Explicit asks (the user's, or the editor asking again for a grown suggestion) are not typing.
    if (!req.explicit) this.debounce.noteKeystroke(t0);
    // Requests the document has left are cancelled before any wait, or else right after the
    // new request is out, so the new one never waits on them.
    const stale = this.staleEntries(req.prefix, req.suffix);
    const abandon = () => {
      for (const entry of stale.splice(0)) this.cancel(entry);
    };
    const place = cursorPlace(req.prefix, req.suffix);
    let found = await this.fromExisting(req, place, t0, 0, abandon);
    // Subtle: while the user types only the suggestion being typed through goes on; anything
    // else waits for a pause (or an explicit ask, Alt+\).
    const subtle = !req.explicit && this.deps.settings().eagerness === 'subtle';
    if (subtle && found !== MISS && found?.source === 'cache') found = MISS;
    if (found === MISS) {
      // The first key where the cursor arrived has nothing to type through: no deliberate wait
      // (subtle keeps its pause).
      let delay = req.explicit || (req.arrived && !subtle) ? 0 : this.waitMs();
      // The wait runs from the keystroke, not from this call: time the editor and a busy host
      // already spent before asking counts toward it instead of adding to it.
      if (delay > 0 && req.changedAt !== undefined) delay = Math.max(0, delay - Math.max(0, t0 - req.changedAt));
      if (delay > 0) {
        abandon();
        const sleepStart = clock.now();
        if (!(await clock.sleep(delay, req.signal))) return undefined;
        // What was really waited (timers fire late): deliberate waiting, not processing.
        delay = clock.now() - sleepStart;
        found = await this.fromExisting(req, place, t0, delay, abandon);
      }
      // Only the newest keystroke may ask the model; an older call's answer is no longer wanted.
      if (found === MISS && !req.signal?.aborted && keystroke === this.keystrokes && !this.isPaused(clock.now())) {
        const entry = this.start(req, place, 'keystroke');
        abandon();
        found = await this.waitFor(entry, req, place, t0, delay, true);
      }
    }
    abandon();
    return found === MISS ? undefined : found;
  }

  /**
   * Asks ahead of the first key for the document state the cursor arrived at: no request when
   * something kept or running already serves it, else one (a prefetch). Resolves true once a
   * suggestion is ready there (the editor may ask for it and get it at once), false when none
   * comes, or when `req.signal` aborts: the cursor left, and the request goes if nothing used it.
   */
  async prefetch(req: CompletionRequest): Promise<boolean> {
    if (req.signal?.aborted || this.isPaused(this.deps.clock.now())) return false;
    for (const entry of this.staleEntries(req.prefix, req.suffix)) this.cancel(entry);
    // Something kept or running serves the place (a finished entry only serves where it is ready).
    const hit = this.cache.lookup(req.prefix, req.suffix)[0];
    const own = !hit;
    const place = cursorPlace(req.prefix, req.suffix);
    const entry = hit?.entry ?? this.start(req, place, 'prefetch');
    const ready = await entry.until(() => {
      const h = matchEntry(entry, req.prefix);
      if (!h || (!h.ready && !entry.running)) return { value: false };
      const shaped = h.ready ? this.shape(entry, place) : undefined;
      if (!shaped) return entry.running ? undefined : { value: false };
      return { value: shaped.text !== '' };
    }, req.signal);
    if (!ready && own && entry.running && !entry.used) this.cancel(entry);
    return ready?.value ?? false;
  }

  /** The editor inserted a suggestion (Tab); what follows is continuation, not typing. */
  accepted(entryId: number): void {
    if (this.visible?.entryId !== entryId) return;
    this.visible = undefined;
    this.stopWatching();
  }

  /**
   * Up to `count` suggestions for `req` that differ from `shown` (and from each other), for the
   * editor to cycle through: `count` requests in parallel, pushed apart by a spread of sampling
   * temperatures where the endpoint takes one. Each is waited for to its end (a suggestion is
   * shown whole, never growing). Aborting `req.signal` cancels them all at once. Never called
   * while typing: only when the user asks for other suggestions.
   */
  async alternatives(req: CompletionRequest, shown: Suggestion, count: number): Promise<CompletionResult[]> {
    const { clock } = this.deps;
    const t0 = clock.now();
    if (count <= 0 || req.signal?.aborted || this.isPaused(t0)) return [];
    const temperatures = temperatureSpread(count + 1).slice(1);
    const place = cursorPlace(req.prefix, req.suffix);
    const entries = temperatures.map((t) => this.start(req, place, 'alternative', this.temperatureOk ? t : undefined));
    const cancelAll = () => {
      for (const entry of entries) if (entry.running) this.cancel(entry);
    };
    req.signal?.addEventListener('abort', cancelAll, { once: true });
    try {
      const ended = await Promise.all(
        entries.map((entry) => entry.until(() => (entry.running ? undefined : { value: this.finalSuggestion(entry, place) }), req.signal)),
      );
      if (req.signal?.aborted) return [];
      const t1 = clock.now();
      const seen = new Set([suggestionKey(shown)]);
      const results: CompletionResult[] = [];
      entries.forEach((entry, i) => {
        const suggestion = ended[i]?.value;
        if (!suggestion || suggestion.text === '' || seen.has(suggestionKey(suggestion))) return;
        seen.add(suggestionKey(suggestion));
        entry.used = true;
        results.push({ suggestion, source: 'model', entryId: entry.id, timing: { total: t1 - t0, debounce: 0, model: t1 - t0 } });
      });
      return results;
    } finally {
      req.signal?.removeEventListener('abort', cancelAll);
    }
  }

  /**
   * Calls `listener` when the suggestion last returned can now show more lines (the editor
   * should ask again: the answer comes from the same entry). Once per answer at most.
   */
  onGrow(listener: () => void): () => void {
    this.growListeners.add(listener);
    return () => this.growListeners.delete(listener);
  }

  /** Milliseconds the next new request would wait after a keystroke (for the status line). */
  debounceMs(): number {
    return this.debounce.delayMs();
  }

  /** The wait after a keystroke before a new request, as `flint.completions.eagerness` has it. */
  private waitMs(): number {
    const s = this.deps.settings();
    if (s.eagerness === 'eager') return s.debounceMs ?? 0;
    if (s.eagerness === 'subtle') return Math.max(this.debounce.delayMs(), SUBTLE_PAUSE_MS);
    return this.debounce.delayMs();
  }

  dispose(): void {
    this.stopWatching();
    for (const entry of [...this.running]) this.cancel(entry);
  }

  private async fromExisting(req: CompletionRequest, place: CursorPlace, t0: number, debounce: number, beforeWait: () => void): Promise<Found> {
    const hits = this.cache.lookup(req.prefix, req.suffix);
    let pending: CompletionEntry | undefined;
    for (const hit of hits) {
      const shaped = hit.ready ? this.shape(hit.entry, place) : undefined;
      if (!shaped) {
        pending ??= hit.entry.running ? hit.entry : undefined;
        continue;
      }
      if (shaped.text !== '') return this.serve(hit.entry, hit.typed, shaped, req, place, t0, debounce, false, t0);
      // The model already said nothing fits exactly here: do not ask again.
      if (hit.typed === '' && !hit.entry.running) return undefined;
    }
    if (!pending) return MISS;
    beforeWait();
    const found = await this.waitFor(pending, req, place, t0, debounce, false);
    if (found === MISS && pending.running && !stillRelevant(pending, req.prefix, req.suffix)) this.cancel(pending);
    return found;
  }

  /** Resolves once `entry` yields a complete suggestion for `req`, diverges (MISS) or ends. */
  private async waitFor(entry: CompletionEntry, req: CompletionRequest, place: CursorPlace, t0: number, debounce: number, fresh: boolean): Promise<Found> {
    const waitStart = this.deps.clock.now();
    const decided = await entry.until<Found>(() => {
      const hit = matchEntry(entry, req.prefix);
      if (!hit) return { value: MISS };
      if (!hit.ready) return entry.running ? undefined : { value: MISS };
      const shaped = this.shape(entry, place);
      return shaped && { value: this.serve(entry, hit.typed, shaped, req, place, t0, debounce, fresh, waitStart) };
    }, req.signal);
    return decided?.value;
  }

  /** What an ended `entry` offers at exactly its own document state. */
  private finalSuggestion(entry: CompletionEntry, place: CursorPlace): Suggestion | undefined {
    if (entry.state !== 'completed') return undefined;
    return this.shape(entry, place);
  }

  /** The suggestion `entry` offers at `place`, or undefined while it is still incomplete. */
  private shape(entry: CompletionEntry, place: CursorPlace): Suggestion | undefined {
    return entry.suggestionAt(place, this.deps.settings().maxLines)?.suggestion;
  }

  private serve(
    entry: CompletionEntry,
    typed: string,
    suggestion: Suggestion,
    req: CompletionRequest,
    place: CursorPlace,
    t0: number,
    debounce: number,
    fresh: boolean,
    waitStart: number,
  ): CompletionResult | undefined {
    if (suggestion.text === '') return undefined;
    const t1 = this.deps.clock.now();
    const source: CompletionSource = fresh
      ? 'model'
      : entry.running || (this.visible?.entryId === entry.id && typed.length > this.visible.typedLength)
        ? 'typing-through'
        : 'cache';
    entry.used = true;
    this.cache.touch(entry);
    const sentAt = entry.stream?.marks.sent ?? entry.stream?.marks.created ?? waitStart;
    const model = entry.lastGrowthAt > waitStart ? Math.max(0, entry.lastGrowthAt - Math.max(waitStart, sentAt)) : 0;
    const sinceChange = req.changedAt === undefined ? undefined : t1 - req.changedAt;
    if (source === 'model') {
      if (!this.firstServeMs.has(entry.id)) this.firstServeMs.set(entry.id, { call: t1 - t0, change: sinceChange });
      this.debounce.noteModelMs(model);
    } else {
      this.deps.metrics.record({
        surface: 'completion',
        route: 'fast',
        marks: { created: t0, done: t1, outputTokens: 0 },
        outcome: source,
        keystrokeToItemsMs: t1 - t0,
        ...(sinceChange === undefined ? {} : { changeToItemsMs: sinceChange }),
      });
    }
    this.visible = { entryId: entry.id, typedLength: typed.length, acceptedLength: req.prefix.length + suggestion.text.length };
    this.watchGrowth(entry, place, suggestion);
    this.speculate(entry, req, place, suggestion);
    return { suggestion, source, entryId: entry.id, timing: { total: t1 - t0, debounce, model, ...(sinceChange === undefined ? {} : { sinceChange }) } };
  }

  /**
   * While `entry` runs, tells `onGrow` listeners once it offers more than `shown` for `req` and
   * that offer can grow no more (the editor asks again once per text and position).
   */
  private watchGrowth(entry: CompletionEntry, place: CursorPlace, shown: Suggestion): void {
    this.stopWatching();
    if (!entry.running || this.growListeners.size === 0) return;
    const check = () => {
      const hit = matchEntry(entry, place.prefix);
      const shaped = hit?.ready ? entry.suggestionAt(place, this.deps.settings().maxLines) : undefined;
      if (!shaped) {
        if (!entry.running) this.stopWatching();
        return;
      }
      if (!shaped.final) return;
      this.stopWatching();
      const grown = shaped.suggestion;
      if (grown.text.length > shown.text.length && grown.text.startsWith(shown.text) && grown.replaceSuffix === shown.replaceSuffix) {
        for (const l of [...this.growListeners]) l();
      }
    };
    this.unwatch = entry.onChange(check);
  }

  private stopWatching(): void {
    this.unwatch?.();
    this.unwatch = undefined;
  }

  /** Once `entry` has nothing after the shown text, asks for what follows its acceptance. */
  private speculate(entry: CompletionEntry, req: CompletionRequest, place: CursorPlace, shown: Suggestion): void {
    const prefix = place.prefix + shown.text;
    const suffix = place.suffix.slice(shown.replaceSuffix);
    const go = () => {
      const v = this.visible;
      if (v?.entryId !== entry.id || v.acceptedLength !== prefix.length || entry.state === 'cancelled') return;
      if (this.isPaused(this.deps.clock.now())) return;
      const covered = this.cache
        .lookup(prefix, suffix)
        .some((h) => h.entry.running || h.typed === '' || h.entry.text.slice(h.typed.length).trim() !== '');
      if (!covered) this.start({ ...req, prefix, suffix, explicit: false, signal: undefined }, cursorPlace(prefix, suffix), 'speculative');
    };
    if (entry.running) this.speculateAfter = { entry, go };
    else go();
  }

  private start(req: CompletionRequest, place: CursorPlace, kind: RequestKind, temperature?: number): CompletionEntry {
    const settings = this.deps.settings();
    const mode = place.mode;
    const context = buildCompletionContext({
      prefix: req.prefix,
      suffix: req.suffix,
      snippets: req.snippets(),
      tokenBudget: settings.tokenBudget,
    });
    const request = buildModelRequest({
      api: settings.api,
      fimTemplate: settings.fimTemplate,
      context,
      languageId: req.languageId,
      filePath: req.filePath,
      mode,
      maxLines: settings.maxLines,
    });
    if (temperature !== undefined) request.temperature = temperature;
    const normalize = modelTextNormalizer(place.lineBefore, settings.api === 'responses');
    const entry = new CompletionEntry(this.nextId++, req.prefix, req.suffix, mode, normalize);
    const stream = this.deps.client().stream(request);
    entry.stream = stream;
    // Alternatives stay out of the cache: typing on is answered by the suggestion it always was.
    if (kind !== 'alternative') this.cache.add(entry);
    this.running.add(entry);
    if (kind === 'alternative') this.alternativeIds.add(entry.id);
    this.deps.log.trace(
      `completion #${entry.id} ${mode.kind}${kind === 'keystroke' ? '' : ` ${kind}`}${temperature === undefined ? '' : ` t=${temperature}`}: ~${context.tokens} tokens, ${context.snippets.length} snippets`,
    );
    void this.pump(entry, stream, kind);
    return entry;
  }

  private async pump(entry: CompletionEntry, stream: ModelStream, kind: RequestKind): Promise<void> {
    const { clock } = this.deps;
    try {
      for await (const delta of stream) entry.append(delta, clock.now());
    } catch (err) {
      this.deps.log.debug(`completion #${entry.id}: stream iteration ended with ${String(err)}`);
    }
    const result = await stream.done;
    this.running.delete(entry);
    entry.finish(result, clock.now());
    if (entry.state !== 'completed' && !entry.used) this.cache.delete(entry);
    else this.cache.update(entry);
    if (this.speculateAfter?.entry === entry) {
      const { go } = this.speculateAfter;
      this.speculateAfter = undefined;
      go();
    }
    if (result.status === 'failed') this.onFailure(entry, result.error);
    this.alternativeIds.delete(entry.id);
    const first = this.firstServeMs.get(entry.id);
    this.firstServeMs.delete(entry.id);
    this.deps.metrics.record({
      surface: 'completion',
      route: 'fast',
      marks: stream.marks,
      outcome: entry.used ? 'used' : result.status === 'failed' ? 'failed' : 'abandoned',
      // A prefetch is a request made ahead, like a speculative one: wasted when never shown.
      ...(kind === 'keystroke' ? {} : { purpose: kind === 'prefetch' ? 'speculative' : kind }),
      ...(first === undefined ? {} : { keystrokeToItemsMs: first.call }),
      ...(first?.change === undefined ? {} : { changeToItemsMs: first.change }),
    });
  }

  /** Running requests the document has moved away from. */
  private staleEntries(prefix: string, suffix: string): CompletionEntry[] {
    return [...this.running].filter((entry) => !stillRelevant(entry, prefix, suffix));
  }

  private cancel(entry: CompletionEntry): void {
    this.running.delete(entry);
    entry.stream?.cancel();
    entry.finish({ status: 'cancelled', text: '', outputTokens: 0 }, this.deps.clock.now());
    if (!entry.used) this.cache.delete(entry);
  }

  private isPaused(now: number): boolean {
    return this.pause.isPaused(now, this.deps.client());
  }

  private onFailure(entry: CompletionEntry, error: ModelError | undefined): void {
    if (!error || error.code === 'cancelled') return;
    if (this.temperatureOk && this.alternativeIds.has(entry.id) && rejectsTemperature(error)) {
      // Not a reason to pause ghost text: the next alternatives differ by sampling alone.
      this.temperatureOk = false;
      this.deps.log.info(`Ghost text alternatives: the endpoint refuses a temperature (${error.message}); asking without one.`);
      return;
    }
    if (this.pause.failed(error, this.deps.client(), this.deps.clock.now())) this.deps.log.warn(`Ghost text request #${entry.id} failed (${error.code}): ${error.message}`);
  }
}
