import { describe, expect, it } from 'vitest';
import type { Turn } from '../../src/chat/chatTypes';
import { chatTranscript, parseTaskPrefix } from '../../src/tasks/taskPrefix';
import { taskPrompt } from '../../src/tasks/taskPrompt';

describe('parseTaskPrefix', () => {
  it('takes the instruction after /task, in any case, with leading space', () => {
    expect(parseTaskPrefix('/task rename parseArgs to readOptions')).toBe('rename parseArgs to readOptions');
    expect(parseTaskPrefix('  /TASK   add retries\n to every fetch ')).toBe('add retries\n to every fetch');
    expect(parseTaskPrefix('/task')).toBe('');
    expect(parseTaskPrefix('/task   ')).toBe('');
  });

  it('leaves other text alone', () => {
    expect(parseTaskPrefix('/tasks list')).toBeUndefined();
    expect(parseTaskPrefix('/taskrename')).toBeUndefined();
    expect(parseTaskPrefix('please /task this')).toBeUndefined();
    expect(parseTaskPrefix('/fast /task x')).toBeUndefined();
  });
});

const user = (text: string): Turn => ({ role: 'user', id: text, text, content: `${text} + context`, attachments: [], redirect: false });
const answer = (text: string, status: 'done' | 'failed' = 'done'): Turn => ({ role: 'assistant', id: text, text, status, meta: { route: 'full', model: 'm', reasons: [] } });

describe('chatTranscript', () => {
  it('keeps what the user typed and the answers, not failed ones', () => {
    expect(chatTranscript([user('why does it fail?'), answer('', 'failed'), answer('parseArgs drops argv[1]')])).toBe('User: why does it fail?\n\nAssistant: parseArgs drops argv[1]');
  });

  it('keeps the newest whole turns that fit', () => {
    const turns = [user('old question'), answer('x'.repeat(50)), user('new question')];
    expect(chatTranscript(turns, 80)).toBe(`Assistant: ${'x'.repeat(50)}\n\nUser: new question`);
  });
});

describe('taskPrompt', () => {
  it('carries the instruction, the current file, the focus lines, the open editors and the chat', () => {
    const prompt = taskPrompt('rename it', { file: 'src/a.ts', selection: { text: 'function f() {}', startLine: 4, endLine: 6 }, openEditors: ['src/a.ts', 'src/b.ts'], conversation: 'User: hi' });
    expect(prompt).toBe('Task: rename it\n\nCurrent file: src/a.ts\n\nFocus on lines 5-7 of src/a.ts:\n```\nfunction f() {}\n```\n\nOpen editors: src/a.ts, src/b.ts\n\nThe conversation so far:\nUser: hi');
    expect(taskPrompt('rename it', undefined)).toBe('Task: rename it');
  });
});
