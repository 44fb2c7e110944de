import type { ContextSource } from './contextItem';

/** The surfaces that ask for context. */
export type ContextSurface = 'ghost' | 'next-edit' | 'review' | 'tests' | 'edit' | 'chat';

/** Tokens of context a surface sends, and each source's share of them. */
export interface SurfaceBudget {
  tokens: number;
  shares: Partial<Record<ContextSource, number>>;
}

/**
 * Small for the surfaces that answer while the user types (prefill costs time even at 1,000
 * tokens/s), larger where the user asked and waits. Ghost text's total is a quarter of
 * `flint.context.tokenBudget` (the share other files always had), given in `ghostBudget`.
 */
export const SURFACE_BUDGETS: Record<Exclude<ContextSurface, 'ghost'>, SurfaceBudget> = {
  'next-edit': { tokens: 1536, shares: { definitions: 0.4, diagnostics: 0.15, edits: 0.3, viewed: 0.15 } },
  review: { tokens: 1536, shares: { definitions: 0.8, diagnostics: 0.2 } },
  tests: { tokens: 3072, shares: { definitions: 0.45, tests: 0.55 } },
  edit: { tokens: 1536, shares: { definitions: 0.75, diagnostics: 0.25 } },
  chat: { tokens: 2048, shares: { definitions: 0.8, diagnostics: 0.2 } },
};

/**
 * The lines around the cursor ghost text's own prefix and suffix usually hold (its prompt reads
 * much of the file): definitions there are not repeated.
 */
export function ghostVisible(line: number): { start: number; end: number } {
  return { start: line - 100, end: line + 40 };
}

/** Ghost text's share of `flint.context.tokenBudget` for other files. */
export const GHOST_CONTEXT_SHARE = 0.25;

export function ghostBudget(tokenBudget: number): SurfaceBudget {
  return { tokens: Math.floor(tokenBudget * GHOST_CONTEXT_SHARE), shares: { definitions: 0.55, viewed: 0.25, edits: 0.2 } };
}

export function budgetFor(surface: ContextSurface, tokenBudget: number): SurfaceBudget {
  return surface === 'ghost' ? ghostBudget(tokenBudget) : SURFACE_BUDGETS[surface];
}
