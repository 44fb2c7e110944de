import { indentWidth, isBlank } from '../cursorLine';
import type { SuggestionFilter } from './suggestionFilter';

/** A line at the block's own indentation that closes it (and belongs to it). */
export const BLOCK_CLOSER = /^(?:[}\])]|end\b)/;

/**
 * Where a block body that started at the cursor ends: before the first line indented less than
 * the opener, or before a line at the opener's indentation (after it, when that line closes the
 * block, like `}`). The first line (the rest of the cursor's line) always belongs. Undefined
 * while the text seen so far does not show the end. A last line without its newline counts once
 * its indentation and first character are known, except a closer, which may still grow (`})`).
 */
export function findBlockEnd(text: string, indent: number): number | undefined {
  let start = text.indexOf('\n');
  while (start >= 0) {
    const nl = text.indexOf('\n', start + 1);
    const line = text.slice(start + 1, nl < 0 ? undefined : nl);
    if (!isBlank(line)) {
      const width = indentWidth(line);
      if (width < indent) return start;
      if (width === indent) {
        if (!BLOCK_CLOSER.test(line.trimStart())) return start;
        if (nl >= 0) return nl;
        return undefined;
      }
    }
    start = nl;
  }
  return undefined;
}

/** Cuts a block suggestion where its block ends. */
export const stopAtEndOfBlock: SuggestionFilter = (s, ctx) => {
  if (ctx.mode.kind !== 'block') return s;
  const end = findBlockEnd(s.text, ctx.mode.indent);
  return end === undefined ? s : { ...s, text: s.text.slice(0, end) };
};
