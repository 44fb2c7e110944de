import type { ContextSource } from './contextItem';
import { charsForTokens } from './tokenEstimate';
import type { LineRange } from '../code/lineRange';

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

/** The share of ghost text's budget its suffix takes at most (the prefix takes what is left). */
export const GHOST_SUFFIX_SHARE = 0.2;

/**
 * The lines around `line` of `lines` that ghost text's own prefix and suffix hold with a budget
 * of `tokenBudget` when its snippets fill their share: definitions there are in the prompt
 * already and not repeated. The suffix takes its lines up to its share; the prefix what the
 * suffix and the snippets leave (more near the end of a file, where the suffix is short).
 */
export function ghostVisible(lines: readonly string[], line: number, tokenBudget: number): LineRange {
  const chars = charsForTokens(tokenBudget);
  let end = line + 1;
  let suffix = 0;
  for (; end < lines.length && suffix + lines[end].length + 1 <= chars * GHOST_SUFFIX_SHARE; end++) suffix += lines[end].length + 1;
  const prefixChars = chars * (1 - GHOST_CONTEXT_SHARE) - suffix;
  let start = line;
  for (let used = lines[line]?.length ?? 0; start > 0 && used + lines[start - 1].length + 1 <= prefixChars; start--) used += lines[start - 1].length + 1;
  return { start, end };
}

/** Ghost text's share of `flint.context.tokenBudget` for other files. */
export const GHOST_CONTEXT_SHARE = 0.25;

export function ghostBudget(tokenBudget: number): SurfaceBudget {
  return { tokens: Math.floor(tokenBudget * GHOST_CONTEXT_SHARE), shares: { definitions: 0.55, viewed: 0.25, edits: 0.2 } };
}

export function budgetFor(surface: ContextSurface, tokenBudget: number): SurfaceBudget {
  return surface === 'ghost' ? ghostBudget(tokenBudget) : SURFACE_BUDGETS[surface];
}
