import { createEmitter } from '../events/emitter';
import type { ModelStream, StreamResult } from '../transport/modelClient';
import { matchEntry } from './completionCache';
import type { CompletionMode, RequestKind } from './completionTypes';
import type { CursorPlace } from './cursorPlace';
import { lineBefore } from './cursorLine';
import { closesOnItsLine, entrySuggestion, type ShapedSuggestion } from './entrySuggestion';
import type { TextNormalizer } from './filters/suggestionFilter';

export type EntryState = 'running' | 'completed' | 'cancelled' | 'failed';

/**
 * What an entry offers at a place now: a suggestion, `later` (the stream may still bring one)
 * or `never` (the typing has left its text, or it ended without one there).
 */
export type Offer = ShapedSuggestion | 'later' | 'never';

/**
 * One model completion for a document state (prefix + exact suffix): while its request runs it
 * is an in-flight request others can type through; afterwards it is a cache entry.
 */
export class CompletionEntry {
  state: EntryState = 'running';
  /** Its text has been shown to the user at least once. */
  used = false;
  stream: ModelStream | undefined;
  /** When the delta that last changed `text` was read (the engine's clock). */
  lastGrowthAt = 0;
  /** When its first suggestion was served for the keystroke that asked for it (for the metrics). */
  firstServed: { call: number; change?: number } | undefined;
  private raw = '';
  private normalized = '';
  private dirty = false;
  /** Chunks of the stream read so far (and its end): what a shaped suggestion was made from. */
  private chunks = 0;
  /** The suggestion last shaped for each place, and from how many chunks. */
  private readonly shapes = new WeakMap<CursorPlace, { chunks: number; maxLines: number; shaped: ShapedSuggestion | undefined }>();
  private readonly changes = createEmitter();

  constructor(
    readonly id: number,
    readonly prefix: string,
    readonly suffix: string,
    readonly mode: CompletionMode,
    private readonly normalize: TextNormalizer,
    readonly kind: RequestKind = 'keystroke',
  ) {}

  get running(): boolean {
    return this.state === 'running';
  }

  /** Completion text so far (normalized; never shrinks while running). */
  get text(): string {
    if (this.dirty) {
      this.normalized = this.normalize(this.raw, !this.running);
      this.dirty = false;
    }
    return this.normalized;
  }

  /** Length of the model's text so far; the normalized text is never longer. */
  get rawLength(): number {
    return this.raw.length;
  }

  /** Approximate memory held, for the cache's size bound. */
  get size(): number {
    return this.prefix.length + this.suffix.length + 2 * this.raw.length;
  }

  append(delta: string, now: number): void {
    if (!this.running || delta === '') return;
    this.raw += delta;
    this.dirty = true;
    this.chunks++;
    this.lastGrowthAt = now;
    this.emit();
  }

  finish(result: StreamResult, now: number): void {
    if (!this.running) return;
    this.state = result.status === 'incomplete' ? 'completed' : result.status;
    if (this.state !== 'completed') this.keepWholeLines();
    this.dirty = true;
    this.chunks++;
    this.lastGrowthAt = now;
    this.emit();
  }

  /**
   * The suggestion this entry offers at `place`, whose prefix extends the entry's by text the
   * entry's text starts with (see matchEntry), and whether it can grow no more; undefined while
   * it is incomplete. Shaped once per chunk of the stream and place, however often it is asked
   * (the wait for it, the watch for growth, a lookup).
   */
  suggestionAt(place: CursorPlace, maxLines: number): ShapedSuggestion | undefined {
    const kept = this.shapes.get(place);
    if (kept && kept.chunks === this.chunks && kept.maxLines === maxLines) return kept.shaped;
    const rest = this.text.slice(place.prefix.length - this.prefix.length);
    const shaped = entrySuggestion(rest, !this.running, this.shapedMode(), place, maxLines);
    this.shapes.set(place, { chunks: this.chunks, maxLines, shaped });
    return shaped;
  }

  /**
   * What the entry offers at `place`, a place it was asked for or that a lookup found it serving
   * (its prefix extends the entry's): the typing since is checked against the text so far, then
   * the suggestion is shaped (once per chunk, see suggestionAt).
   */
  offerAt(place: CursorPlace, maxLines: number): Offer {
    // Its own document state: nothing typed since, nothing to check (no compare of the whole prefix per chunk).
    if (place.prefix !== this.prefix) {
      const hit = matchEntry(this, place.prefix);
      if (!hit) return 'never';
      if (!hit.ready) return this.running ? 'later' : 'never';
    }
    return this.suggestionAt(place, maxLines) ?? 'later';
  }

  /**
   * Resolves with what `decide` makes of the offer at `place` once it makes something of it
   * (asked now and after every chunk), or with undefined as soon as `signal` aborts.
   */
  follow<T>(place: CursorPlace, maxLines: number, decide: (offer: Offer) => { value: T } | undefined, signal?: AbortSignal): Promise<{ value: T } | undefined> {
    return this.until(() => decide(this.offerAt(place, maxLines)), signal);
  }

  /** Calls `listener` on every change until the returned function is called. */
  onChange(listener: () => void): () => void {
    return this.changes.on(listener);
  }

  /**
   * Resolves with what `decide` returns once it returns something (it is asked now and after
   * every change), or with undefined as soon as `signal` aborts.
   */
  until<T>(decide: () => { value: T } | undefined, signal?: AbortSignal): Promise<{ value: T } | undefined> {
    if (signal?.aborted) return Promise.resolve(undefined);
    const now = decide();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const finish = (v: { value: T } | undefined) => {
        off();
        signal?.removeEventListener('abort', onAbort);
        resolve(v);
      };
      const onAbort = () => finish(undefined);
      const off = this.onChange(() => {
        const v = decide();
        if (v) finish(v);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The mode asked for, unless its answer closes on its line the bracket the block was asked after (see closesOnItsLine). */
  private shapedMode(): CompletionMode {
    return this.mode.kind === 'block' && closesOnItsLine(lineBefore(this.prefix), this.text) ? { kind: 'line' } : this.mode;
  }

  /** A stream that broke off keeps only its finished lines: the last one may be cut short. */
  private keepWholeLines(): void {
    const nl = this.raw.lastIndexOf('\n');
    this.raw = nl < 0 ? '' : this.raw.slice(0, nl);
  }

  private emit(): void {
    this.changes.emit();
  }
}
