import { buildCompletionContext } from '../context/completionContext';
import { createEmitter } from '../events/emitter';
import type { Logger } from '../log/logger';
import type { MetricsSink } from '../metrics/requestSample';
import type { Clock } from '../time/clock';
import type { ModelClient, ModelStream } from '../transport/modelClient';
import type { ModelError } from '../transport/modelError';
import { rejectsTemperature } from '../transport/rejectsTemperature';
import { temperatureSpread } from '../transport/temperatureSpread';
import type { CompletionCache } from './completionCache';
import { CompletionEntry } from './completionEntry';
import { buildModelRequest } from './completionPrompt';
import { cursorMarkerFor } from './cursorMarker';
import type { CompletionSettings } from './completionSettings';
import type { CompletionRequest, RequestKind } from './completionTypes';
import type { CursorPlace } from './cursorPlace';
import { FailurePause } from './failurePause';
import { modelTextNormalizer } from './filters/filterPipeline';

export interface CompletionRequestsDeps {
  /** The current fast model client (settings may swap it). */
  client(): ModelClient;
  settings(): CompletionSettings;
  clock: Clock;
  metrics: MetricsSink;
  log: Logger;
  cache: CompletionCache;
}

/**
 * The model requests behind ghost text. Each builds its context and prompt, then streams into a
 * CompletionEntry (whose stream-time normalizers clean the text chunk by chunk) that the cache
 * holds while it runs and after; when the stream ends its outcome is recorded and `onEnded`
 * listeners are told. A failure pauses new requests (FailurePause).
 */
export class CompletionRequests {
  private readonly inFlight = new Set<CompletionEntry>();
  private readonly pause = new FailurePause();
  private readonly ended = createEmitter<CompletionEntry>();
  private nextId = 1;
  /** Alternatives ask for a spread of temperatures until the endpoint refuses one. */
  private temperatureOk = true;

  constructor(private readonly deps: CompletionRequestsDeps) {}

  /**
   * Asks the model for `req` at `place`; the entry fills as the stream comes in. Undefined while
   * requests pause after a failure.
   */
  start(req: CompletionRequest, place: CursorPlace, kind: RequestKind, temperature?: number): CompletionEntry | undefined {
    if (this.isPaused()) return undefined;
    const { settings: getSettings, cache, log } = this.deps;
    const settings = getSettings();
    const context = buildCompletionContext({ prefix: place.prefix, suffix: place.suffix, snippets: req.snippets(), tokenBudget: settings.tokenBudget, path: req.filePath });
    const cursorMarker = settings.api === 'responses' ? cursorMarkerFor(context) : undefined;
    const request = buildModelRequest({
      api: settings.api,
      fimTemplate: settings.fimTemplate,
      context,
      languageId: req.languageId,
      filePath: req.filePath,
      mode: place.mode,
      maxLines: settings.maxLines,
      cursorMarker,
    });
    if (temperature !== undefined) request.temperature = temperature;
    const normalize = modelTextNormalizer(place.lineBefore, settings.api === 'responses' ? cursorMarker : undefined);
    const entry = new CompletionEntry(this.nextId++, place.prefix, place.suffix, place.mode, normalize, kind);
    const stream = this.deps.client().stream(request);
    entry.stream = stream;
    // Alternatives stay out of the cache: typing on is answered by the suggestion it always was.
    if (kind !== 'alternative') cache.add(entry);
    this.inFlight.add(entry);
    log.trace(
      `completion #${entry.id} ${place.mode.kind}${kind === 'keystroke' ? '' : ` ${kind}`}${temperature === undefined ? '' : ` t=${temperature}`}: ~${context.tokens} tokens, ${context.snippets.length} snippets`,
    );
    void this.pump(entry, stream);
    return entry;
  }

  /**
   * `count` requests for other suggestions at `place`, pushed apart by a spread of sampling
   * temperatures while the endpoint takes one.
   */
  startAlternatives(req: CompletionRequest, place: CursorPlace, count: number): CompletionEntry[] {
    return temperatureSpread(count + 1)
      .slice(1)
      .flatMap((t) => this.start(req, place, 'alternative', this.temperatureOk ? t : undefined) ?? []);
  }

  /** The requests whose streams still run. */
  get running(): ReadonlySet<CompletionEntry> {
    return this.inFlight;
  }

  cancel(entry: CompletionEntry): void {
    this.inFlight.delete(entry);
    entry.stream?.cancel();
    entry.finish({ status: 'cancelled', text: '', outputTokens: 0 }, this.deps.clock.now());
    if (!entry.used) this.deps.cache.delete(entry);
  }

  /** Whether new requests wait after a failure (a new client lifts the pause). */
  isPaused(): boolean {
    return this.pause.isPaused(this.deps.clock.now(), this.deps.client());
  }

  /** Calls `listener` with each entry whose stream ended, before its outcome is recorded. */
  onEnded(listener: (entry: CompletionEntry) => void): () => void {
    return this.ended.on(listener);
  }

  dispose(): void {
    for (const entry of [...this.inFlight]) this.cancel(entry);
  }

  private async pump(entry: CompletionEntry, stream: ModelStream): Promise<void> {
    const { clock, cache } = this.deps;
    try {
      for await (const delta of stream) entry.append(delta, clock.now());
    } catch (err) {
      this.deps.log.debug(`completion #${entry.id}: stream iteration ended with ${String(err)}`);
    }
    const result = await stream.done;
    this.inFlight.delete(entry);
    entry.finish(result, clock.now());
    if (entry.state !== 'completed' && !entry.used) cache.delete(entry);
    else cache.update(entry);
    this.ended.emit(entry);
    if (result.status === 'failed') this.onFailure(entry, result.error);
    const first = entry.firstServed;
    this.deps.metrics.record({
      surface: 'completion',
      route: 'fast',
      marks: stream.marks,
      outcome: entry.used ? 'used' : result.status === 'failed' ? 'failed' : 'abandoned',
      // A prefetch is a request made ahead, like a speculative one: wasted when never shown.
      ...(entry.kind === 'keystroke' ? {} : { purpose: entry.kind === 'prefetch' ? 'speculative' : entry.kind }),
      ...(first === undefined ? {} : { keystrokeToItemsMs: first.call }),
      ...(first?.change === undefined ? {} : { changeToItemsMs: first.change }),
    });
  }

  private onFailure(entry: CompletionEntry, error: ModelError | undefined): void {
    if (!error || error.code === 'cancelled') return;
    if (this.temperatureOk && entry.kind === 'alternative' && rejectsTemperature(error)) {
      // Not a reason to pause ghost text: the next alternatives differ by sampling alone.
      this.temperatureOk = false;
      this.deps.log.info(`Ghost text alternatives: the endpoint refuses a temperature (${error.message}); asking without one.`);
      return;
    }
    if (this.pause.failed(error, this.deps.client(), this.deps.clock.now())) this.deps.log.warn(`Ghost text request #${entry.id} failed (${error.code}): ${error.message}`);
  }
}
