import type { RowEdit } from './rowEdit';

/** A character-range replacement, in the coordinates of the document before the batch. */
export interface TextReplace {
  startLine: number;
  startCharacter: number;
  endLine: number;
  endCharacter: number;
  text: string;
}

/** What the conversion needs to know of the document. */
export interface LineShape {
  lineCount: number;
  lineLength(line: number): number;
  /** The document's line break ("\n" or "\r\n"); new lines use it. */
  eol: string;
}

/**
 * Whole-line edits as character replacements that keep the document's line breaks and its
 * (missing) final line break: at the last line there is no line break to delete after, so
 * the one before is taken, and lines added after it are joined with a leading break.
 */
export function toTextReplace(edit: RowEdit, doc: LineShape): TextReplace {
  const { row, deleteCount, insert } = edit;
  const { eol } = doc;
  const end = row + deleteCount;
  if (deleteCount === 0) {
    if (row < doc.lineCount) return at(row, 0, row, 0, insert.map((l) => l + eol).join(''));
    const last = doc.lineCount - 1;
    const len = doc.lineLength(last);
    return at(last, len, last, len, insert.map((l) => eol + l).join(''));
  }
  if (end < doc.lineCount) return at(row, 0, end, 0, insert.map((l) => l + eol).join(''));
  const lastLen = doc.lineLength(end - 1);
  if (insert.length > 0) return at(row, 0, end - 1, lastLen, insert.join(eol));
  if (row > 0) return at(row - 1, doc.lineLength(row - 1), end - 1, lastLen, '');
  return at(0, 0, end - 1, lastLen, '');
}

function at(startLine: number, startCharacter: number, endLine: number, endCharacter: number, text: string): TextReplace {
  return { startLine, startCharacter, endLine, endCharacter, text };
}
