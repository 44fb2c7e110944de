import { describe, expect, it } from 'vitest';
import type { AssistantTurn, Turn, UserTurn } from '../../src/chat/chatTypes';
import { chainedInput, latestThatFit, newConversation, settleInterrupted, titleFrom, toInputMessages } from '../../src/chat/conversation';

const user = (id: string, content: string): UserTurn => ({ role: 'user', id, text: content, content, attachments: [], redirect: false });
const answer = (id: string, text: string, status: AssistantTurn['status'], responseId?: string, route: 'fast' | 'full' = 'fast'): AssistantTurn => ({
  role: 'assistant',
  id,
  text,
  status,
  meta: { route, model: 'm', reasons: [] },
  ...(responseId ? { responseId } : {}),
});

describe('toInputMessages', () => {
  it('leaves out failed and streaming answers and empty ones, keeps stopped and redirected', () => {
    const turns: Turn[] = [
      user('1', 'a'),
      answer('2', 'broken', 'failed'),
      user('3', 'b'),
      answer('4', 'half', 'stopped'),
      user('5', 'c'),
      answer('6', 'part', 'redirected'),
      answer('7', '', 'stopped'),
      answer('8', 'live', 'streaming'),
    ];
    expect(toInputMessages(turns).map((m) => `${m.role}:${m.content}`)).toEqual(['user:a', 'user:b', 'assistant:half', 'user:c', 'assistant:part']);
  });
});

describe('chainedInput', () => {
  it('sends everything when no answer completed', () => {
    const turns = [user('1', 'a')];
    expect(chainedInput(turns, 'fast')).toEqual({ input: [{ role: 'user', content: 'a' }], fullInput: [{ role: 'user', content: 'a' }], leftOut: 0 });
  });

  it('continues from the newest completed answer of the same route', () => {
    const turns = [user('1', 'a'), answer('2', 'x', 'done', 'r1'), user('3', 'b'), answer('4', 'y', 'done', 'r2'), user('5', 'c')];
    const c = chainedInput(turns, 'fast');
    expect(c.previousResponseId).toBe('r2');
    expect(c.input).toEqual([{ role: 'user', content: 'c' }]);
    expect(c.fullInput).toHaveLength(5);
  });

  it('skips answers of the other route but sends their text', () => {
    const turns = [user('1', 'a'), answer('2', 'x', 'done', 'r1'), user('3', 'b'), answer('4', 'y', 'done', 'f1', 'full'), user('5', 'c')];
    const c = chainedInput(turns, 'fast');
    expect(c.previousResponseId).toBe('r1');
    expect(c.input.map((m) => m.content)).toEqual(['b', 'y', 'c']);
  });

  it('sends everything when the chain is not to be used', () => {
    const turns = [user('1', 'a'), answer('2', 'x', 'done', 'r1'), user('3', 'b')];
    const c = chainedInput(turns, 'fast', false);
    expect(c.previousResponseId).toBeUndefined();
    expect(c.input).toEqual(c.fullInput);
  });
});

describe('latestThatFit', () => {
  const m = (content: string, role: 'user' | 'assistant' = 'user') => ({ role, content });
  it('keeps everything that fits', () => {
    const all = [m('a'.repeat(40)), m('b'.repeat(40), 'assistant'), m('c'.repeat(40))];
    expect(latestThatFit(all, 30)).toEqual(all);
  });
  it('drops the oldest messages first', () => {
    const all = [m('a'.repeat(400)), m('b'.repeat(40), 'assistant'), m('c'.repeat(40))];
    expect(latestThatFit(all, 25)).toEqual(all.slice(1));
    expect(latestThatFit(all, 15)).toEqual(all.slice(2));
  });
  it('always keeps the last message, even when it alone is too big', () => {
    const all = [m('a'), m('b'.repeat(400))];
    expect(latestThatFit(all, 10)).toEqual([all[1]]);
  });
  it('sends a long conversation resent whole within the window', () => {
    const turns: Turn[] = [];
    for (let i = 0; i < 50; i++) {
      turns.push({ role: 'user', id: `u${i}`, text: 'q', content: `question ${i} ${'x'.repeat(400)}`, attachments: [], redirect: false });
      turns.push({ role: 'assistant', id: `a${i}`, text: `answer ${i} ${'y'.repeat(400)}`, status: 'done', meta: { route: 'fast', model: 'm', reasons: [] } });
    }
    const { fullInput, input, leftOut } = chainedInput(turns, 'fast', false, 2_000);
    expect(fullInput.length).toBeLessThan(100);
    expect(leftOut).toBe(100 - fullInput.length);
    expect(fullInput.reduce((n, x) => n + x.content.length, 0) / 4).toBeLessThanOrEqual(2_000);
    expect(fullInput.at(-1)!.content).toMatch(/^answer 49/);
    expect(input).toEqual(fullInput);
  });
});

describe('titles and reloads', () => {
  it('titles a conversation by its first message on one line, shortened', () => {
    expect(titleFrom([])).toBe('New chat');
    expect(titleFrom([user('1', 'fix\n  the   bug')])).toBe('fix the bug');
    const long = titleFrom([user('1', 'x'.repeat(100))]);
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });

  it('settles an answer that was streaming when the window closed as stopped', () => {
    const conv = { ...newConversation('c', 1), turns: [user('1', 'a'), answer('2', 'par', 'streaming')] };
    const settled = settleInterrupted(conv);
    expect(settled.turns[1]).toMatchObject({ status: 'stopped', text: 'par', error: expect.stringContaining('Interrupted') });
  });
});
