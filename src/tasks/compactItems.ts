import { CHARS_PER_TOKEN } from '../context/tokenEstimate';
import type { ConversationItem } from '../transport/modelClient';

/** What stands in for a tool output dropped to fit the context window. */
export const ELIDED_OUTPUT = '[output removed to fit the context window; call the tool again if it is still needed]';

/** Estimated tokens of a conversation as sent (instructions and every item). */
export function conversationTokens(instructions: string, items: readonly ConversationItem[], toolsTokens: number): number {
  let chars = instructions.length;
  for (const item of items) chars += 'content' in item ? item.content.length : 'output' in item ? item.output.length : item.name.length + item.arguments.length;
  return Math.ceil(chars / CHARS_PER_TOKEN) + toolsTokens;
}

/**
 * Shortens a conversation towards `budget` tokens by replacing tool outputs with a note, oldest
 * first, keeping the first message (the task) and the last `keepLast` items (the latest call and
 * its output) whole. Returns the items and their tokens, which may still exceed the budget.
 */
export function compactItems(
  instructions: string,
  items: readonly ConversationItem[],
  toolsTokens: number,
  budget: number,
  keepLast = 2,
): { items: ConversationItem[]; tokens: number } {
  const out = [...items];
  let tokens = conversationTokens(instructions, out, toolsTokens);
  for (let i = 1; i < out.length - keepLast && tokens > budget; i++) {
    const item = out[i];
    if (!('type' in item) || item.type !== 'function_call_output' || item.output === ELIDED_OUTPUT) continue;
    tokens -= Math.ceil((item.output.length - ELIDED_OUTPUT.length) / CHARS_PER_TOKEN);
    out[i] = { ...item, output: ELIDED_OUTPUT };
  }
  return { items: out, tokens };
}
