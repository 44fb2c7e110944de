import type { ContextItem } from './contextItem';

/** Distance at which an item's closeness counts half (lines). */
const HALF_DISTANCE_LINES = 12;
/** Age at which an item's recency counts half. */
const HALF_AGE_MS = 60_000;

/**
 * How much an item is worth to the prompt, 0..1: close to the focus, recent, and often used
 * weigh most, in that order. Only the order within one source matters (each source has its
 * own budget, and leftover budget goes to the sources by the size of their shares).
 */
export function itemScore(item: ContextItem): number {
  const closeness = 1 / (1 + item.distance / HALF_DISTANCE_LINES);
  const recency = 1 / (1 + item.ageMs / HALF_AGE_MS);
  const use = Math.min(1, Math.log2(1 + item.uses) / 4);
  return 0.5 * closeness + 0.3 * recency + 0.2 * use;
}

/** Items best first, duplicates (same key) dropped; ties keep their given order. */
export function rankItems(items: readonly ContextItem[]): ContextItem[] {
  const seen = new Set<string>();
  const unique = items.filter((i) => !seen.has(i.key) && seen.add(i.key));
  return unique
    .map((item, order) => ({ item, order, score: itemScore(item) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((s) => s.item);
}
