import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DialectName } from '../../../src/server/dialect/dialect';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { post, readSse } from '../sseReader';
import { TEST_SCRIPT } from '../testFixture';

// Each dialect's differences over real sockets, as the server it speaks for documents them.
const endpoints = new Map<DialectName, EndpointHandle>();
beforeAll(async () => {
  for (const dialect of ['flint', 'llama.cpp', 'vllm', 'ollama'] as const) {
    endpoints.set(dialect, await startEndpoint({ dialect, contextTokens: 64, script: TEST_SCRIPT, knobs: { tokensPerSecond: 0, fullDelayMs: 0 } }));
  }
});
afterAll(async () => {
  for (const e of endpoints.values()) await e.close();
});

const base = (d: DialectName) => endpoints.get(d)!.httpUrl;
const chat = (content: string, extra: object = {}) => ({ model: 'gpt-5.3-codex-spark', messages: [{ role: 'user', content }], ...extra });
const huge = 'x '.repeat(200);

describe('error bodies and model names', () => {
  it('llama.cpp answers any model name with its model; its errors carry the status as code', async () => {
    const res = await post(`${base('llama.cpp')}/chat/completions`, chat('short', { model: 'no-such-model' }));
    expect(res.status).toBe(200);
    expect((await res.json()).choices[0].message.content).toBe('one two three four');
    const bad = await post(`${base('llama.cpp')}/chat/completions`, { messages: [] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ code: 400, type: 'invalid_request_error' });
  });

  it('vLLM refuses an unknown model with a 404 NotFoundError naming it', async () => {
    const res = await post(`${base('vllm')}/chat/completions`, chat('short', { model: 'no-such-model' }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { message: 'The model `no-such-model` does not exist.', type: 'NotFoundError', param: 'model', code: 404 } });
  });

  it('Ollama refuses an unknown model with its own sentence, code and param null', async () => {
    const res = await post(`${base('ollama')}/completions`, { model: 'no-such-model', prompt: 'a' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { message: "model 'no-such-model' not found", type: 'not_found_error', param: null, code: null } });
  });

  it('the endpoint\'s own way is unchanged', async () => {
    const res = await post(`${base('flint')}/chat/completions`, chat('short', { model: 'no-such-model' }));
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({ code: 'model_not_found', param: 'model', type: 'invalid_request_error' });
  });
});

describe('fill-in-the-middle', () => {
  it('/infill is llama.cpp\'s: vLLM and Ollama answer 404 as their frameworks do', async () => {
    expect((await post(`${endpoints.get('llama.cpp')!.origin}/infill`, { input_prefix: 'a', input_suffix: 'b' })).status).toBe(200);
    const vllm = await post(`${endpoints.get('vllm')!.origin}/infill`, { input_prefix: 'a' });
    expect(vllm.status).toBe(404);
    expect(await vllm.json()).toEqual({ detail: 'Not Found' });
    const ollama = await post(`${endpoints.get('ollama')!.origin}/infill`, { input_prefix: 'a' });
    expect(ollama.status).toBe(404);
    expect(await ollama.text()).toBe('404 page not found');
  });

  it('`suffix` on /v1/completions: refused by llama.cpp and vLLM, accepted by Ollama', async () => {
    const body = { model: 'gpt-5.3-codex-spark', prompt: 'function f() {', suffix: '}' };
    const llama = await post(`${base('llama.cpp')}/completions`, body);
    expect(llama.status).toBe(400);
    expect((await llama.json()).error.message).toBe('Unsupported param: suffix');
    const vllm = await post(`${base('vllm')}/completions`, body);
    expect(vllm.status).toBe(400);
    expect((await vllm.json()).error).toMatchObject({ message: 'suffix is not currently supported', type: 'BadRequestError', code: 400 });
    expect((await post(`${base('ollama')}/completions`, body)).status).toBe(200);
  });
});

describe('usage in streams', () => {
  const usageChunks = async (dialect: DialectName, path: string, body: object) => {
    const frames = await readSse(await post(`${base(dialect)}${path}`, { ...body, stream: true }));
    return frames.filter((f) => f.data !== '[DONE]').map((f) => JSON.parse(f.data)).filter((c) => c.usage);
  };

  it('llama.cpp ends every stream with usage, asked or not; vLLM only when asked', async () => {
    expect(await usageChunks('llama.cpp', '/chat/completions', chat('short'))).toEqual([expect.objectContaining({ choices: [], usage: expect.objectContaining({ completion_tokens: 4 }) })]);
    expect(await usageChunks('vllm', '/chat/completions', chat('short'))).toEqual([]);
    expect(await usageChunks('vllm', '/chat/completions', chat('short', { stream_options: { include_usage: true } }))).toHaveLength(1);
  });

  it('Ollama puts a zero usage on every completions chunk before the real one', async () => {
    const chunks = await usageChunks('ollama', '/completions', { model: 'gpt-5.3-codex-spark', prompt: 'a', max_tokens: 3, stream_options: { include_usage: true } });
    const real = chunks.at(-1);
    expect(real).toMatchObject({ choices: [], usage: { completion_tokens: expect.any(Number) } });
    expect(real.usage.completion_tokens).toBeGreaterThan(0);
    expect(chunks.slice(0, -1).length).toBeGreaterThan(0);
    expect(chunks.slice(0, -1).every((c) => c.choices.length === 1 && c.usage.completion_tokens === 0)).toBe(true);
  });
});

