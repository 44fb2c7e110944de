import type { CompletionMode } from './completionTypes';
import { findBlockEnd } from './filters/stopAtEndOfBlock';

export interface Extent {
  /** The part of the completion text to show now. */
  text: string;
  /** Whether that part can no longer change (so it may be returned to the editor). */
  complete: boolean;
}

/**
 * How much of a (possibly still growing) completion text makes one suggestion. Line mode: up to
 * the end of the first line that has text (a suggestion that starts with a newline is the next
 * line). Block mode: up to the end of the block or `maxLines` lines. Complete as soon as that
 * end is in the text, or when the stream has ended.
 */
export function takeExtent(text: string, mode: CompletionMode, maxLines: number, finished: boolean): Extent {
  if (mode.kind === 'line') {
    const content = text.search(/\S/);
    const nl = content < 0 ? -1 : text.indexOf('\n', content);
    return nl < 0 ? { text, complete: finished } : { text: text.slice(0, nl), complete: true };
  }
  let cut = findBlockEnd(text, mode.indent);
  let nl = -1;
  for (let n = 0; n < maxLines; n++) {
    nl = text.indexOf('\n', nl + 1);
    if (nl < 0) break;
  }
  if (nl >= 0 && (cut === undefined || nl < cut)) cut = nl;
  return cut === undefined ? { text, complete: finished } : { text: text.slice(0, cut), complete: true };
}
