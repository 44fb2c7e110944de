import type { TextNormalizer } from './suggestionFilter';

/** Shorter echoes are too likely to be genuine text (`x = x`). */
const MIN_ECHO = 3;

/**
 * Instruct models sometimes repeat the cursor's line before inserting (`const total = ` →
 * `const total = items.length`). Removes that echo and any echo of the prompt's cursor marker
 * (`marker`). While the reply is still shorter than the echo it may turn into, nothing is
 * released.
 */
export function stripEchoedPrefix(lineBefore: string, marker: string): TextNormalizer {
  const echo = lineBefore.trimStart();
  return (raw, final) => {
    let text = raw.split(marker).join('');
    if (!final) text = text.slice(0, text.length - partialMarkerTail(text, marker));
    if (echo.trim().length < MIN_ECHO) return text;
    const lead = text.trimStart();
    if (lead.startsWith(echo)) return lead.slice(echo.length);
    if (!final && echo.startsWith(lead)) return '';
    return text;
  };
}

/** Length of the end of `text` that may still grow into the cursor marker. */
function partialMarkerTail(text: string, marker: string): number {
  for (let k = Math.min(marker.length - 1, text.length); k > 0; k--) {
    if (marker.startsWith(text.slice(text.length - k))) return k;
  }
  return 0;
}
