import type { Suggestion } from './completionTypes';

/** Suggestions with the same key look the same in the editor (trailing blanks aside). */
export function suggestionKey(s: Suggestion): string {
  return `${s.replaceSuffix}:${s.text.trimEnd()}`;
}
