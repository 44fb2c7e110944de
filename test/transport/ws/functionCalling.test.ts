import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionToolSpec } from '../../../src/transport/modelClient';
import { wsHarness, type Harness } from './wsHarness';

const TOOLS: FunctionToolSpec[] = [{ name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } }];

let h: Harness;
beforeAll(async () => {
  h = await wsHarness({
    endpoint: {
      script: {
        rules: [
          { match: { toolOutput: { regex: 'hello (\\w+)' } }, reply: 'It greets $1.' },
          { match: { user: 'greeting' }, reply: { calls: [{ name: 'read_file', arguments: { path: 'greet.ts' } }] } },
        ],
      },
      knobs: { tokensPerSecond: 0, fullDelayMs: 0 },
    },
  });
});
afterAll(() => h.close());

describe('WebSocket client: function calling', () => {
  it('hands back the calls a response made on its lane, then continues the chain with their outputs', async () => {
    const first = await h.client.stream({ surface: 'task', input: [], items: [{ role: 'user', content: 'what is the greeting?' }], tools: TOOLS }).done;
    expect(first.status).toBe('completed');
    expect(first.text).toBe('');
    expect(first.calls?.map((c) => [c.name, c.arguments])).toEqual([['read_file', '{"path":"greet.ts"}']]);
    const output = { type: 'function_call_output' as const, callId: first.calls![0].callId, output: 'hello socket' };
    const next = await h.client.stream({ surface: 'task', input: [], items: [output], tools: TOOLS, previousResponseId: first.responseId }).done;
    expect(next.text).toBe('It greets socket.');
  });
});
