// Text as a merge sees it: lines that keep their own terminators, so a merged file is the exact
// concatenation of the pieces it came from and CRLF, LF and a missing final newline survive.

export type Eol = '\r\n' | '\n';

/** The file's line ending: CRLF when most of its line breaks are CRLF. */
export function eolOf(text: string): Eol {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text[i - 1] === '\r') crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/** `text` with every line break written as `eol`. */
export function withEol(text: string, eol: Eol): string {
  const lf = text.replace(/\r\n/g, '\n');
  return eol === '\n' ? lf : lf.replace(/\n/g, '\r\n');
}

/** Lines with their terminators; joining them gives `text` back byte for byte. */
export function splitLines(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
    out.push(text.slice(start, i + 1));
    start = i + 1;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}
