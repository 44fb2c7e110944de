import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { post, readSse } from '../sseReader';
import { deltaText, WsEventClient } from '../wsEventClient';
import { localModelSettings } from '../../../scripts/localModelSettings.mjs';
import { backgroundTasksOff } from '../../../src/config/modelKind';
import { defaultConfig } from '../../../src/config/config';
import { CHATML_TEMPLATE, MODEL_ANSWER, MODEL_CALL, startToolCallingEndpoint } from './toolCallingModel';

// Function calling through real inference, served by the llama engine: a GGUF with Qwen's chat
// template whose weights call read_file, then answer once the conversation holds its output.
const TOOLS = [
  {
    type: 'function',
    name: 'read_file',
    description: 'Read a file of the workspace',
    parameters: { type: 'object', properties: { path: { type: 'string' }, start_line: { type: 'integer' } }, required: ['path'] },
  },
  { type: 'function', name: 'list_files', description: 'List files', parameters: { type: 'object', properties: { glob: { type: 'string' } }, required: ['glob'] } },
];

const dir = mkdtempSync(join(tmpdir(), 'flint-tools-'));
let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startToolCallingEndpoint(join(dir, 'tool-calling.gguf'));
}, 120_000);
afterAll(async () => {
  await endpoint?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function streamed(body: Record<string, unknown>) {
  const res = await post(`${endpoint.httpUrl}/responses`, { stream: true, tools: TOOLS, ...body });
  expect(res.status).toBe(200);
  return (await readSse(res)).map((f) => JSON.parse(f.data));
}

describe('function calling on the llama engine (Qwen chat template)', () => {
  it('lists the model as one that calls tools', async () => {
    const models = await (await fetch(`${endpoint.httpUrl}/models`)).json();
    expect(models.data[0].meta).toMatchObject({ file: 'tool-calling.gguf', chat_template: true, tools: true });
  });

  it('answers a request with tools by a function_call item streamed as the Responses API does', async () => {
    const events = await streamed({ input: 'What does a.js export?' });
    const types = events.map((e) => e.type);
    expect(types.slice(0, 3)).toEqual(['response.created', 'response.in_progress', 'response.output_item.added']);
    expect(types.slice(-3)).toEqual(['response.function_call_arguments.done', 'response.output_item.done', 'response.completed']);
    // The model wrote no text before its call: no message item.
    expect(types).not.toContain('response.output_text.delta');
    const added = events[2];
    expect(added.item).toMatchObject({ type: 'function_call', name: MODEL_CALL.name, status: 'in_progress' });
    const deltas = events.filter((e) => e.type === 'response.function_call_arguments.delta').map((e) => e.delta);
    expect(deltas.length).toBeGreaterThan(1);
    const done = events.find((e) => e.type === 'response.function_call_arguments.done');
    expect(done).toMatchObject({ item_id: added.item.id, name: MODEL_CALL.name, arguments: deltas.join('') });
    expect(JSON.parse(done.arguments)).toEqual(MODEL_CALL.arguments);
    const completed = events.at(-1).response;
    expect(completed.status).toBe('completed');
    expect(completed.output).toHaveLength(1);
    expect(completed.output[0]).toMatchObject({ type: 'function_call', status: 'completed', call_id: added.item.call_id, name: 'read_file' });
    expect(completed.usage.output_tokens).toBeGreaterThan(0);
  }, 60_000);

  it('documents the tools in the prompt through the template, and continues after function_call_output', async () => {
    const plain = await (await post(`${endpoint.httpUrl}/responses`, { input: 'What does a.js export?', max_output_tokens: 1 })).json();
    const first = await (await post(`${endpoint.httpUrl}/responses`, { input: 'What does a.js export?', tools: TOOLS })).json();
    // The template's tool section (signatures and format) is in the prompt only when tools are offered.
    expect(first.usage.input_tokens).toBeGreaterThan(plain.usage.input_tokens + 200);
    const call = first.output[0];
    const output = 'export function parseLine(line) { return line.split("="); }';
    const next = await streamed({ previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: call.call_id, output }] });
    const completed = next.at(-1).response;
    expect(completed.status).toBe('completed');
    expect(completed.previous_response_id).toBe(first.id);
    // The call and its output are in the prompt: a byte-level vocabulary spends a token per byte of the output.
    expect(completed.usage.input_tokens).toBeGreaterThan(first.usage.input_tokens + output.length);
    // Having read the output, the model answers in text and calls nothing more.
    expect(completed.output).toHaveLength(1);
    expect(completed.output[0]).toMatchObject({ type: 'message', content: [{ type: 'output_text', text: MODEL_ANSWER }] });
    expect(deltaText(next)).toBe(MODEL_ANSWER);
  }, 60_000);

  it('serves the whole conversation replayed over the WebSocket, as previous_response_id does', async () => {
    const chained = await (await post(`${endpoint.httpUrl}/responses`, { input: 'What does a.js export?', tools: TOOLS })).json();
    const input = [
      { role: 'user', content: 'What does a.js export?' },
      { type: 'function_call', call_id: 'call_1', name: 'read_file', arguments: '{"path":"a.js"}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'export const a = 1;' },
    ];
    const c = await WsEventClient.open(endpoint.url);
    try {
      c.send({ type: 'response.create', tools: TOOLS, input });
      const done = await c.terminal(undefined, 0, 30_000);
      expect(done.type).toBe('response.completed');
      expect(done.response.output.map((o: { type: string }) => o.type)).toEqual(['message']);
      expect(deltaText(c.eventsOf(done.response.id))).toBe(MODEL_ANSWER);
      expect(done.response.usage.input_tokens).toBeGreaterThan(chained.usage.input_tokens);
    } finally {
      c.close();
    }
  }, 60_000);
});

describe('tool_choice and the context window on the llama engine', () => {
  it('offers no tools to the template under tool_choice none, and refuses forcing a call', async () => {
    const plain = await (await post(`${endpoint.httpUrl}/responses`, { input: 'What does a.js export?', max_output_tokens: 1 })).json();
    const none = await (await post(`${endpoint.httpUrl}/responses`, { input: 'What does a.js export?', max_output_tokens: 1, tools: TOOLS, tool_choice: 'none' })).json();
    // The template documented no function: the prompt is the one without tools.
    expect(none.usage.input_tokens).toBe(plain.usage.input_tokens);
    expect(none.output.map((o: { type: string }) => o.type)).toEqual(['message']);
    expect(none.tool_choice).toBe('none');
    const required = await post(`${endpoint.httpUrl}/responses`, { input: 'What does a.js export?', tools: TOOLS, tool_choice: 'required' });
    expect(required.status).toBe(400);
    expect((await required.json()).error).toMatchObject({ code: 'unsupported_value', param: 'tool_choice' });
  }, 60_000);

  it("refuses a prompt over the model's window with OpenAI's context_length_exceeded, over HTTP and the WebSocket", async () => {
    // A byte-level vocabulary: a token per character, past the 8,192-token window.
    const input = 'x'.repeat(9000);
    const responses = await post(`${endpoint.httpUrl}/responses`, { input, tools: TOOLS, stream: true });
    expect(responses.status).toBe(400);
    expect(await responses.json()).toEqual({
      error: { type: 'invalid_request_error', code: 'context_length_exceeded', message: 'Your input exceeds the context window of this model. Please adjust your input and try again.', param: 'input' },
    });
    const chat = await post(`${endpoint.httpUrl}/chat/completions`, { messages: [{ role: 'user', content: input }] });
    expect(chat.status).toBe(400);
    const { error } = await chat.json();
    expect(error).toMatchObject({ type: 'invalid_request_error', code: 'context_length_exceeded', param: 'messages' });
    expect(error.message).toMatch(/^This model's maximum context length is 8192 tokens\. However, your messages resulted in 9\d{3} tokens\. Please reduce the length of the messages\.$/);
    const c = await WsEventClient.open(endpoint.url);
    try {
      c.send({ type: 'response.create', input, tools: TOOLS });
      const event = await c.waitFor((e) => e.type === 'error');
      expect(event).toMatchObject({ status: 400, error: { code: 'context_length_exceeded', param: 'input' } });
      // The connection serves the next request.
      c.send({ type: 'response.create', input: 'What does a.js export?', tools: TOOLS });
      expect((await c.terminal(undefined, 0, 30_000)).type).toBe('response.completed');
    } finally {
      c.close();
    }
  }, 60_000);
});

describe('function calling on /v1/chat/completions with the llama engine', () => {
  it('answers with tool_calls and continues from a tool message', async () => {
    const tools = TOOLS.map(({ type, ...f }) => ({ type, function: f }));
    const url = `${endpoint.httpUrl}/chat/completions`;
    const first = await (await post(url, { tools, messages: [{ role: 'user', content: 'What does a.js export?' }] })).json();
    expect(first.choices[0].finish_reason).toBe('tool_calls');
    const calls = first.choices[0].message.tool_calls;
    expect(calls).toEqual([{ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'read_file', arguments: JSON.stringify(MODEL_CALL.arguments) } }]);
    const messages = [
      { role: 'user', content: 'What does a.js export?' },
      { role: 'assistant', content: null, tool_calls: calls },
      { role: 'tool', tool_call_id: calls[0].id, content: 'export const a = 1;' },
    ];
    const next = await (await post(url, { tools, messages, stream: true, stream_options: { include_usage: true } })).text();
    const chunks = next.split('\n\n').filter((b) => b.startsWith('data: {')).map((b) => JSON.parse(b.slice(6)));
    expect(chunks.at(-1).usage.prompt_tokens).toBeGreaterThan(first.usage.prompt_tokens + 'export const a = 1;'.length);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(MODEL_ANSWER);
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
  }, 60_000);
});

describe('an instruct model whose chat template cannot call tools', () => {
  let chatml: EndpointHandle;
  beforeAll(async () => {
    chatml = await startToolCallingEndpoint(join(dir, 'chatml.gguf'), CHATML_TEMPLATE);
  }, 120_000);
  afterAll(() => chatml?.close());

  it('is listed without tools, so npm start turns tasks off and starting one says why; tools are refused, chat served', async () => {
    const models = await (await fetch(`${chatml.httpUrl}/models`)).json();
    expect(models.data[0].meta).toMatchObject({ file: 'chatml.gguf', chat_template: true, tools: false });
    const settings = localModelSettings({ wsUrl: chatml.url, httpUrl: chatml.httpUrl }, models);
    expect(settings['flint.modelKind']).toBe('instruct-no-tools');
    const config = { ...defaultConfig(), modelKind: settings['flint.modelKind'] as 'instruct-no-tools', 'full.model': String(settings['flint.full.model']) };
    expect(backgroundTasksOff(config)).toMatch(/^Background tasks are off: gpt-5\.3-codex-spark follows instructions but cannot call tools: its chat template has no function calling/);
    const res = await post(`${chatml.httpUrl}/responses`, { input: 'read a.js', tools: TOOLS });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/cannot call functions: its chat template does not support tools/);
    const chat = await post(`${chatml.httpUrl}/chat/completions`, { messages: [{ role: 'user', content: 'hello' }], max_tokens: 4 });
    expect(chat.status).toBe(200);
  }, 60_000);
});

