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
  const mode = asked.kind === 'block' ? asked : place.mode;
  const extent: Extent & { final?: boolean } = mode.kind === 'line' && place.atLineEnd
    ? grownExtent(rest, mode, place.indent, maxLines, finished)
    : takeExtent(rest, mode, maxLines, finished);
  if (!extent.complete) return undefined;
  const suggestion = shapeSuggestion(extent.text, { lineBefore: place.lineBefore, lineAfter: place.lineAfter, suffix: place.suffix, mode });
  return { suggestion, final: extent.final ?? true };
}
