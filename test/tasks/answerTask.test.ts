import { describe, expect, it } from 'vitest';
import type { AssistantTurn, Turn, UserTurn } from '../../src/chat/chatTypes';
import { taskFromAnswer } from '../../src/tasks/answerTask';

const user = (id: string, text: string): UserTurn => ({ role: 'user', id, text, content: `${text}\n\n(attached files)`, attachments: [], redirect: false });
const answer = (id: string, text: string, over: Partial<AssistantTurn> = {}, meta: Partial<AssistantTurn['meta']> = {}): AssistantTurn => ({
  role: 'assistant', id, text, status: 'done', meta: { route: 'full', model: 'full-model', reasons: ['full model: several files'], ...meta }, ...over,
});

const turns: Turn[] = [
  user('u1', 'what does parseArgs do?'),
  answer('a1', 'It reads the options.', {}, { route: 'fast' }),
  user('u2', '/deep rename parseArgs to readOptions in src and test'),
  answer('a2', 'Edit src/cli.ts, then test/cli.test.ts.'),
  user('u3', 'thanks'),
  answer('a3', 'You are welcome.', {}, { route: 'fast' }),
];

describe('taskFromAnswer', () => {
  it("hands over the answer's request without its /deep prefix, and the chat up to the answer", () => {
    expect(taskFromAnswer(turns, 'a2')).toEqual({
      instruction: 'rename parseArgs to readOptions in src and test',
      conversation: 'User: what does parseArgs do?\n\nAssistant: It reads the options.\n\nAssistant: Edit src/cli.ts, then test/cli.test.ts.',
    });
  });

  it('takes the request the answer was for when a redirect came in between', () => {
    const redirected: Turn[] = [user('u1', 'add retries'), answer('a1', 'Start', { status: 'redirected' }), user('u2', 'add retries with backoff to every fetch'), answer('a2', '', { status: 'failed', error: 'lost' })];
    expect(taskFromAnswer(redirected, 'a2')).toEqual({ instruction: 'add retries with backoff to every fetch', conversation: 'User: add retries\n\nAssistant: Start' });
  });

  it('counts an answer the fast model gave in place of the full one as sent to the full model', () => {
    const fellBack: Turn[] = [user('u1', 'refactor the cart'), answer('a1', 'Here is how.', {}, { route: 'fast', fellBackFrom: 'full' })];
    expect(taskFromAnswer(fellBack, 'a1')?.instruction).toBe('refactor the cart');
  });

  it('offers nothing for a fast answer, a streaming one, an unknown id or a request with no text', () => {
    expect(taskFromAnswer(turns, 'a1')).toBeUndefined();
    expect(taskFromAnswer(turns, 'u2')).toBeUndefined();
    expect(taskFromAnswer(turns, 'nope')).toBeUndefined();
    expect(taskFromAnswer([user('u1', 'x'), answer('a1', 'partial', { status: 'streaming' })], 'a1')).toBeUndefined();
    expect(taskFromAnswer([user('u1', '/deep  '), answer('a1', 'What?')], 'a1')).toBeUndefined();
    expect(taskFromAnswer([answer('a1', 'orphan')], 'a1')).toBeUndefined();
  });
});
