import type { Suggestion } from '../completionTypes';
import { balanceBrackets } from './balanceBrackets';
import { dropEmpty } from './dropEmpty';
import { dropRepeatedSuffix } from './dropRepeatedSuffix';
import { keepIndentation } from './keepIndentation';
import { stopAtEndOfBlock } from './stopAtEndOfBlock';
import { stripCodeFences } from './stripCodeFences';
import { stripEchoedPrefix } from './stripEchoedPrefix';
import type { FilterContext, SuggestionFilter, TextNormalizer } from './suggestionFilter';
import { trimTrailingWhitespace } from './trimTrailingWhitespace';

/**
 * Stream-time normalizers for one request, in order. Instruct replies (`cursorMarker` the
 * prompt's marker) get their Markdown and echoes removed; every reply keeps the editor's
 * indentation and loses trailing spaces.
 */
export function modelTextNormalizer(lineBefore: string, cursorMarker: string | undefined): TextNormalizer {
  const steps: TextNormalizer[] = [
    ...(cursorMarker !== undefined ? [stripCodeFences, stripEchoedPrefix(lineBefore, cursorMarker)] : []),
    keepIndentation(lineBefore),
    trimTrailingWhitespace,
  ];
  return (raw, final) => steps.reduce((text, step) => step(text, final), raw);
}

const serveFilters: SuggestionFilter[] = [
  stopAtEndOfBlock,
  (s) => ({ ...s, text: trimTrailingWhitespace(s.text, true) }),
  dropRepeatedSuffix,
  balanceBrackets,
  dropEmpty,
];

/** Shapes the text about to be shown; every step only cuts the end (see SuggestionFilter). */
export function shapeSuggestion(text: string, ctx: FilterContext): Suggestion {
  return serveFilters.reduce((s, filter) => filter(s, ctx), { text, replaceSuffix: 0 } as Suggestion);
}
