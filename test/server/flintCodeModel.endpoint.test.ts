import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localModelSettings } from '../../scripts/localModelSettings.mjs';
import { startEndpoint, type EndpointHandle } from '../../src/server/startEndpoint';

// The model `npm start` serves offline, behind the real endpoint on one thread: what a client
// learns from GET /v1/models, and the same greedy answer over /infill and /v1/completions.
const MODEL = join(import.meta.dirname, '..', '..', 'models', 'flint-code-6m.gguf');
const ADMIN = 'admin-token-for-this-test';

let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startEndpoint({ engine: 'llama', modelPath: MODEL, threads: 1, fastModel: 'flint-code-6m', fullModel: 'flint-code-6m', adminToken: ADMIN });
}, 120_000);
afterAll(() => endpoint?.close());

async function post(path: string, body: object): Promise<Record<string, any>> {
  const res = await fetch(`${endpoint.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json();
}

const prefix = 'class Stack {\n  constructor() {\n    this.items = [];\n  }\n  push(item) {\n    this.items.push(';
const suffix = '\n  }\n}\n';

describe('flint-code-6m behind the endpoint', () => {
  it('lists itself with what a client needs to know, and npm start configures ghost text from it', async () => {
    const models = await (await fetch(`${endpoint.httpUrl}/models`)).json();
    expect(models.data[0]).toMatchObject({
      id: 'flint-code-6m',
      meta: { file: 'flint-code-6m.gguf', n_ctx: 2048, fill_in_the_middle: true, chat_template: false, tools: false, chars_per_token: 1, threads: 1 },
    });
    expect(localModelSettings({ wsUrl: endpoint.url, httpUrl: endpoint.httpUrl }, models)).toEqual({
      'flint.fast.url': endpoint.url,
      'flint.full.url': endpoint.httpUrl,
      'flint.fast.model': 'flint-code-6m',
      'flint.full.model': 'flint-code-6m',
      'flint.completions.api': 'infill',
      'flint.completions.url': endpoint.httpUrl,
      'flint.modelKind': 'completion',
      // 2,048 byte tokens, three quarters for the prompt, in Flint's 4-character estimate.
      'flint.context.tokenBudget': 384,
      // 2,048 byte tokens are about 512 of Flint's estimate: the least the setting takes.
      'flint.full.contextTokens': 1024,
      'flint.completions.maxLines': 8,
    });
  });

  it('answers /infill and a fill-in-the-middle template over /v1/completions alike, reusing the prompt it holds', async () => {
    const infill = await post('/infill', { input_prefix: prefix, input_suffix: suffix, n_predict: 16 });
    expect(infill.content).toBe('item);\n  this.it');
    const templated = await post('/v1/completions', { prompt: `<|fim_prefix|>${prefix}<|fim_suffix|>${suffix}<|fim_middle|>`, max_tokens: 16 });
    expect(templated.choices[0].text).toBe(infill.content);
    expect(templated.usage.prompt_tokens).toBe(infill.tokens_evaluated);
    // The same prompt again: everything but the token that starts generation is reused.
    expect(templated.usage.prompt_tokens_details.cached_tokens).toBe(templated.usage.prompt_tokens - 1);
    const typed = await post('/infill', { input_prefix: `${prefix}i`, input_suffix: suffix, n_predict: 4 });
    expect(typed.tokens_cached).toBe(1 + prefix.length);
    expect(typed.timings.prompt_n).toBe(typed.tokens_evaluated - typed.tokens_cached);
  });

  it('keeps each generation\'s figures for the test controls', async () => {
    const headers = { 'x-flint-admin': ADMIN, 'content-type': 'application/json' };
    await fetch(`${endpoint.origin}/__admin/requests`, { method: 'POST', headers, body: '{}' });
    await post('/infill', { input_prefix: 'const a = ', input_suffix: ';\n', n_predict: 8 });
    const { requests } = await (await fetch(`${endpoint.origin}/__admin/requests`, { headers })).json();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ route: 'infill', promptTokens: 'const a = '.length + 2 + 3, abandoned: false, done: true });
    expect(requests[0].outputTokens).toBeGreaterThan(0);
    expect(requests[0].firstTokenMs).toBeGreaterThan(0);
  });

  it("stops an answer where the model's context window ends, as a length cut, instead of failing", async () => {
    // About 1,960 bytes of code, a token each: a few dozen tokens left of the 2,048-token window.
    const prompt = Array.from({ length: 86 }, (_, i) => `const v${String(i).padStart(3, '0')} = read(${i});\n`).join('');
    const completion = await post('/v1/completions', { prompt, max_tokens: 1000 });
    expect(completion.usage.prompt_tokens).toBeGreaterThan(1900);
    expect(completion.usage.total_tokens).toBe(2048);
    expect(completion.choices[0].finish_reason).toBe('length');
    const response = await post('/v1/responses', { input: prompt, max_output_tokens: 1000 });
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(response.usage.input_tokens + response.usage.output_tokens).toBe(2048);
    // Two prompts of nearly 2,000 tokens evaluated on one thread: seconds, many more on a busy machine.
  }, 180_000);
});
