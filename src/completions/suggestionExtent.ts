import type { CompletionMode } from './completionTypes';
import { indentWidth, isBlank } from './cursorLine';
import { BLOCK_CLOSER, findBlockEnd } from './filters/stopAtEndOfBlock';

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

export interface GrownExtent extends Extent {
  /** Whether the extent has reached its end (the block's end, `maxLines`, the stream's end). */
  final: boolean;
}

/**
 * How far a suggestion may have grown by now, in whole lines: once its first line with text is
 * complete, every following line that is complete (all of it once the stream has ended), up to
 * the end of the block (block mode), of the block enclosing the cursor's line (line mode: the
 * first line indented less than `lineIndent`, kept when it closes the block like `}`; at the
 * top level, a blank line), or `maxLines`. A longer text never yields a shorter extent, so the
 * shown suggestion only ever extends while the stream runs.
 */
export function grownExtent(text: string, mode: CompletionMode, lineIndent: number, maxLines: number, finished: boolean): GrownExtent {
  const content = text.search(/\S/);
  const firstEnd = content < 0 ? -1 : text.indexOf('\n', content);
  if (firstEnd < 0) return { text, complete: finished, final: finished };
  let cut = mode.kind === 'block' ? findBlockEnd(text, mode.indent) : enclosingBlockEnd(text, firstEnd, lineIndent);
  let nl = content;
  for (let n = 0; n < maxLines && nl >= 0; n++) nl = text.indexOf('\n', n === 0 ? content : nl + 1);
  if (nl >= 0 && (cut === undefined || nl < cut)) cut = nl;
  if (cut !== undefined) return { text: text.slice(0, cut), complete: true, final: true };
  return { text: finished ? text : text.slice(0, text.lastIndexOf('\n')), complete: true, final: finished };
}

/** Where the block around the cursor's line ends in `text`, scanning from the newline at `from`. */
function enclosingBlockEnd(text: string, from: number, indent: number): number | undefined {
  let start = from;
  while (start >= 0) {
    const nl = text.indexOf('\n', start + 1);
    const line = text.slice(start + 1, nl < 0 ? undefined : nl);
    if (isBlank(line)) {
      if (indent === 0 && nl >= 0) return start;
    } else if (indentWidth(line) < indent) {
      if (!BLOCK_CLOSER.test(line.trimStart())) return start;
      return nl < 0 ? undefined : nl;
    }
    start = nl;
  }
  return undefined;
}