describe('a model that cannot call functions', () => {
  let tiny: EndpointHandle;
  beforeAll(async () => {
    tiny = await startEndpoint({ engine: 'tiny', knobs: { fullDelayMs: 0 } });
  }, 120_000);
  afterAll(() => tiny?.close());

  it('refuses a request with tools by a 400 naming the reason, and answers one without', async () => {
    const res = await post(`${tiny.httpUrl}/responses`, { input: 'read a.js', tools: TOOLS });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatchObject({ type: 'invalid_request_error', param: 'tools' });
    expect(body.error.message).toMatch(/cannot call functions: it has no chat template/);
    const c = await WsEventClient.open(tiny.url);
    try {
      c.send({ type: 'response.create', input: 'read a.js', tools: TOOLS });
      const error = await c.waitFor((e) => e.type === 'error');
      expect(error.error).toMatchObject({ param: 'tools', message: body.error.message });
    } finally {
      c.close();
    }
    const chat = await post(`${tiny.httpUrl}/chat/completions`, { messages: [{ role: 'user', content: 'read a.js' }], tools: [{ type: 'function', function: { name: 'read_file' } }] });
    expect(chat.status).toBe(400);
    expect((await chat.json()).error).toMatchObject({ param: 'tools', message: body.error.message });
    const plain = await post(`${tiny.httpUrl}/responses`, { input: 'read a.js', max_output_tokens: 5 });
    expect(plain.status).toBe(200);
  }, 60_000);
});
