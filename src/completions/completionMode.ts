import type { CompletionMode } from './completionTypes';
import { indentWidth, isBlank, lineAfter, lineBefore, nextContentLine, previousContentLine } from './cursorLine';

/** Line endings that open a block whose body follows on the next lines. */
const BLOCK_OPENER = /(?:[{([:]|=>|\bdo|\bthen)\s*$/;

/**
 * Mid-line, or at the end of a line that is not the start of an empty block: one line.
 * At the end of a line that opens a block whose body is still empty (the next content line is
 * not indented deeper than the opener): the whole block body.
 */
export function decideMode(prefix: string, suffix: string): CompletionMode {
  if (!isBlank(lineAfter(suffix))) return { kind: 'line' };
  const before = lineBefore(prefix);
  const opener = isBlank(before) ? previousContentLine(prefix) : before;
  if (opener === undefined || !BLOCK_OPENER.test(opener)) return { kind: 'line' };
  if (isBlank(before) && before.length > 0 && indentWidth(before) <= indentWidth(opener)) return { kind: 'line' };
  const indent = indentWidth(opener);
  const next = nextContentLine(suffix);
  if (next !== undefined && indentWidth(next) > indent) return { kind: 'line' };
  return { kind: 'block', indent };
}
