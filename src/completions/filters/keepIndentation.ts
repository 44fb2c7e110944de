import type { TextNormalizer } from './suggestionFilter';

/**
 * When the cursor sits after the indentation of an empty line, the suggestion must not indent
 * again: a model that writes the whole line (`    return x`) loses the part the editor already
 * has. A first line that is still only whitespace is held back until its text shows.
 */
export function keepIndentation(lineBefore: string): TextNormalizer {
  const typed = lineBefore.length;
  const onlyIndent = typed > 0 && lineBefore.trim() === '';
  return (raw, final) => {
    if (!onlyIndent) return raw;
    const lead = /^[ \t]*/.exec(raw)![0];
    if (lead.length === raw.length && !final) return '';
    if (lead.length === 0 || raw[lead.length] === '\n') return raw;
    return raw.slice(Math.min(lead.length, typed));
  };
}
