import type { TextNormalizer } from './suggestionFilter';

const OPENING_FENCE = /^\s*(?:`{3,}|~{3,})/;
const CLOSING_FENCE = /^\s*(?:`{3,}|~{3,})\s*$/;

/**
 * Instruct models sometimes wrap the inserted text in a Markdown fence. Drops an opening fence
 * line and cuts at the closing fence. While streaming, a last line that may still turn into a
 * fence is held back (with its newline), so released text is never taken back.
 */
export const stripCodeFences: TextNormalizer = (raw, final) => {
  const firstNl = raw.indexOf('\n');
  if (firstNl < 0) return final || !couldBeFence(raw) ? (OPENING_FENCE.test(raw) ? '' : raw) : '';
  if (!OPENING_FENCE.test(raw.slice(0, firstNl))) return raw;
  const lines = raw.slice(firstNl + 1).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const complete = final || i < lines.length - 1;
    if (complete ? CLOSING_FENCE.test(lines[i]) : couldBeFence(lines[i])) return lines.slice(0, i).join('\n');
  }
  return lines.join('\n');
};

/** An unfinished line that may still become a fence line. */
function couldBeFence(line: string): boolean {
  const t = line.trimStart();
  return /^(?:`{0,2}|~{0,2})$/.test(t) || OPENING_FENCE.test(t);
}