describe('stop sequences', () => {
  it('the OpenAI limit of four holds for the endpoint\'s own way only', async () => {
    const five = chat('short', { stop: ['a1', 'a2', 'a3', 'a4', ' three'] });
    expect((await post(`${base('flint')}/chat/completions`, five)).status).toBe(400);
    for (const d of ['llama.cpp', 'vllm', 'ollama'] as const) {
      const res = await post(`${base(d)}/chat/completions`, five);
      expect((await res.json()).choices[0].message.content).toBe('one two');
    }
  });

  it('/infill takes any number of stop sequences, as llama.cpp does, on the endpoint\'s own way too', async () => {
    const stop = ['\n\n', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'];
    for (const d of ['flint', 'llama.cpp'] as const) {
      expect((await post(`${endpoints.get(d)!.origin}/infill`, { input_prefix: 'a', input_suffix: 'b', stop })).status).toBe(200);
    }
  });
});

describe('a prompt over the context', () => {
  it('llama.cpp refuses it with exceed_context_size_error and the counts', async () => {
    const res = await post(`${base('llama.cpp')}/chat/completions`, chat(huge));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 400, type: 'exceed_context_size_error', n_ctx: 64 });
    expect(error.message).toMatch(/^request \(\d+ tokens\) exceeds the available context size \(64 tokens\), try increasing it$/);
    expect(error.n_prompt_tokens).toBeGreaterThan(64);
  });

  it('vLLM refuses it with its maximum-context sentence', async () => {
    const res = await post(`${base('vllm')}/completions`, { model: 'gpt-5.3-codex-spark', prompt: huge });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/^This model's maximum context length is 64 tokens\. However, your request has \d+ input tokens\./);
  });

  it('Ollama drops the start and answers', async () => {
    const res = await post(`${base('ollama')}/chat/completions`, chat(`${huge} short`));
    expect(res.status).toBe(200);
    expect((await res.json()).usage.prompt_tokens).toBeLessThanOrEqual(64);
  });

  it('the endpoint\'s own way does not check', async () => {
    expect((await post(`${base('flint')}/chat/completions`, chat(huge))).status).toBe(200);
  });
});

describe('the Responses API', () => {
  const respond = (d: DialectName, body: object) => post(`${base(d)}/responses`, { model: 'gpt-5.3-codex-spark', ...body });

  it('llama.cpp and Ollama ignore previous_response_id: nothing is stored, the answer says so', async () => {
    for (const d of ['llama.cpp', 'ollama'] as const) {
      const first = await (await respond(d, { input: 'remember this' })).json();
      const second = await (await respond(d, { input: 'recall', previous_response_id: first.id })).json();
      expect(second.previous_response_id).toBeNull();
      expect(second.output[0].content[0].text).toBe('You first said: recall');
    }
  });

  it('vLLM (store off, its default) answers a previous_response_id with a 404', async () => {
    const first = await (await respond('vllm', { input: 'remember this' })).json();
    const res = await respond('vllm', { input: 'recall', previous_response_id: first.id });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toEqual({ message: `Response with id '${first.id}' not found.`, type: 'invalid_request_error', param: 'response_id', code: 404 });
  });

  it('the endpoint\'s own way continues a stored response', async () => {
    const first = await (await respond('flint', { input: 'remember this' })).json();
    const second = await (await respond('flint', { input: 'recall', previous_response_id: first.id })).json();
    expect(second.output[0].content[0].text).toBe('You first said: remember this');
  });
});

describe('the WebSocket', () => {
  const upgrade = (d: DialectName) =>
    new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(endpoints.get(d)!.url);
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', reject);
    });

  it('is the endpoint\'s own: the servers the dialects speak for answer the upgrade with a 404', async () => {
    expect(await upgrade('flint')).toBe(101);
    for (const d of ['llama.cpp', 'vllm', 'ollama'] as const) expect(await upgrade(d)).toBe(404);
  });
});
