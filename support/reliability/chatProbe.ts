import { ChatHistoryStore, type KeyValueStore } from '../../src/chat/chatHistoryStore';
import { ChatSession } from '../../src/chat/chatSession';
import type { AssistantTurn, Conversation } from '../../src/chat/chatTypes';
import { newConversation } from '../../src/chat/conversation';
import { route } from '../../src/router/route';
import type { ModelClient } from '../../src/transport/modelClient';
import type { FaultCase } from './faultCases';
import type { FaultOutcome } from './faultOutcome';
import { lineLogger, until, type FaultRig } from './faultRig';
import { inFaultSession } from './faultSession';
import { CHAT_QUESTION, CHAT_REPLY } from './faultScript';

/** Memento-like storage: values go through JSON, as VS Code's workspace state does. */
export class MemoryKeyValueStore implements KeyValueStore {
  private readonly map = new Map<string, string>();
  get(key: string): unknown {
    const v = this.map.get(key);
    return v === undefined ? undefined : JSON.parse(v);
  }
  update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.map.delete(key);
    else this.map.set(key, JSON.stringify(value));
    return Promise.resolve();
  }
}

/** A chat session saving to a history store the way the view does, and what it showed. */
export function chatRig(client: ModelClient, log: string[]) {
  const kv = new MemoryKeyValueStore();
  const store = new ChatHistoryStore(kv);
  const saves: Promise<void>[] = [];
  /** Text the view received per answer (what the user saw). */
  const shown = new Map<string, string>();
  let n = 0;
  const session = new ChatSession(
    {
      client: () => client,
      route: (r) => route(r, { mode: 'fast', fileThreshold: 2, fastContextTokens: 100_000 }),
      metrics: { record() {} },
      log: lineLogger(log),
      instructions: 'Answer briefly.',
      contextTokens: () => 100_000,
      newId: () => `t${++n}`,
      wallClock: () => Date.now(),
    },
    {
      turnAdded() {},
      delta: (id, text) => void shown.set(id, (shown.get(id) ?? '') + text),
      turnUpdated: (t) => void (t.text === '' && shown.delete(t.id)),
      changed: (conv: Conversation, urgent) => void (urgent && saves.push(store.save(structuredClone(conv)))),
      streamingChanged() {},
    },
    newConversation('c1', Date.now()),
  );
  return {
    session,
    shown,
    /** The conversation as a window reload would find it. */
    async reloaded(): Promise<Conversation | undefined> {
      await Promise.all(saves);
      return new ChatHistoryStore(kv).load('c1');
    },
    async answered(): Promise<AssistantTurn> {
      await until(() => !session.streaming, 10_000, 'chat answer still streaming');
      const last = session.conversation.turns.at(-1);
      if (last?.role !== 'assistant') throw new Error('no answer turn');
      return last;
    },
  };
}

/**
 * Chat under one fault: the session over the real transport, saved to an in-memory store.
 * The user's message and the part of the answer already shown must survive a reload; the
 * message is the answer's error line; recovery is the Retry action through the same client.
 */
export async function chatUnderFault(rig: FaultRig, fc: FaultCase): Promise<FaultOutcome> {
  return inFaultSession(rig, fc, async (s) => {
    const notes: string[] = [];
    const chat = chatRig(s.client, s.logs);
    const answer = await s.faulted(async () => {
      chat.session.send({ text: CHAT_QUESTION, contexts: [] });
      return chat.answered();
    });
    const seen = chat.shown.get(answer.id) ?? '';
    const saved = await chat.reloaded();
    const user = saved?.turns[0];
    const kept = saved?.turns[1];
    const lost = user?.role !== 'user' || user.text !== CHAT_QUESTION || kept?.role !== 'assistant' || kept.text !== seen;
    if (lost) notes.push(`saved conversation: ${JSON.stringify(saved?.turns)}`);
    let ended: FaultOutcome['ended'] = 'succeeded';
    if (answer.status === 'failed') ended = 'failed';
    else if (answer.status === 'stopped' && answer.error?.includes('output limit')) ended = 'capped';
    else if (answer.status !== 'done' || answer.text !== CHAT_REPLY) notes.push(`answer ${answer.status}: ${JSON.stringify(answer.text.slice(0, 80))}`);
    const code = s.streams[0] ? (await s.streams[0].done).error?.code : undefined;
    const messages = answer.error ? [answer.error] : [];

    await s.heal();
    let recovered: boolean;
    if (answer.status === 'done') {
      chat.session.send({ text: `${CHAT_QUESTION} again`, contexts: [] });
      const next = await chat.answered();
      recovered = next.status === 'done' && next.text === CHAT_REPLY;
    } else {
      recovered = chat.session.retry(answer.id) && (await chat.answered()).status === 'done' && answer.text === CHAT_REPLY;
    }
    if (!recovered) notes.push(`recovery: ${JSON.stringify(chat.session.conversation.turns.at(-1))}`);
    return { surface: 'chat', fault: fc.name, ended, partial: seen.length > 0, code, messages, recovered, halfEdited: false, lost, notes };
  });
}
