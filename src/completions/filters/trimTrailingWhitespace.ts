import type { TextNormalizer } from './suggestionFilter';

/**
 * Trailing spaces go (the editor would keep them). While streaming, spaces at the very end are
 * held back until text follows them on the same line; at the end, trailing blank lines go too.
 */
export const trimTrailingWhitespace: TextNormalizer = (raw, final) => {
  const trimmed = raw.replace(/[ \t]+$/gm, '');
  return final ? trimmed.replace(/\n+$/, '') : trimmed;
};
