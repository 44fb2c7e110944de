import { createEmitter } from '../events/emitter';
import type { ModelStream, StreamResult } from '../transport/modelClient';
import type { CompletionMode } from './completionTypes';
import type { TextNormalizer } from './filters/suggestionFilter';

export type EntryState = 'running' | 'completed' | 'cancelled' | 'failed';

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
  private raw = '';
  private normalized = '';
  private dirty = false;
  private readonly changes = createEmitter();

  constructor(
    readonly id: number,
    readonly prefix: string,
    readonly suffix: string,
    readonly mode: CompletionMode,
    private readonly normalize: TextNormalizer,
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
    this.lastGrowthAt = now;
    this.emit();
  }

  finish(result: StreamResult, now: number): void {
    if (!this.running) return;
    this.state = result.status === 'incomplete' ? 'completed' : result.status;
    if (this.state !== 'completed') this.keepWholeLines();
    this.dirty = true;
    this.lastGrowthAt = now;
    this.emit();
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

  /** A stream that broke off keeps only its finished lines: the last one may be cut short. */
  private keepWholeLines(): void {
    const nl = this.raw.lastIndexOf('\n');
    this.raw = nl < 0 ? '' : this.raw.slice(0, nl);
  }

  private emit(): void {
    this.changes.emit();
  }
}
