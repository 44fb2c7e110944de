/** A position in the document (0-based). */
export interface TextPosition {
  line: number;
  character: number;
}

/** One predicted edit: replace `oldText` (from `start` to `end`) with `newText`. */
export interface PredictedEdit {
  start: TextPosition;
  end: TextPosition;
  oldText: string;
  newText: string;
}

/**
 * How an edit is offered: an insertion at the cursor as ghost text, a change on or next to the
 * cursor line drawn in place, anything farther as a marker to jump to.
 */
export type EditKind = 'ghost' | 'inline' | 'jump';

/** Lines from the cursor line within which a change is drawn in place rather than jumped to. */
export const NEAR_LINES = 1;

export function editKind(edit: PredictedEdit, cursor: TextPosition): EditKind {
  if (edit.oldText === '' && edit.start.line === cursor.line && edit.start.character === cursor.character) return 'ghost';
  const firstLine = edit.start.line;
  const lastLine = edit.end.line;
  if (cursor.line >= firstLine - NEAR_LINES && cursor.line <= lastLine + NEAR_LINES) return 'inline';
  return 'jump';
}
