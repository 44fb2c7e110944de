import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { post, readSse } from '../sseReader';
import { TEST_SCRIPT } from '../testFixture';

let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startEndpoint({ script: TEST_SCRIPT, knobs: { tokensPerSecond: 0, fullDelayMs: 0 } });
});
afterAll(() => endpoint.close());

const url = () => `${endpoint.httpUrl}/chat/completions`;

describe('POST /v1/chat/completions', () => {
  it('streams chunks, then usage, then [DONE]', async () => {
    const res = await post(url(), {
      model: 'gpt-5.3-codex-spark',
      messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'short' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const frames = await readSse(res);
    expect(frames.at(-1)!.data).toBe('[DONE]');
    const chunks = frames.slice(0, -1).map((f) => JSON.parse(f.data));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.id === chunks[0].id)).toBe(true);
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('one two three four');
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: 4 } });
  });

  it('answers without stream, honours stop sequences and max_tokens', async () => {
    const whole = await (await post(url(), { messages: [{ role: 'user', content: 'short' }], stop: [' three'] })).json();
    expect(whole.object).toBe('chat.completion');
    expect(whole.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'one two' }, finish_reason: 'stop' });
    const capped = await (await post(url(), { messages: [{ role: 'user', content: 'long' }], max_tokens: 3 })).json();
    expect(capped.choices[0].finish_reason).toBe('length');
    expect(capped.usage.completion_tokens).toBe(3);
  });

  it('accepts content parts and rejects an empty conversation', async () => {
    const parts = await post(url(), { messages: [{ role: 'user', content: [{ type: 'text', text: 'short' }] }] });
    expect((await parts.json()).choices[0].message.content).toBe('one two three four');
    const empty = await post(url(), { messages: [] });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.param).toBe('messages');
  });
});

describe('POST /v1/chat/completions with tools', () => {
  const tools = [{ type: 'function', function: { name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } } }];
  let scripted: EndpointHandle;
  beforeAll(async () => {
    scripted = await startEndpoint({
      script: {
        rules: [
          { match: { toolOutput: { regex: 'version (\\d+)' } }, reply: 'The version is $1.' },
          { match: { user: 'which version' }, reply: { text: '', calls: [{ name: 'read_file', arguments: { path: 'package.json' } }] } },
        ],
      },
      knobs: { tokensPerSecond: 0, fullDelayMs: 0 },
    });
  });
  afterAll(() => scripted.close());
  const chatUrl = () => `${scripted.httpUrl}/chat/completions`;

  it('answers with tool_calls, whole and streamed, and continues from a tool message', async () => {
    const whole = await (await post(chatUrl(), { messages: [{ role: 'user', content: 'which version is this?' }], tools })).json();
    const { message, finish_reason } = whole.choices[0];
    expect(finish_reason).toBe('tool_calls');
    expect(message.content).toBeNull();
    expect(message.tool_calls).toEqual([{ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'read_file', arguments: '{"path":"package.json"}' } }]);

    const frames = await readSse(await post(chatUrl(), { messages: [{ role: 'user', content: 'which version is this?' }], tools, stream: true }));
    const chunks = frames.slice(0, -1).map((f) => JSON.parse(f.data));
    const deltas = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    expect(deltas[0]).toMatchObject({ index: 0, type: 'function', function: { name: 'read_file', arguments: '' } });
    expect(deltas.map((d) => d.function.arguments).join('')).toBe('{"path":"package.json"}');
    expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');

    const next = await (
      await post(chatUrl(), {
        tools,
        messages: [
          { role: 'user', content: 'which version is this?' },
          { role: 'assistant', content: null, tool_calls: message.tool_calls },
          { role: 'tool', tool_call_id: message.tool_calls[0].id, content: 'version 7' },
        ],
      })
    ).json();
    expect(next.choices[0]).toMatchObject({ message: { content: 'The version is 7.' }, finish_reason: 'stop' });
    const orphan = await post(chatUrl(), { messages: [{ role: 'tool', content: 'x' }] });
    expect((await orphan.json()).error.param).toBe('messages.0.tool_call_id');
  });

  it('refuses a tool message that answers no call of the assistant message before it, as OpenAI does', async () => {
    const call = { id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"package.json"}' } };
    const user = { role: 'user', content: 'which version is this?' };
    const refusal = async (messages: object[]) => {
      const res = await post(chatUrl(), { tools, messages });
      expect(res.status).toBe(400);
      return (await res.json()).error;
    };
    expect(await refusal([user, { role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: 'call_2', content: 'version 7' }])).toEqual({
      type: 'invalid_request_error',
      code: null,
      message: "Invalid parameter: 'tool_call_id' of 'call_2' not found in 'tool_calls' of previous message.",
      param: 'messages.[2].tool_call_id',
    });
    expect(await refusal([user, { role: 'tool', tool_call_id: 'call_1', content: 'version 7' }])).toMatchObject({
      message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      param: 'messages.[1].role',
    });
    // An answer given twice, and a call left unanswered before the conversation goes on.
    const twice = [user, { role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: 'call_1', content: 'a' }, { role: 'tool', tool_call_id: 'call_1', content: 'b' }];
    expect((await refusal(twice)).param).toBe('messages.[3].tool_call_id');
    expect(await refusal([user, { role: 'assistant', content: null, tool_calls: [call] }, user])).toMatchObject({
      message: "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_1",
      param: 'messages.[1].role',
    });
    // Calls answered in any order, then the conversation goes on: served.
    const second = { ...call, id: 'call_2' };
    const answered = [
      user,
      { role: 'assistant', content: null, tool_calls: [call, second] },
      { role: 'tool', tool_call_id: 'call_2', content: 'version 7' },
      { role: 'tool', tool_call_id: 'call_1', content: 'version 7' },
    ];
    expect((await post(chatUrl(), { tools, messages: answered })).status).toBe(200);
  });

  it('honours tool_choice none and auto, and refuses forcing a call with a 400 naming tool_choice', async () => {
    const ask = (tool_choice: unknown) => post(chatUrl(), { messages: [{ role: 'user', content: 'which version is this?' }], tools, tool_choice });
    const none = (await (await ask('none')).json()).choices[0];
    expect(none.finish_reason).toBe('stop');
    expect(none.message.tool_calls).toBeUndefined();
    expect((await (await ask('auto')).json()).choices[0].finish_reason).toBe('tool_calls');
    for (const choice of ['required', { type: 'function', function: { name: 'read_file' } }]) {
      const res = await ask(choice);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'unsupported_value', param: 'tool_choice' });
    }
  });
});
