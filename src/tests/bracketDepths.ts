/** How the brackets stand once a line has been read. */
export interface LineDepth {
  line: number;
  /** Brackets opened since the first line, less those closed (negative when more closed). */
  depth: number;
  /** Whether any bracket has opened yet. */
  opened: boolean;
  /** The line ends inside a template literal (or Go raw string) or a block comment. */
  inside: boolean;
}

/**
 * Reads lines from `start` on, counting ( [ { against ) ] }, outside strings and comments
 * (// and block comments; only template literals and Go raw strings span lines). The one
 * bracket reader of the line-based finders: where a declaration, or a test, ends.
 */
export function* bracketDepths(lines: string[], start: number): Generator<LineDepth> {
  let depth = 0;
  let opened = false;
  let quote: string | null = null;
  let block = false;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    for (let j = 0; j < line.length; j++) {
      const c = line[j];
      if (block) {
        if (c === '*' && line[j + 1] === '/') {
          block = false;
          j++;
        }
      } else if (quote) {
        if (c === '\\') j++;
        else if (c === quote) quote = null;
      } else if (c === '/' && line[j + 1] === '/') break;
      else if (c === '/' && line[j + 1] === '*') {
        block = true;
        j++;
      } else if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '(' || c === '[' || c === '{') {
        depth++;
        opened = true;
      } else if (c === ')' || c === ']' || c === '}') depth--;
    }
    if (quote !== '`') quote = null;
    yield { line: i, depth, opened, inside: quote !== null || block };
  }
}
