import type { ContextItem, ContextSource } from './contextItem';
import { rankItems } from './rankItems';
import type { SurfaceBudget } from './surfaceBudgets';
import { estimateTokens } from './tokenEstimate';

/** Tokens an item costs in a prompt: its text and its label line. */
export function itemTokens(item: ContextItem): number {
  return estimateTokens(item.text) + estimateTokens(item.path) + 3;
}

/** A trimmed item keeps at least this many lines, or is left out. */
const MIN_TRIMMED_LINES = 3;

/**
 * The items a surface sends: each source first fills its own share of the budget with its best
 * items, then what the shares left unused goes to the best remaining items of any source. An
 * item that does not fit is skipped (a smaller one after it may fit); trimmable ones lose lines
 * from their end first. Sources without a share send nothing. Best first.
 */
export function fitBudget(items: readonly ContextItem[], budget: SurfaceBudget): ContextItem[] {
  const ranked = rankItems(items).filter((i) => (budget.shares[i.source] ?? 0) > 0);
  const taken = new Map<ContextItem, ContextItem>();
  let pool = 0;
  const sources = Object.keys(budget.shares) as ContextSource[];
  for (const source of sources) {
    let left = Math.floor(budget.tokens * (budget.shares[source] ?? 0));
    for (const item of ranked) {
      if (item.source !== source) continue;
      const fitted = fit(item, left);
      if (!fitted) continue;
      taken.set(item, fitted);
      left -= itemTokens(fitted);
    }
    pool += left;
  }
  for (const item of ranked) {
    if (taken.has(item)) continue;
    const fitted = fit(item, pool);
    if (!fitted) continue;
    taken.set(item, fitted);
    pool -= itemTokens(fitted);
  }
  return ranked.filter((i) => taken.has(i)).map((i) => taken.get(i)!);
}

function fit(item: ContextItem, tokens: number): ContextItem | undefined {
  if (itemTokens(item) <= tokens) return item;
  if (!item.trimmable) return undefined;
  const lines = item.text.split('\n');
  const room = (tokens - estimateTokens(item.path) - 3) * 4;
  let used = 0;
  let keep = 0;
  while (keep < lines.length && used + lines[keep].length + 1 <= room) used += lines[keep++].length + 1;
  return keep >= MIN_TRIMMED_LINES ? { ...item, text: lines.slice(0, keep).join('\n') } : undefined;
}

/** Estimated tokens of a set of items. */
export function totalTokens(items: readonly ContextItem[]): number {
  return items.reduce((n, i) => n + itemTokens(i), 0);
}
