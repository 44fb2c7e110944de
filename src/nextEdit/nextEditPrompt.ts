import { rebaseEdits } from '../context/rebaseEdits';
import type { ModelRequest } from '../transport/modelClient';
import type { RecordedEdit } from './editHistory';
import type { EditWindow } from './editWindow';

export const REGION_START = '<|editable_region_start|>';
export const REGION_END = '<|editable_region_end|>';
export const CURSOR = '<|user_cursor_is_here|>';

/** Stable, so the server can reuse its warmed state across requests. */
export const NEXT_EDIT_INSTRUCTIONS = [
  'You predict the next edit a programmer will make, from the edits they just made.',
  `You get the recent edits as unified diffs (oldest first) and the code around the cursor between ${REGION_START} and ${REGION_END}, with the cursor at ${CURSOR}.`,
  'Reply with the editable region exactly as it should read after the next edit: every line of it, in order, changed only where the next edit changes it.',
  'Continue the pattern of the recent edits (the same rename at the next occurrence, the same change at the next call site). When no edit follows, reply with the region unchanged.',
  'Reply with the region text only: no markers, no cursor mark, no code fences, no explanation.',
].join('\n');

/**
 * The request for a window and this file's recent edits (their line numbers moved through the
 * edits after them, so each names where its lines are now). `context`: labelled sections from
 * other files (definitions, diagnostics, their recent edits), placed first.
 */
export function nextEditRequest(path: string, languageId: string, window: EditWindow, edits: readonly RecordedEdit[], maxOutputTokens: number, context = ''): ModelRequest {
  const diffs = rebaseEdits(edits).map((e) => unifiedHunk(e)).join('\n');
  const region = window.lines.map((l, i) => {
    if (window.startLine + i !== window.cursor.line) return l;
    return `${l.slice(0, window.cursor.character)}${CURSOR}${l.slice(window.cursor.character)}`;
  });
  const user = [
    ...(context ? [context, ''] : []),
    `File: ${path} (${languageId})`,
    'Recent edits, oldest first:',
    diffs,
    `Code around the cursor (lines ${window.startLine + 1}-${window.startLine + window.lines.length}):`,
    REGION_START,
    ...region,
    REGION_END,
  ].join('\n');
  return { surface: 'next-edit', instructions: NEXT_EDIT_INSTRUCTIONS, input: [{ role: 'user', content: user }], maxOutputTokens, temperature: 0, label: 'next edit' };
}

function unifiedHunk(edit: RecordedEdit): string {
  const header = `@@ -${edit.startLine + 1},${edit.removed.length} +${edit.startLine + 1},${edit.added.length} @@`;
  return [header, ...edit.removed.map((l) => `-${l}`), ...edit.added.map((l) => `+${l}`)].join('\n');
}
