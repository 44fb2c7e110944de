import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import type { ScriptFixtureInput } from '../../../src/server/engine/scriptFixture';
import { post, readSse } from '../sseReader';

// A two-step tool conversation: read a file, then answer from what the tool returned.
const SCRIPT: ScriptFixtureInput = {
  rules: [
    { match: { toolOutput: { regex: 'version (\\d+)' } }, reply: 'The version is $1.' },
    { match: { user: 'which version', turn: 0 }, reply: { text: 'Reading it.', calls: [{ name: 'read_file', arguments: { path: 'package.json' } }] } },
    { match: { user: 'two calls' }, reply: { calls: [{ name: 'list_files', arguments: { glob: '*.ts' } }, { name: 'read_file', arguments: '{"path":"a.ts"}' }] } },
  ],
};

const TOOLS = [
  { type: 'function', name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
  { type: 'function', name: 'list_files', parameters: { type: 'object', properties: {} } },
];

let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startEndpoint({ script: SCRIPT, knobs: { tokensPerSecond: 0, fullDelayMs: 0 } });
});
afterAll(() => endpoint.close());

async function streamed(body: Record<string, unknown>) {
  const res = await post(`${endpoint.httpUrl}/responses`, { model: 'gpt-5.3-codex', stream: true, tools: TOOLS, ...body });
  expect(res.status).toBe(200);
  return (await readSse(res)).map((f) => JSON.parse(f.data));
}

describe('function calling on /v1/responses', () => {
  it('streams a function_call item with the Responses API events after the text', async () => {
    const events = await streamed({ input: 'which version is this?' });
    const types = events.map((e) => e.type);
    const callAdded = types.lastIndexOf('response.output_item.added');
    expect(types.slice(0, 4)).toEqual(['response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added']);
    expect(types.slice(callAdded)).toEqual([
      'response.output_item.added',
      ...Array(types.filter((t) => t === 'response.function_call_arguments.delta').length).fill('response.function_call_arguments.delta'),
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const added = events[callAdded];
    expect(added).toMatchObject({ output_index: 1, item: { type: 'function_call', status: 'in_progress', name: 'read_file', arguments: '' } });
    expect(added.item.id).toMatch(/^fc_/);
    expect(added.item.call_id).toMatch(/^call_/);
    const deltas = events.filter((e) => e.type === 'response.function_call_arguments.delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((d) => d.item_id === added.item.id && d.output_index === 1)).toBe(true);
    expect(deltas.map((d) => d.delta).join('')).toBe('{"path":"package.json"}');
    const done = events.find((e) => e.type === 'response.function_call_arguments.done');
    expect(done).toMatchObject({ item_id: added.item.id, name: 'read_file', arguments: '{"path":"package.json"}' });
    const completed = events.at(-1).response;
    expect(completed.output.map((o: { type: string }) => o.type)).toEqual(['message', 'function_call']);
    expect(completed.output[1]).toMatchObject({ status: 'completed', call_id: added.item.call_id });
    expect(completed.tools.map((t: { name: string }) => t.name)).toEqual(['read_file', 'list_files']);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
  });

  it('continues after function_call_output by previous_response_id, and by the whole input', async () => {
    const first = await (await post(`${endpoint.httpUrl}/responses`, { input: 'which version is this?', tools: TOOLS })).json();
    const call = first.output.find((o: { type: string }) => o.type === 'function_call');
    const chained = await (
      await post(`${endpoint.httpUrl}/responses`, {
        previous_response_id: first.id,
        tools: TOOLS,
        input: [{ type: 'function_call_output', call_id: call.call_id, output: '{"version 7"}' }],
      })
    ).json();
    expect(chained.output[0].content[0].text).toBe('The version is 7.');
    const replayed = await (
      await post(`${endpoint.httpUrl}/responses`, {
        tools: TOOLS,
        input: [
          { role: 'user', content: 'which version is this?' },
          { type: 'function_call', call_id: 'call_1', name: 'read_file', arguments: '{"path":"package.json"}' },
          { type: 'function_call_output', call_id: 'call_1', output: [{ type: 'input_text', text: 'version 9' }] },
        ],
      })
    ).json();
    expect(replayed.output[0].content[0].text).toBe('The version is 9.');
  });

  it('makes several calls without a message item, and offers none to a request without tools', async () => {
    const both = await (await post(`${endpoint.httpUrl}/responses`, { input: 'two calls', tools: TOOLS })).json();
    expect(both.output.map((o: { type: string; name?: string }) => o.name)).toEqual(['list_files', 'read_file']);
    expect(both.output[1].arguments).toBe('{"path":"a.ts"}');
    const plain = await (await post(`${endpoint.httpUrl}/responses`, { input: 'which version is this?' })).json();
    expect(plain.output.map((o: { type: string }) => o.type)).toEqual(['message']);
    expect(plain.output[0].content[0].text).toBe('Reading it.');
  });

  it('refuses an output for an unknown call and a continuation missing an output, as the API does', async () => {
    const first = await (await post(`${endpoint.httpUrl}/responses`, { input: 'two calls', tools: TOOLS })).json();
    const missing = await post(`${endpoint.httpUrl}/responses`, {
      previous_response_id: first.id,
      tools: TOOLS,
      input: [{ type: 'function_call_output', call_id: first.output[0].call_id, output: 'a.ts' }],
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toBe(`No tool output found for function call ${first.output[1].call_id}.`);
    const unknown = await post(`${endpoint.httpUrl}/responses`, { tools: TOOLS, input: [{ type: 'function_call_output', call_id: 'call_x', output: 'x' }] });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toContain('call_x');
    const badTool = await post(`${endpoint.httpUrl}/responses`, { input: 'hi', tools: [{ type: 'function', name: 'has space' }] });
    expect((await badTool.json()).error.param).toBe('tools.0.name');
  });

  it('honours tool_choice none and auto, echoes it, and refuses forcing a call with a 400 naming tool_choice', async () => {
    const none = await (await post(`${endpoint.httpUrl}/responses`, { input: 'which version is this?', tools: TOOLS, tool_choice: 'none' })).json();
    expect(none.output.map((o: { type: string }) => o.type)).toEqual(['message']);
    expect(none.tool_choice).toBe('none');
    const auto = await (await post(`${endpoint.httpUrl}/responses`, { input: 'which version is this?', tools: TOOLS, tool_choice: 'auto' })).json();
    expect(auto.output.map((o: { type: string }) => o.type)).toEqual(['message', 'function_call']);
    expect(auto.tool_choice).toBe('auto');
    for (const [choice, said] of [
      ['required', "tool_choice 'required' is not supported"],
      [{ type: 'function', name: 'read_file' }, "tool_choice of type 'function' is not supported"],
      [{ type: 'allowed_tools', mode: 'required', tools: [] }, "tool_choice of type 'allowed_tools' is not supported"],
    ] as const) {
      const res = await post(`${endpoint.httpUrl}/responses`, { input: 'which version is this?', tools: TOOLS, tool_choice: choice });
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error).toMatchObject({ type: 'invalid_request_error', code: 'unsupported_value', param: 'tool_choice' });
      expect(error.message).toContain(said);
      expect(error.message).toContain("Send tool_choice 'auto' or 'none'.");
    }
    const bad = await post(`${endpoint.httpUrl}/responses`, { input: 'hi', tools: TOOLS, tool_choice: 'sometimes' });
    expect((await bad.json()).error).toMatchObject({ code: 'invalid_value', param: 'tool_choice' });
  });
});
