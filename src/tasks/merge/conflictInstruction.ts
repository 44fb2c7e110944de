// What the fast model is asked when the user picks "Resolve with the fast model" on a conflict:
// the region being rewritten is the user's text; the task's and the snapshot's come with it.
import type { MergeHunk } from './mergeText';

const fence = (text: string) => {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}\n${text.replace(/\r\n/g, '\n')}${text.endsWith('\n') ? '' : '\n'}${f}`;
};

/** A /fast instruction that merges the user's region (the text being edited) with the task's version. */
export function conflictInstruction(hunk: Pick<MergeHunk, 'task' | 'base'>, taskLabel: string): string {
  return [
    '/fast Merge two edits of this region into one version that keeps both.',
    'The region as it is now holds the user\'s edit; keep every change the user made.',
    `${taskLabel} changed the same original text to:`,
    fence(hunk.task),
    'The original text both started from:',
    fence(hunk.base),
    'Apply the intent of that change on top of the user\'s text. Output only the merged region.',
  ].join('\n');
}
