import type { CompletionContext } from '../context/completionContext';

/** Marker placed at the cursor in instruct prompts (the instructions name it). */
export const CURSOR_MARKER = '<|cursor|>';

/** More candidates than any real text holds; past them the last one is used. */
const MAX_CANDIDATES = 100;

/**
 * The marker for a prompt holding `context`: the usual one, unless the code itself contains it
 * (a prompt template, this very file), where a model could not tell the cursor from the text;
 * then the first `<|cursor-N|>` the code does not contain, which the prompt names.
 */
export function cursorMarkerFor(context: CompletionContext): string {
  const texts = [context.prefix, context.suffix, ...context.snippets.map((s) => s.text)];
  const free = (marker: string) => !texts.some((t) => t.includes(marker));
  if (free(CURSOR_MARKER)) return CURSOR_MARKER;
  let marker = CURSOR_MARKER;
  for (let n = 1; n <= MAX_CANDIDATES; n++) {
    marker = `<|cursor-${n}|>`;
    if (free(marker)) break;
  }
  return marker;
}
