import type { InputMessage } from '../transport/modelClient';
import { estimateTokens } from '../context/tokenEstimate';
import type { AssistantTurn, Conversation, Route, Turn } from './chatTypes';

/** What one chat request sends: new input on top of a stored chain, and the whole history. */
export interface ChainedInput {
  input: InputMessage[];
  previousResponseId?: string;
  /** Whole history, so the transport can restart the chain when the server has lost it. */
  fullInput: InputMessage[];
  /** Oldest messages left out of `fullInput` to fit the budget. */
  leftOut: number;
}

const TITLE_CHARS = 60;

export function newConversation(id: string, now: number): Conversation {
  return { id, title: 'New chat', createdAt: now, updatedAt: now, turns: [] };
}

/** The first user message, on one line, names the conversation in the history list. */
export function titleFrom(turns: readonly Turn[]): string {
  const first = turns.find((t) => t.role === 'user');
  if (!first) return 'New chat';
  const line = first.text.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line || 'New chat';
}

/**
 * The messages the model has seen (or should see). A failed answer is left out: its partial
 * text was never a complete reply. Stopped and redirected answers stay in: the user saw them
 * and the next message may refer to them.
 */
export function toInputMessages(turns: readonly Turn[]): InputMessage[] {
  const out: InputMessage[] = [];
  for (const t of turns) {
    if (t.role === 'user') out.push({ role: 'user', content: t.content });
    else if (t.status !== 'failed' && t.status !== 'streaming' && t.text !== '') {
      out.push({ role: 'assistant', content: t.text });
    }
  }
  return out;
}

/**
 * The newest messages whose text fits the token budget (the oldest go first; the last message
 * always stays), so a long conversation resent whole still fits the model's context.
 */
export function latestThatFit(messages: InputMessage[], budgetTokens: number): InputMessage[] {
  let left = budgetTokens;
  let first = messages.length;
  while (first > 0) {
    const cost = estimateTokens(messages[first - 1]!.content);
    if (cost > left && first < messages.length) break;
    left -= cost;
    first--;
  }
  return first === 0 ? messages : messages.slice(first);
}

/**
 * Continue from the newest completed answer of the same model (a response id means nothing to
 * the other endpoint) and send everything after it, including answers of the other model and
 * stopped or redirected partial answers; without such an answer, send it all.
 */
export function chainedInput(turns: readonly Turn[], route: Route, useChain = true, budgetTokens = Number.POSITIVE_INFINITY): ChainedInput {
  const all = toInputMessages(turns);
  const fullInput = latestThatFit(all, budgetTokens);
  const leftOut = all.length - fullInput.length;
  const anchor = useChain ? lastAnchor(turns, route) : -1;
  if (anchor < 0) return { input: fullInput, fullInput, leftOut };
  const answer = turns[anchor] as AssistantTurn;
  return { input: toInputMessages(turns.slice(anchor + 1)), previousResponseId: answer.responseId, fullInput, leftOut };
}

function lastAnchor(turns: readonly Turn[], route: Route): number {
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i]!;
    if (t.role === 'assistant' && t.status === 'done' && t.responseId !== undefined && t.meta.route === route) return i;
  }
  return -1;
}

/** After a reload, an answer that was streaming when the window closed is kept as stopped. */
export function settleInterrupted(conv: Conversation): Conversation {
  const turns = conv.turns.map((t) =>
    t.role === 'assistant' && t.status === 'streaming'
      ? { ...t, status: 'stopped' as const, error: 'Interrupted when the window closed.' }
      : t,
  );
  return { ...conv, turns };
}
