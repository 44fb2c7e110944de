import { LlamaText, QwenChatWrapper } from 'node-llama-cpp';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/server/engine/engine';
import { llamaChatHistory } from '../../../src/server/engine/llamaChatHistory';

const call = (callId: string, name: string, args: string): ChatMessage => ({ role: 'assistant', content: `${name}(${args})`, call: { callId, name, arguments: args } });
const output = (callId: string, content: string): ChatMessage => ({ role: 'user', content, outputOf: callId });

describe('llamaChatHistory', () => {
  it('puts a call and its output in the model response that made it, which the reply continues', () => {
    const history = llamaChatHistory('be brief', [
      { role: 'user', content: 'what does a.js export?' },
      { role: 'assistant', content: 'Reading it.' },
      call('c1', 'read_file', '{"path":"a.js"}'),
      call('c2', 'list_files', '{"glob":"*.js"}'),
      output('c2', 'a.js b.js'),
      output('c1', 'export const a = 1;'),
    ]);
    expect(history).toEqual([
      { type: 'system', text: 'be brief' },
      { type: 'user', text: 'what does a.js export?' },
      {
        type: 'model',
        response: [
          'Reading it.',
          { type: 'functionCall', name: 'read_file', params: { path: 'a.js' }, result: 'export const a = 1;', startsNewChunk: true },
          { type: 'functionCall', name: 'list_files', params: { glob: '*.js' }, result: 'a.js b.js' },
        ],
      },
    ]);
  });

  it('starts a new model response after a user message, and keeps arguments that are not JSON as text', () => {
    const history = llamaChatHistory(undefined, [
      { role: 'user', content: 'go' },
      call('c1', 'run', 'not json'),
      output('c1', 'ok'),
      { role: 'user', content: 'now stop' },
    ]);
    expect(history.map((h) => h.type)).toEqual(['user', 'model', 'user', 'model']);
    expect(history[1]).toMatchObject({ response: [{ name: 'run', params: 'not json', result: 'ok' }] });
    expect(history[3]).toEqual({ type: 'model', response: [] });
    const orphan = llamaChatHistory(undefined, [{ role: 'user', content: 'go' }, output('nowhere', 'lost?')]);
    expect(orphan).toEqual([{ type: 'user', text: 'go' }, { type: 'user', text: 'lost?' }, { type: 'model', response: [] }]);
  });

  it("renders through Qwen's chat wrapper as Qwen's template does: tools, the call, the output, then the reply", () => {
    const history = llamaChatHistory(undefined, [{ role: 'user', content: 'read a.js' }, call('c1', 'read_file', '{"path":"a.js"}'), output('c1', 'export const a = 1;')]);
    const functions = { read_file: { description: 'Read a file', params: { type: 'object', properties: { path: { type: 'string' } } } } } as const;
    const text = LlamaText(new QwenChatWrapper().generateContextState({ chatHistory: history, availableFunctions: functions }).contextText).toString();
    expect(text).toContain('<tools>\n{"type": "function", "function": {"name": "read_file", "description": "Read a file"');
    expect(text).toContain('<|im_start|>user\nread a.js<|im_end|>\n<|im_start|>assistant\n<tool_call>\n{"name": "read_file", "arguments": {"path": "a.js"}}\n</tool_call><|im_end|>');
    expect(text).toContain('<tool_response>\n"export const a = 1;"\n</tool_response>');
    expect(text.endsWith('<|im_start|>assistant\n')).toBe(true);
  });
});
