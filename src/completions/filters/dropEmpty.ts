import type { SuggestionFilter } from './suggestionFilter';

/** Whitespace is not worth a suggestion (and would hide the cursor position). */
export const dropEmpty: SuggestionFilter = (s) => (s.text.trim() === '' ? { text: '', replaceSuffix: 0 } : s);
