import type { SuggestionFilter } from './suggestionFilter';

/** How many following lines of the document are compared. */
const LOOKAHEAD = 20;

/**
 * Models often run on into text that already follows the cursor. Cuts the suggestion where its
 * lines start repeating the document's next lines, or where its single line ends with the rest
 * of the cursor's line.
 */
export const dropRepeatedSuffix: SuggestionFilter = (s, ctx) => {
  let text = s.text;
  const rest = ctx.lineAfter.trim();
  if (rest && !text.includes('\n') && text.trimEnd().endsWith(rest)) {
    text = text.slice(0, text.trimEnd().length - rest.length);
  }
  const next = followingLines(ctx.suffix);
  if (next.length === 0) return { ...s, text };
  const lines = text.split('\n');
  // The first line counts when it stands alone on an otherwise empty line.
  const from = rest === '' && ctx.lineBefore.trim() === '' ? 0 : 1;
  for (let i = from; i < lines.length; i++) {
    const t = lines[i].trim();
    if (!t || (t !== next[0] && !(i === lines.length - 1 && isPartialCopy(t, next[0])))) continue;
    if (repeatsFrom(lines, i, next)) {
      const cut = lines.slice(0, i).join('\n');
      return { ...s, text: i === 0 ? '' : cut };
    }
  }
  return { ...s, text };
};

/** Trimmed content lines after the cursor's line. */
function followingLines(suffix: string): string[] {
  const out: string[] = [];
  let pos = suffix.indexOf('\n');
  while (pos >= 0 && out.length < LOOKAHEAD) {
    const end = suffix.indexOf('\n', pos + 1);
    const line = suffix.slice(pos + 1, end < 0 ? undefined : end).trim();
    if (line) out.push(line);
    pos = end;
  }
  return out;
}

/** Whether every content line of `lines` from `i` on matches `next` in order. */
function repeatsFrom(lines: string[], i: number, next: string[]): boolean {
  let j = 0;
  for (let k = i; k < lines.length; k++) {
    const t = lines[k].trim();
    if (!t) continue;
    if (j >= next.length) return false;
    if (t !== next[j]) return k === lines.length - 1 && isPartialCopy(t, next[j]);
    j++;
  }
  return true;
}

/** A last line cut short while copying a document line (long enough not to be chance). */
function isPartialCopy(t: string, line: string): boolean {
  return line.startsWith(t) && t.length >= Math.min(8, line.length);
}
