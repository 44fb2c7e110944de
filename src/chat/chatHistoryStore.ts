import { z } from 'zod';
import type { Conversation } from './chatTypes';
import { settleInterrupted } from './conversation';

/** The slice of VS Code's Memento the store needs; a Map-backed fake in tests. */
export interface KeyValueStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: number;
  turns: number;
}

const INDEX_KEY = 'flint.chat.index';
const CURRENT_KEY = 'flint.chat.current';
const conversationKey = (id: string) => `flint.chat.conversation.${id}`;

const attachment = z.object({ path: z.string(), startLine: z.number().optional(), endLine: z.number().optional() });
const turn = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('user'),
    id: z.string(),
    text: z.string(),
    content: z.string(),
    attachments: z.array(attachment),
    redirect: z.boolean(),
  }),
  z.object({
    role: z.literal('assistant'),
    id: z.string(),
    text: z.string(),
    status: z.enum(['streaming', 'done', 'stopped', 'redirected', 'failed']),
    meta: z.object({
      route: z.enum(['fast', 'full']),
      model: z.string(),
      reasons: z.array(z.string()),
      fellBackFrom: z.literal('full').optional(),
      leftOut: z.number().int().positive().optional(),
      firstTokenMs: z.number().optional(),
      tokensPerSecond: z.number().optional(),
      outputTokens: z.number().optional(),
    }),
    responseId: z.string().optional(),
    error: z.string().optional(),
  }),
]);
const conversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  turns: z.array(turn),
});
const indexSchema = z.array(z.object({ id: z.string(), title: z.string(), updatedAt: z.number(), turns: z.number() }));

/**
 * Conversations kept across window reloads: one key per conversation plus a small index for
 * the history list, newest first, capped at `maxConversations` (the oldest are dropped).
 * Stored data that does not parse is skipped, never thrown at the user.
 */
export class ChatHistoryStore {
  /** Writes run one after another, so two saves never interleave their index updates. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: KeyValueStore,
    private readonly maxConversations = 100,
  ) {}

  list(): ConversationSummary[] {
    const parsed = indexSchema.safeParse(this.store.get(INDEX_KEY));
    return parsed.success ? parsed.data : [];
  }

  /** The conversation, with an answer that was streaming when the window closed settled as stopped. */
  load(id: string): Conversation | undefined {
    const parsed = conversationSchema.safeParse(this.store.get(conversationKey(id)));
    return parsed.success ? settleInterrupted(parsed.data) : undefined;
  }

  save(conv: Conversation): Promise<void> {
    return this.serial(() => this.write(conv));
  }

  delete(id: string): Promise<void> {
    return this.serial(() => this.remove(id));
  }

  clear(): Promise<void> {
    return this.serial(() => this.removeAll());
  }

  private async write(conv: Conversation): Promise<void> {
    if (conv.turns.length === 0) return;
    const summary: ConversationSummary = { id: conv.id, title: conv.title, updatedAt: conv.updatedAt, turns: conv.turns.length };
    const index = [summary, ...this.list().filter((s) => s.id !== conv.id)];
    const dropped = index.splice(this.maxConversations);
    await this.store.update(conversationKey(conv.id), conv);
    await this.store.update(INDEX_KEY, index);
    for (const old of dropped) await this.store.update(conversationKey(old.id), undefined);
  }

  private async remove(id: string): Promise<void> {
    await this.store.update(conversationKey(id), undefined);
    await this.store.update(
      INDEX_KEY,
      this.list().filter((s) => s.id !== id),
    );
    if (this.currentId() === id) await this.store.update(CURRENT_KEY, undefined);
  }

  private async removeAll(): Promise<void> {
    for (const s of this.list()) await this.store.update(conversationKey(s.id), undefined);
    await this.store.update(INDEX_KEY, []);
    await this.store.update(CURRENT_KEY, undefined);
  }

  /** The conversation open when the window closed, reopened after a reload. */
  currentId(): string | undefined {
    const id = this.store.get(CURRENT_KEY);
    return typeof id === 'string' ? id : undefined;
  }

  setCurrent(id: string): Promise<void> {
    return this.serial(() => this.store.update(CURRENT_KEY, id));
  }

  private serial(op: () => PromiseLike<void>): Promise<void> {
    const next = this.queue.then(op);
    // A failed write is reported to its caller and does not block the ones after it.
    this.queue = next.catch(() => undefined);
    return next;
  }
}
