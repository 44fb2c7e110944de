/** Lines [start, end) of a document. */
export interface LineRange {
  start: number;
  end: number;
}

const CLOSER = /^\s*(\}|\]|\)|end\b|fi\b|done\b|esac\b|<\/)/;

/**
 * What an edit without a selection rewrites: the block the cursor line opens or sits in, found
 * by indentation (a header line, the lines indented deeper below it, and a closing line at the
 * header's indentation such as `}` or `end`). A blank line or a top-level statement is taken
 * alone.
 */
export function enclosingBlock(lines: readonly string[], line: number, tabSize = 4): LineRange {
  const indent = (i: number) => indentWidth(lines[i], tabSize);
  const blank = (i: number) => lines[i].trim() === '';
  if (blank(line)) return { start: line, end: line + 1 };

  const next = nextNonBlank(lines, line + 1);
  let header = line;
  if (next < 0 || indent(next) <= indent(line)) {
    // Not a header itself: the nearest line above with less indentation is.
    header = -1;
    for (let i = line - 1; i >= 0; i--) {
      if (!blank(i) && indent(i) < indent(line)) {
        header = i;
        break;
      }
    }
    if (header < 0) return { start: line, end: line + 1 };
  }

  const base = indent(header);
  let last = header;
  for (let i = header + 1; i < lines.length; i++) {
    if (blank(i)) continue;
    if (indent(i) > base) last = i;
    else {
      if (indent(i) === base && CLOSER.test(lines[i])) last = i;
      break;
    }
  }
  return { start: header, end: last + 1 };
}

function nextNonBlank(lines: readonly string[], from: number): number {
  for (let i = from; i < lines.length; i++) if (lines[i].trim() !== '') return i;
  return -1;
}

function indentWidth(text: string, tabSize: number): number {
  let w = 0;
  for (const c of text) {
    if (c === ' ') w++;
    else if (c === '\t') w += tabSize - (w % tabSize);
    else break;
  }
  return w;
}
