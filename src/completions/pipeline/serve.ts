import type { CompletionEntry } from '../completionEntry';
import type { CompletionSource, CompletionTiming, Suggestion } from '../completionTypes';
import { continuedSuggestion } from '../continuedSuggestion';
import type { Keystroke, StageParts, Stop } from './keystroke';

/** A suggestion found for a keystroke. */
export interface Found {
  entry: CompletionEntry;
  suggestion: Suggestion;
  /** It comes from the keystroke's own request. */
  fresh: boolean;
  /** When waiting on the entry began (the keystroke's call when it was not waited for). */
  waitStart: number;
}

/**
 * Hands `found` to the editor (continued by what is kept after it, see continuedSuggestion):
 * counted and measured by where it came from, remembered as what is shown (which watches it grow
 * and speculates after it).
 */
export function serve(parts: StageParts, k: Keystroke, found: Found): Stop {
  const { entry } = found;
  if (found.suggestion.text === '') return { why: 'no-suggestion' };
  // An answer that ends at a block's closer goes on with what is kept after it.
  const suggestion = continuedSuggestion(parts.cache, entry, k.place, found.suggestion, parts.settings().maxLines) ?? found.suggestion;
  const source = sourceOf(parts, k, entry, found.fresh);
  const timing = servedTiming(k, found, parts.clock.now());
  entry.used = true;
  // A running entry is marked recent when its stream ends (the cache re-measures it then).
  if (!entry.running) parts.cache.touch(entry);
  if (source === 'model') {
    entry.firstServed ??= { call: timing.total, change: timing.sinceChange };
    parts.debounce.noteModelMs(timing.model);
  } else {
    parts.metrics.record({
      surface: 'completion',
      route: 'fast',
      marks: { created: k.t0, done: k.t0 + timing.total, outputTokens: 0 },
      outcome: source,
      keystrokeToItemsMs: timing.total,
      ...(timing.sinceChange === undefined ? {} : { changeToItemsMs: timing.sinceChange }),
    });
  }
  parts.shown.show(entry, k.req, k.place, suggestion);
  return { why: source, result: { suggestion, source, entryId: entry.id, timing } };
}

/** Where a suggestion for `k` from `entry` comes from: its own request, one typed through, or the cache. */
export function sourceOf(parts: StageParts, k: Keystroke, entry: CompletionEntry, fresh: boolean): CompletionSource {
  if (fresh) return 'model';
  return entry.running || parts.shown.typedInto(entry, k.place.prefix.length - entry.prefix.length) ? 'typing-through' : 'cache';
}

/**
 * Where the time went, served at `t1`. The model's share runs from when waiting began (or the
 * request was sent, if later) to the delta that completed the suggestion; none when that delta
 * came before the wait.
 */
export function servedTiming(k: Keystroke, found: Found, t1: number): CompletionTiming {
  const { entry, waitStart } = found;
  const sentAt = entry.stream?.marks.sent ?? entry.stream?.marks.created ?? waitStart;
  const model = entry.lastGrowthAt > waitStart ? Math.max(0, entry.lastGrowthAt - Math.max(waitStart, sentAt)) : 0;
  const changedAt = k.req.changedAt;
  return { total: t1 - k.t0, debounce: k.debounced, model, ...(changedAt === undefined ? {} : { sinceChange: t1 - changedAt }) };
}
