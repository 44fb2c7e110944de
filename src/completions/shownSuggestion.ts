import { createEmitter } from '../events/emitter';
import { afterHostReply } from '../time/afterHostReply';
import type { CompletionCache } from './completionCache';
import type { CompletionEntry } from './completionEntry';
import type { CompletionRequests } from './completionRequests';
import type { CompletionRequest, Suggestion } from './completionTypes';
import { cursorPlace, type CursorPlace } from './cursorPlace';
import type { ShapedSuggestion } from './entrySuggestion';

export interface ShownSuggestionDeps {
  requests: Pick<CompletionRequests, 'start' | 'isPaused' | 'onEnded'>;
  cache: Pick<CompletionCache, 'lookup'>;
  maxLines(): number;
}

/**
 * The suggestion the editor shows, and what follows from it. While its stream runs, the lines it
 * brings may grow it: `onGrow` listeners are told once the grown extent is final (the block's
 * end, `maxLines` or the stream's end; the editor asks again only once for the same text and
 * position), and the editor's next ask gets the longer text from the same entry. Once its stream
 * has nothing more after it, the text that follows its acceptance is asked for (speculation).
 */
export class ShownSuggestion {
  /** The entry shown, how much of it was typed, and where accepting it leads. */
  private visible: { entryId: number; typedLength: number; acceptedLength: number } | undefined;
  /** Stops watching the shown suggestion's stream for lines to grow by. */
  private unwatch: (() => void) | undefined;
  /** Speculation that waits for the shown suggestion's stream to end. */
  private speculateAfter: { entry: CompletionEntry; go: () => void } | undefined;
  /** Speculation due once the answer is written to the editor. */
  private cancelPending: (() => void) | undefined;
  /** The request for what follows the shown suggestion, which continues it once it ends. */
  private continuation: { entry: CompletionEntry; shownId: number; acceptedLength: number } | undefined;
  private readonly grew = createEmitter();
  private readonly offEnded: () => void;

  constructor(private readonly deps: ShownSuggestionDeps) {
    this.offEnded = deps.requests.onEnded((entry) => {
      this.continued(entry);
      if (this.speculateAfter?.entry !== entry) return;
      const { go } = this.speculateAfter;
      this.speculateAfter = undefined;
      go();
    });
  }

  /** Whether typing `typedLength` characters past `entry`'s prefix goes further into the suggestion shown from it. */
  typedInto(entry: CompletionEntry, typedLength: number): boolean {
    return this.visible?.entryId === entry.id && typedLength > this.visible.typedLength;
  }

  /** The editor now shows `suggestion`, offered by `entry` at `place` for `req`. */
  show(entry: CompletionEntry, req: CompletionRequest, place: CursorPlace, suggestion: Suggestion): void {
    const typedLength = place.prefix.length - entry.prefix.length;
    this.visible = { entryId: entry.id, typedLength, acceptedLength: place.prefix.length + suggestion.text.length };
    this.watchGrowth(entry, place, suggestion);
    this.speculate(entry, req, place, suggestion);
  }

  /** The editor inserted the suggestion from `entryId` (Tab); what follows is continuation, not typing. */
  accepted(entryId: number): void {
    if (this.visible?.entryId !== entryId) return;
    this.visible = undefined;
    this.stopWatching();
  }

  /** Calls `listener` when the shown suggestion can now show more lines. Once per answer at most. */
  onGrow(listener: () => void): () => void {
    return this.grew.on(listener);
  }

  dispose(): void {
    this.cancelPending?.();
    this.stopWatching();
    this.offEnded();
  }

  /** While `entry` runs, tells `onGrow` listeners once it offers more than `shown` at `place` and that offer can grow no more. */
  private watchGrowth(entry: CompletionEntry, place: CursorPlace, shown: Suggestion): void {
    this.stopWatching();
    if (!entry.running || this.grew.size === 0) return;
    this.unwatch = entry.onChange(() => {
      const shaped = entry.offerAt(place, this.deps.maxLines());
      if (typeof shaped === 'string') {
        if (!entry.running) this.stopWatching();
        return;
      }
      if (!shaped.final) return;
      this.stopWatching();
      if (grewFrom(shown, shaped)) this.grew.emit();
    });
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
      if (this.deps.requests.isPaused()) return;
      const covered = this.deps.cache
        .lookup(prefix, suffix)
        .some((h) => h.entry.running || h.typed === '' || h.entry.text.slice(h.typed.length).trim() !== '');
      if (covered) return;
      const next = this.deps.requests.start({ ...req, prefix, suffix, explicit: false, signal: undefined }, cursorPlace(prefix, suffix), 'speculative');
      if (next) this.continuation = { entry: next, shownId: entry.id, acceptedLength: prefix.length };
    };
    // Once the editor has the answer: building and sending the next prompt (context, budget,
    // JSON) would otherwise sit between the answer and the screen.
    const later = () => {
      this.cancelPending?.();
      this.cancelPending = afterHostReply(go);
    };
    if (entry.running) this.speculateAfter = { entry, go: later };
    else later();
  }

  /**
   * The request for what follows the shown suggestion ended: the suggestion, still shown and
   * ending where that request begins, now goes on with its lines (see continuedSuggestion).
   */
  private continued(ended: CompletionEntry): void {
    const c = this.continuation;
    if (c?.entry !== ended) return;
    this.continuation = undefined;
    const v = this.visible;
    if (ended.state === 'completed' && ended.text.trim() !== '' && v?.entryId === c.shownId && v.acceptedLength === c.acceptedLength) this.grew.emit();
  }
}

/** Whether `grown` shows more than `shown` and keeps all of it. */
export function grewFrom(shown: Suggestion, grown: ShapedSuggestion): boolean {
  const g = grown.suggestion;
  return g.text.length > shown.text.length && g.text.startsWith(shown.text) && g.replaceSuffix === shown.replaceSuffix;
}
