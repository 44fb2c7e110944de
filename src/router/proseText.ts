/**
 * The parts of an instruction that speak to the router. Code the user pasted is data, not a
 * request: a path inside a code sample does not mean "look at that file", and a URL is not a
 * workspace path. Inline code that is nothing but a path (`src/a.ts`) is how people name
 * files, so it is kept aside for the file scan.
 */
export interface ProseText {
  /** The text with fenced code, inline code and URLs blanked out. */
  prose: string;
  /** Contents of inline code spans, trimmed. */
  inlineCode: string[];
}

const FENCED = /(```|~~~)[^\n]*\n[\s\S]*?(?:\n\s*\1|$)/g;
const INLINE = /`([^`\n]+)`/g;
const URL = /\b(?:[a-z][a-z0-9+.-]{0,31}:\/\/|www\.)[^\s<>"'`]+/gi;
// A quoted literal opens after a boundary and closes before one, so the apostrophes in
// "don't" or "it's" are not taken for quotes.
const QUOTED = /"[^"\n]*"|\u201c[^\u201d\n]*\u201d|(?<![\w'])'[^'\n]*'(?![\w'])/g;

export function proseText(text: string): ProseText {
  const inlineCode: string[] = [];
  const prose = text
    .replace(FENCED, ' ')
    .replace(INLINE, (_m, code: string) => {
      inlineCode.push(code.trim());
      return ' ';
    })
    .replace(URL, ' ');
  return { prose, inlineCode };
}

/** Prose with quoted string literals blanked: "everywhere" inside a message text is not scope. */
export function withoutQuotes(prose: string): string {
  return prose.replace(QUOTED, ' ');
}
