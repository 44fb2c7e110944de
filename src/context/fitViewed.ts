import { fitBudget } from './fitBudget';
import type { Snippet } from './snippet';
import { ghostBudget } from './surfaceBudgets';
import { viewedItems } from './viewedItems';

/**
 * Ghost text's snippets when only the recently viewed code is at hand (no context prepared for
 * the document yet): fitted into ghost text's budget by the same rule as its prepared context.
 */
export function fitViewed(snippets: readonly Snippet[], tokenBudget: number): Snippet[] {
  return fitBudget(viewedItems(snippets), ghostBudget(tokenBudget)).map((i) => ({ path: i.path, text: i.text }));
}
