import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionToolSpec } from '../../../src/transport/modelClient';
import { httpHarness, type HttpHarness } from './httpHarness';

const TOOLS: FunctionToolSpec[] = [{ name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } }];

let h: HttpHarness;
beforeAll(async () => {
  h = await httpHarness({
    endpoint: {
      script: {
        rules: [
          { match: { toolOutput: { regex: 'hello (\\w+)' } }, reply: 'It greets $1.' },
          { match: { user: 'greeting' }, reply: { text: 'Looking.', calls: [{ name: 'read_file', arguments: { path: 'greet.ts' } }] } },
        ],
      },
      knobs: { tokensPerSecond: 0, fullDelayMs: 0 },
    },
  });
});
afterAll(() => h.close());

describe('HTTP client: function calling over the Responses API', () => {
  it('hands back the calls a response made, then continues the chain with their outputs', async () => {
    const first = await h.client.stream({ surface: 'task', input: [], items: [{ role: 'user', content: 'what is the greeting?' }], tools: TOOLS }).done;
    expect(first.status).toBe('completed');
    expect(first.text).toBe('Looking.');
    expect(first.calls).toHaveLength(1);
    const call = first.calls![0];
    expect(call).toMatchObject({ name: 'read_file', arguments: '{"path":"greet.ts"}' });
    expect(call.receivedAt).toBeGreaterThan(0);
    const output = { type: 'function_call_output' as const, callId: call.callId, output: 'export const hi = "hello world";' };
    const next = await h.client.stream({ surface: 'task', input: [], items: [output], tools: TOOLS, previousResponseId: first.responseId }).done;
    expect(next.text).toBe('It greets world.');
    expect(next.calls).toBeUndefined();
  });

  it('resends the whole conversation when the chain is lost', async () => {
    const items = [
      { role: 'user' as const, content: 'what is the greeting?' },
      { type: 'function_call' as const, callId: 'call_a', name: 'read_file', arguments: '{"path":"greet.ts"}' },
      { type: 'function_call_output' as const, callId: 'call_a', output: 'hello there' },
    ];
    const r = await h.client.stream({ surface: 'task', input: [], items: items.slice(2), fullItems: items, tools: TOOLS, previousResponseId: 'resp_gone' }).done;
    expect(r.status).toBe('completed');
    expect(r.text).toBe('It greets there.');
  });
});
