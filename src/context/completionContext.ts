import type { Snippet } from './snippet';
import { GHOST_SUFFIX_SHARE } from './surfaceBudgets';
import { charsForTokens, estimateTokens } from './tokenEstimate';
import { comparableLines } from './withoutRepeats';

/** What the model sees of the document and of other files. */
export interface CompletionContext {
  prefix: string;
  suffix: string;
  snippets: Snippet[];
  /** Estimated tokens of all the above. */
  tokens: number;
}

export interface ContextInput {
  prefix: string;
  suffix: string;
  /** Other files' snippets, best first, already fitted into ghost text's share (fitBudget). */
  snippets: Snippet[];
  tokenBudget: number;
  /** The open file's workspace-relative path: its own lines the window holds are not sent again as snippets. */
  path?: string;
}

/** The prefix window starts on multiples of this many characters, so consecutive requests share
 * the same prompt start and the server can reuse its prompt cache between keystrokes. */
const PREFIX_ANCHOR = 1024;

/**
 * Windows the document around the snippets within the token budget, cutting at line boundaries:
 * the suffix up to its share, the prefix what the suffix and the snippets leave.
 */
export function buildCompletionContext(input: ContextInput): CompletionContext {
  const budget = charsForTokens(input.tokenBudget);
  const suffix = suffixWindow(input.suffix, Math.floor(budget * GHOST_SUFFIX_SHARE));
  let { snippets } = input;
  let prefix = prefixWindow(input.prefix, budget - suffix.length - charsOf(snippets));
  // The open file's own lines in the window are left out of the snippets; the room that frees
  // widens the window, which may hold more of them: twice at most.
  for (let pass = 0; input.path && pass < 2; pass++) {
    const fewer = withoutWindow(snippets, input.path, prefix + suffix);
    if (fewer === snippets) break;
    snippets = fewer;
    prefix = prefixWindow(input.prefix, budget - suffix.length - charsOf(snippets));
  }
  const tokens =
    estimateTokens(prefix) + estimateTokens(suffix) + snippets.reduce((n, s) => n + estimateTokens(s.path + s.text), 0);
  return { prefix, suffix, snippets, tokens };
}

/** The end of `prefix`, at most `maxChars`, starting at a line start at or after an anchor. */
export function prefixWindow(prefix: string, maxChars: number): string {
  if (prefix.length <= maxChars) return prefix;
  let start = Math.ceil((prefix.length - maxChars) / PREFIX_ANCHOR) * PREFIX_ANCHOR;
  const nl = prefix.indexOf('\n', start - 1);
  // Start after a newline; a single line longer than the window is cut mid-line.
  start = nl >= 0 && nl < prefix.length - 1 ? nl + 1 : start;
  return prefix.slice(start);
}

/** The start of `suffix`, at most `maxChars`, ending at a line end when one is in reach. */
export function suffixWindow(suffix: string, maxChars: number): string {
  if (suffix.length <= maxChars) return suffix;
  const nl = suffix.lastIndexOf('\n', maxChars);
  return suffix.slice(0, nl > 0 ? nl : maxChars);
}

const charsOf = (snippets: readonly Snippet[]) => snippets.reduce((n, s) => n + s.path.length + s.text.length, 0);

/** The snippets without the lines of `path` that `window` holds (a snippet left with none is dropped); the same array when none is. */
function withoutWindow(snippets: Snippet[], path: string, window: string): Snippet[] {
  if (!snippets.some((s) => s.path === path || s.path.startsWith(`${path}:`))) return snippets;
  const shown = comparableLines(window);
  let changed = false;
  const out = snippets.flatMap((s) => {
    if (s.path !== path && !s.path.startsWith(`${path}:`)) return [s];
    const lines = s.text.split('\n');
    const kept = lines.filter((l) => !shown.has(l.trim()));
    if (kept.length === lines.length) return [s];
    changed = true;
    return kept.some((l) => comparableLines(l).size) ? [{ ...s, text: kept.join('\n') }] : [];
  });
  return changed ? out : snippets;
}
