import { describe, expect, it } from 'vitest';
import { ChatHistoryStore, type KeyValueStore } from '../../src/chat/chatHistoryStore';
import type { Conversation } from '../../src/chat/chatTypes';

class MapStore implements KeyValueStore {
  readonly map = new Map<string, unknown>();
  get(key: string): unknown {
    // Memento hands back a deserialized copy.
    const v = this.map.get(key);
    return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
  }
  update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.map.delete(key);
    else this.map.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
}

const conv = (id: string, updatedAt: number, status: 'done' | 'streaming' = 'done'): Conversation => ({
  id,
  title: `chat ${id}`,
  createdAt: 1,
  updatedAt,
  turns: [
    { role: 'user', id: 'u', text: 'hi', content: 'hi', attachments: [{ path: 'a.ts', startLine: 1, endLine: 2 }], redirect: false },
    { role: 'assistant', id: 'a', text: 'hello', status, meta: { route: 'fast', model: 'm', reasons: ['r'] }, responseId: 'resp' },
  ],
});

describe('ChatHistoryStore', () => {
  it('saves and loads conversations, newest first in the list', async () => {
    const kv = new MapStore();
    const store = new ChatHistoryStore(kv);
    await store.save(conv('a', 10));
    await store.save(conv('b', 20));
    await store.save(conv('a', 30));
    expect(store.list().map((s) => s.id)).toEqual(['a', 'b']);
    expect(store.list()[0]).toEqual({ id: 'a', title: 'chat a', updatedAt: 30, turns: 2 });
    expect(store.load('b')).toEqual(conv('b', 20));
    // A new store over the same storage (a window reload) finds them.
    const reloaded = new ChatHistoryStore(kv);
    expect(reloaded.load('a')?.turns[1]).toMatchObject({ text: 'hello', responseId: 'resp' });
  });

  it('does not save an empty conversation', async () => {
    const store = new ChatHistoryStore(new MapStore());
    await store.save({ ...conv('e', 1), turns: [] });
    expect(store.list()).toEqual([]);
  });

  it('drops the oldest conversations beyond the cap', async () => {
    const kv = new MapStore();
    const store = new ChatHistoryStore(kv, 2);
    await store.save(conv('a', 1));
    await store.save(conv('b', 2));
    await store.save(conv('c', 3));
    expect(store.list().map((s) => s.id)).toEqual(['c', 'b']);
    expect(store.load('a')).toBeUndefined();
    expect([...kv.map.keys()].filter((k) => k.includes('conversation.'))).toHaveLength(2);
  });

  it('deletes one and clears all, including the current pointer', async () => {
    const store = new ChatHistoryStore(new MapStore());
    await store.save(conv('a', 1));
    await store.save(conv('b', 2));
    await store.setCurrent('a');
    await store.delete('a');
    expect(store.list().map((s) => s.id)).toEqual(['b']);
    expect(store.load('a')).toBeUndefined();
    expect(store.currentId()).toBeUndefined();
    await store.setCurrent('b');
    await store.clear();
    expect(store.list()).toEqual([]);
    expect(store.load('b')).toBeUndefined();
    expect(store.currentId()).toBeUndefined();
  });

  it('settles an answer interrupted by a reload and skips corrupt data', async () => {
    const kv = new MapStore();
    const store = new ChatHistoryStore(kv);
    await store.save(conv('s', 1, 'streaming'));
    expect(store.load('s')?.turns[1]).toMatchObject({ status: 'stopped' });
    await kv.update('flint.chat.conversation.bad', { id: 'bad', turns: 'nope' });
    await kv.update('flint.chat.index', 'garbage');
    expect(store.load('bad')).toBeUndefined();
    expect(store.list()).toEqual([]);
  });

  it('runs concurrent saves one after another so the index keeps both', async () => {
    const store = new ChatHistoryStore(new MapStore());
    await Promise.all([store.save(conv('a', 1)), store.save(conv('b', 2))]);
    expect(store.list().map((s) => s.id).sort()).toEqual(['a', 'b']);
  });
});
