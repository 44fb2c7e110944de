import type { Attachment } from './chatTypes';

/** An attachment together with the text that is sent for it. */
export interface AttachedContext extends Attachment {
  text: string;
  /** Editor language id, used as the fence's info string. */
  language?: string;
  /** Labelled sections about the attached code (definitions of the names it uses, diagnostics), sent after it. */
  related?: string;
}

/**
 * The user message as the model receives it: the instruction, then each attachment in a fence
 * longer than any backtick run inside it, so attached text cannot close the fence early.
 */
export function composeContent(text: string, contexts: readonly AttachedContext[]): string {
  if (contexts.length === 0) return text;
  const parts = [text, '', 'Attached context:'];
  for (const c of contexts) {
    const range = c.startLine === undefined ? '' : ` (lines ${c.startLine}-${c.endLine ?? c.startLine})`;
    const fence = '`'.repeat(Math.max(3, longestBacktickRun(c.text) + 1));
    parts.push('', `File: ${c.path}${range}`, `${fence}${c.language ?? ''}`, c.text, fence);
    if (c.related) parts.push('', c.related);
  }
  return parts.join('\n');
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return longest;
}
