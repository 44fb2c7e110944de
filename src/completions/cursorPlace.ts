import { decideMode } from './completionMode';
import type { CompletionMode } from './completionTypes';
import { indentWidth, isBlank, lineAfter, lineBefore } from './cursorLine';

/**
 * Where a suggestion goes, and what shaping one reads of it: worked out once per document state
 * (a keystroke, a speculation, a prefetch), not on every look at what is kept.
 */
export interface CursorPlace {
  /** Document text before the cursor. */
  readonly prefix: string;
  /** Document text after the cursor. */
  readonly suffix: string;
  /** The cursor's line before the cursor. */
  readonly lineBefore: string;
  /** The cursor's line after the cursor. */
  readonly lineAfter: string;
  /** Indentation width of the cursor's line. */
  readonly indent: number;
  /** How much a new request here asks for (one line or an empty block's body). */
  readonly mode: CompletionMode;
  /** Nothing follows the cursor on its line: a suggestion may grow over the next lines. */
  readonly atLineEnd: boolean;
}

export function cursorPlace(prefix: string, suffix: string): CursorPlace {
  const before = lineBefore(prefix);
  const after = lineAfter(suffix);
  return {
    prefix,
    suffix,
    lineBefore: before,
    lineAfter: after,
    indent: indentWidth(before),
    atLineEnd: isBlank(after),
    mode: decideMode(prefix, suffix),
  };
}
