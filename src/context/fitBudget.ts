import type { ContextItem, ContextSource } from './contextItem';
import { rankItems } from './rankItems';
import { sharesLabel } from './renderSections';
import type { SurfaceBudget } from './surfaceBudgets';
import { fitInOrder, type FitRule } from './fitInOrder';
import { estimateTokens } from './tokenEstimate';

/** Tokens an item costs in a prompt: its text and its label line. */
export function itemTokens(item: ContextItem): number {
  return estimateTokens(item.text) + labelTokens(item);
}

function labelTokens(item: ContextItem): number {
  return estimateTokens(item.path) + 3;
}

/** What an item adds to a prompt that already holds `labelled` (files whose definitions are labelled). */
function addedTokens(item: ContextItem, labelled: ReadonlySet<string>): number {
  return sharesLabel(item) && labelled.has(item.path) ? estimateTokens(item.text) + 1 : itemTokens(item);
}

/** A trimmed item keeps at least this many lines, or is left out. */
const MIN_TRIMMED_LINES = 3;

/**
 * The items a surface sends: each source first fills its own share of the budget with its best
 * items, then what the shares left unused goes to the remaining items, the sources with the
 * larger shares first. An item that does not fit is skipped (a smaller one after it may fit);
 * trimmable ones lose lines from their end first. Sources without a share send nothing. Best
 * first.
 */
export function fitBudget(items: readonly ContextItem[], budget: SurfaceBudget): ContextItem[] {
  const ranked = rankItems(items).filter((i) => (budget.shares[i.source] ?? 0) > 0);
  const taken = new Map<ContextItem, ContextItem>();
  const labelled = new Set<string>();
  const rule: FitRule<ContextItem> = {
    cost: (item) => addedTokens(item, labelled),
    overhead: labelTokens,
    minLines: (item) => (item.trimmable ? MIN_TRIMMED_LINES : Number.POSITIVE_INFINITY),
    split: 'first',
    take: (item, text, cutLines) => {
      const fitted = cutLines === undefined ? item : { ...item, text };
      taken.set(item, fitted);
      const cost = addedTokens(fitted, labelled);
      if (sharesLabel(item)) labelled.add(item.path);
      return cost;
    },
  };
  let pool = 0;
  const sources = Object.keys(budget.shares) as ContextSource[];
  for (const source of sources) pool += fitInOrder(ranked.filter((i) => i.source === source), Math.floor(budget.tokens * (budget.shares[source] ?? 0)), rule);
  // The shares say what the surface values most: what is left goes to those sources first
  // (scores are only comparable within a source: a viewed snippet's closeness is a guess).
  const byShare = [...sources].sort((a, b) => (budget.shares[b] ?? 0) - (budget.shares[a] ?? 0));
  for (const source of byShare) pool = fitInOrder(ranked.filter((i) => i.source === source && !taken.has(i)), pool, rule);
  return ranked.filter((i) => taken.has(i)).map((i) => taken.get(i)!);
}

/** Estimated tokens of a set of items as rendered (a file's definitions under one label). */
export function totalTokens(items: readonly ContextItem[]): number {
  const labelled = new Set<string>();
  let n = 0;
  for (const i of items) {
    n += addedTokens(i, labelled);
    if (sharesLabel(i)) labelled.add(i.path);
  }
  return n;
}
