import type { CompletionMode, Suggestion } from './completionTypes';
import type { CursorPlace } from './cursorPlace';
import { shapeSuggestion } from './filters/filterPipeline';
import { grownExtent, takeExtent, type Extent } from './suggestionExtent';

/** A suggestion and whether it can grow no more. */
export interface ShapedSuggestion {
  suggestion: Suggestion;
  final: boolean;
}

/**
 * The suggestion a completion offers at `place` from `rest` (its text after what was typed
 * since it was asked for), and whether it can grow no more; undefined while it is still
 * incomplete. Past the end of the cursor's line a suggestion grows over the lines that follow
 * (a block is shown whole at once); a line or a block, once complete, is final. Two steps: how
 * much of the text makes the suggestion (its extent), then the serve filters.
 */
export function entrySuggestion(
  rest: string,
  finished: boolean,
  asked: CompletionMode,
  place: CursorPlace,
  maxLines: number,
): ShapedSuggestion | undefined {
  const mode = asked.kind === 'block' ? asked : place.mode.kind === 'block' && closesOnItsLine(place.lineBefore, rest) ? { kind: 'line' as const } : place.mode;
  const extent: Extent & { final?: boolean } = mode.kind === 'line' && place.atLineEnd
    ? grownExtent(rest, mode, place.indent, maxLines, finished)
    : takeExtent(rest, mode, maxLines, finished);
  if (!extent.complete) return undefined;
  const suggestion = shapeSuggestion(extent.text, { lineBefore: place.lineBefore, lineAfter: place.lineAfter, suffix: place.suffix, mode });
  return { suggestion, final: extent.final ?? true };
}

/**
 * Whether `text`, offered after `lineBefore` that ends with an opening bracket, closes that
 * bracket on the same line (`f(` → `)) return;`): then it is not a block's body (a body starts
 * on the next line) but that line and its block, shaped as a line.
 */
export function closesOnItsLine(lineBefore: string, text: string): boolean {
  if (!/[([{]\s*$/.test(lineBefore)) return false;
  const nl = text.indexOf('\n');
  const line = nl < 0 ? text : text.slice(0, nl);
  let depth = 1;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && --depth === 0) return true;
  }
  return false;
}
