import { routedToFull, type Turn } from '../chat/chatTypes';
import { parseOverridePrefix } from '../router/overridePrefix';
import { chatTranscript } from './taskPrefix';

/**
 * What "Run as background task" on a chat answer hands a task: the request the answer was for
 * (its /fast or /deep prefix left out) and the chat up to that answer, the answer included.
 * Undefined for an answer the router did not send to the full model, one still streaming, or one
 * without a request before it.
 */
export function taskFromAnswer(turns: readonly Turn[], answerId: string): { instruction: string; conversation: string } | undefined {
  const at = turns.findIndex((t) => t.id === answerId);
  const answer = turns[at];
  if (!answer || answer.role !== 'assistant' || !routedToFull(answer) || answer.status === 'streaming') return undefined;
  let asked = at - 1;
  while (asked >= 0 && turns[asked]!.role !== 'user') asked--;
  const request = turns[asked];
  if (!request || request.role !== 'user') return undefined;
  const instruction = parseOverridePrefix(request.text).text.trim();
  if (instruction === '') return undefined;
  return { instruction, conversation: chatTranscript([...turns.slice(0, asked), ...turns.slice(asked + 1, at + 1)]) };
}
