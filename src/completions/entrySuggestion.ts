import type { CompletionEntry } from './completionEntry';
import { decideMode } from './completionMode';
import type { Suggestion } from './completionTypes';
import { indentWidth, isBlank, lineAfter, lineBefore } from './cursorLine';
import { shapeSuggestion } from './filters/filterPipeline';
import { grownExtent, takeExtent, type Extent } from './suggestionExtent';

/**
 * The suggestion `entry` offers at the document state `prefix`/`suffix`, once `typed` of its
 * text has been typed, and whether it can grow no more; undefined while it is still incomplete.
 * Past the end of the cursor's line a suggestion grows over the lines that follow (a block is
 * shown whole at once); a line or a block, once complete, is final.
 */
export function entrySuggestion(
  entry: CompletionEntry,
  typed: string,
  at: { prefix: string; suffix: string },
  maxLines: number,
): { suggestion: Suggestion; final: boolean } | undefined {
  const mode = entry.mode.kind === 'block' ? entry.mode : decideMode(at.prefix, at.suffix);
  const rest = entry.text.slice(typed.length);
  const extent: Extent & { final?: boolean } = mode.kind === 'line' && isBlank(lineAfter(at.suffix))
    ? grownExtent(rest, mode, indentWidth(lineBefore(at.prefix)), maxLines, !entry.running)
    : takeExtent(rest, mode, maxLines, !entry.running);
  if (!extent.complete) return undefined;
  const suggestion = shapeSuggestion(extent.text, {
    lineBefore: lineBefore(at.prefix),
    lineAfter: lineAfter(at.suffix),
    suffix: at.suffix,
    mode,
  });
  return { suggestion, final: extent.final ?? true };
}
