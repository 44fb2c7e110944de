// Stale-read protection inside a task: the user saved a file the task works on. The task's copy
// keeps the snapshot as its base; an edit is checked against the user's saved text with the
// same three-way merge the review uses, so the model learns of the save and of any place where
// the user changed what it is about to change.
import { mergeText, type MergeHunk } from '../merge/mergeText';
import { capOutput, type ToolContext } from './taskTool';

/** The user's file as saved after the snapshot, with the snapshot's text of it. */
export interface UserSave {
  readonly saved: string;
  readonly base: string;
}

const conflicts = (save: UserSave, task: string) => mergeText(save.base, save.saved, task).hunks.filter((h) => h.kind === 'conflict');

/**
 * The places where an edit of the task's text (`text` → `next`) meets the user's saved changes:
 * conflicts with the saved text that the task's text before the edit did not have.
 */
export function savedOverlaps(save: UserSave, text: string, next: string): MergeHunk[] {
  const earlier = new Set(conflicts(save, text).map((h) => `${h.key}\0${h.task}`));
  return conflicts(save, next).filter((h) => !earlier.has(`${h.key}\0${h.task}`));
}

const fence = (text: string) => `\`\`\`\n${text}${text.endsWith('\n') || text === '' ? '' : '\n'}\`\`\``;

/** The model's note for an edit refused because the user changed the same lines. */
export function overlapRefusal(rel: string, overlaps: readonly MergeHunk[]): string {
  const places = overlaps.map((h) => `At line ${h.oursLine + 1} of their file the user has:\n${fence(h.user)}\nwhere the text you started from has:\n${fence(h.base)}`);
  return [
    `"${rel}" was saved by the user while you worked, and they changed the lines this edit changes. Nothing was changed.`,
    ...places,
    'Your copy still holds the text you started from (read_file shows it); the user\'s version is merged with yours when they review your work.',
    'If your change is still needed there, send the edit again, keeping their change in your replacement where it fits; the user then picks between their lines and yours.',
  ].join('\n');
}

/** The model's note for an edit clear of the user's saved changes. */
export function clearNote(rel: string): string {
  return `Note: the user saved "${rel}" while you worked; their changes do not touch the lines of this edit and are merged with yours when they review your work. Your copy still holds the text you started from.`;
}

/**
 * Checks an edit against the user's saved text once per save: a refusal when it changes lines
 * the user changed too, else a note for the edit's output ('' when the user saved nothing new).
 */
export async function checkUserSave(ctx: ToolContext, rel: string, text: string, next: string): Promise<{ refusal: string } | { note: string }> {
  const save = await ctx.env.userSave?.(rel);
  if (!save || ctx.toldSaves.get(rel) === save.saved) return { note: '' };
  ctx.toldSaves.set(rel, save.saved);
  const overlaps = savedOverlaps(save, text, next);
  return overlaps.length > 0 ? { refusal: capOutput(overlapRefusal(rel, overlaps), ctx.maxOutputChars) } : { note: `\n${clearNote(rel)}` };
}
