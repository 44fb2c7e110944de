import type { Turn } from '../chat/chatTypes';

const PREFIX = /^\/task(?:\s+|$)/i;

/**
 * `/task rest` typed in chat or in the inline-edit box: `rest` is a background task's instruction
 * ('' when nothing follows). Undefined when the text has no such prefix.
 */
export function parseTaskPrefix(text: string): string | undefined {
  const trimmed = text.trimStart();
  const m = PREFIX.exec(trimmed);
  return m ? trimmed.slice(m[0].length).trim() : undefined;
}

/** Most characters of the chat a task takes along: its latest turns, whole. */
const MAX_TRANSCRIPT = 20_000;

/** The chat so far as a task's context, newest turns kept when it is long; failed answers left out. */
export function chatTranscript(turns: readonly Turn[], maxChars = MAX_TRANSCRIPT): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i]!;
    if (t.role === 'assistant' && (t.status === 'failed' || t.text === '')) continue;
    const line = t.role === 'user' ? `User: ${t.text}` : `Assistant: ${t.text}`;
    if (size + line.length > maxChars) break;
    lines.unshift(line);
    size += line.length;
  }
  return lines.join('\n\n');
}
