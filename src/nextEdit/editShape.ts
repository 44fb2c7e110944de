import type { OffsetChange } from './typeThrough';

/**
 * What kind of edit the user just made, for deciding whether a next edit is plausible:
 * - `append`: new code written at the end of a line (typed, pasted or accepted, a line break, a
 *   typo erased), where at most what the editor closes by itself (brackets, quotes, a semicolon)
 *   follows the cursor;
 * - `change`: anything that alters code already there (a rename, an added argument, a deletion
 *   inside a line, text replaced, several cursors at once).
 */
export type EditShape = 'append' | 'change';

/** What may follow the cursor on its line while the user is still writing that line. */
const LINE_END = /^[\s)\]}"'`;,]*$/;

export interface ShapedDocument {
  lineAt(line: number): string;
  positionAt(offset: number): { line: number; character: number };
}

/** The shape of `changes` (offsets of the text before them), read from `doc` as it is after them. */
export function editShape(doc: ShapedDocument, changes: readonly OffsetChange[]): EditShape {
  if (changes.length !== 1) return 'change';
  const c = changes[0];
  // Replacing text is changing code, whatever the position.
  if (c.length > 0 && c.text !== '') return 'change';
  const end = doc.positionAt(c.offset + c.text.length);
  return LINE_END.test(doc.lineAt(end.line).slice(end.character)) ? 'append' : 'change';
}
