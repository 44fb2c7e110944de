import type { SuggestionFilter } from './suggestionFilter';

const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
const QUOTES = new Set(['"', "'", '`']);
/** Rest-of-line text a suggestion may type over: closers, quotes and separators. */
const CLOSING_TAIL = /^[\s)\]}>"'`;,.]+$/;

/**
 * Mid-line, the editor already holds the closing brackets (often typed by auto-close). When the
 * suggestion's line produces the rest of the line's closers in order (outside string literals),
 * it replaces the rest of the line (the editor shows the merge); otherwise closers at the end
 * of the suggestion that the rest of the line already supplies are dropped, so `foo(|)` never
 * becomes `foo(a))`.
 */
export const balanceBrackets: SuggestionFilter = (s, ctx) => {
  const rest = ctx.lineAfter.trimEnd();
  const nl = s.text.indexOf('\n');
  const line = nl < 0 ? s.text : s.text.slice(0, nl);
  if (!rest || !line.trim()) return s;
  const scan = scanLine(line, openQuote(ctx.lineBefore));
  if (CLOSING_TAIL.test(rest) && isSubsequence(rest.replace(/\s+/g, ''), scan.structural)) {
    return { ...s, replaceSuffix: Math.max(s.replaceSuffix, rest.length) };
  }
  if (nl >= 0) return s;
  // Drop the longest end of the unmatched run that the rest of the line starts with.
  const unmatched = scan.trailingUnmatched;
  const supplied = rest.trimStart();
  for (let j = 0; j < unmatched.length; j++) {
    if (supplied.startsWith(unmatched.slice(j))) return { ...s, text: line.slice(0, line.length - (unmatched.length - j)) };
  }
  return s;
};

/** The quote of a string literal still open at the end of `lineBefore`, if any. */
function openQuote(lineBefore: string): string | null {
  let quote: string | null = null;
  for (let i = 0; i < lineBefore.length; i++) {
    const c = lineBefore[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (QUOTES.has(c)) quote = c;
  }
  return quote;
}

interface LineScan {
  /** Closers, quotes and separators that are code, not string content. */
  structural: string;
  /** Closing brackets at the very end that close nothing opened in the line. */
  trailingUnmatched: string;
}

function scanLine(line: string, startQuote: string | null): LineScan {
  const stack: string[] = [];
  const unmatchedAt = new Set<number>();
  let structural = '';
  let quote = startQuote;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) {
        quote = null;
        structural += c;
      }
    } else if (QUOTES.has(c)) {
      quote = c;
      structural += c;
    } else if (c === '(' || c === '[' || c === '{') stack.push(c);
    else if (PAIRS[c]) {
      structural += c;
      if (stack.length && stack[stack.length - 1] === PAIRS[c]) stack.pop();
      else unmatchedAt.add(i);
    } else if (c === ';' || c === ',' || c === '.' || c === '>') structural += c;
  }
  let start = line.length;
  while (start > 0 && unmatchedAt.has(start - 1)) start--;
  return { structural, trailingUnmatched: line.slice(start) };
}

function isSubsequence(needle: string, hay: string): boolean {
  let j = 0;
  for (let i = 0; i < hay.length && j < needle.length; i++) if (hay[i] === needle[j]) j++;
  return j === needle.length;
}
