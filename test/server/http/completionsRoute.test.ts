import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { post, readSse } from '../sseReader';

let endpoint: EndpointHandle;
beforeAll(async () => {
  // The repository's default fixture, as the CLI uses it.
  endpoint = await startEndpoint({ knobs: { tokensPerSecond: 0 } });
});
afterAll(() => endpoint.close());

describe('POST /v1/completions and /infill', () => {
  it('fills in the middle with a sensible continuation (streaming)', async () => {
    const res = await post(`${endpoint.httpUrl}/completions`, {
      prompt: 'function add(a, b) {\n',
      suffix: '\n\nconsole.log(add(1, 2));\n',
      max_tokens: 64,
      stream: true,
    });
    const frames = await readSse(res);
    expect(frames.at(-1)!.data).toBe('[DONE]');
    const chunks = frames.slice(0, -1).map((f) => JSON.parse(f.data));
    expect(chunks.every((c) => c.object === 'text_completion')).toBe(true);
    expect(chunks.map((c) => c.choices[0].text).join('')).toBe('\n  return a + b;\n}');
  });

  it('closes open brackets when no rule matches, minding the suffix', async () => {
    const res = await post(`${endpoint.httpUrl}/completions`, { prompt: 'if (ready) {\n  call(x, [1, 2', suffix: '])\n}', max_tokens: 20 });
    const body = await res.json();
    expect(body.choices[0].text).toBe('');
    const open = await (await post(`${endpoint.httpUrl}/completions`, { prompt: 'if (ok) {\n  go(1', suffix: '' })).json();
    expect(open.choices[0].text).toBe(')\n}');
    expect(open.usage.completion_tokens).toBeGreaterThan(0);
  });

  it('serves llama.cpp-style /infill, streaming and not, and n_predict 0 only warms', async () => {
    const whole = await (await post(`${endpoint.origin}/infill`, { input_prefix: 'console.', input_suffix: '\n' })).json();
    expect(whole).toMatchObject({ content: "log('hello');", stop: true, stop_type: 'eos' });
    expect(whole.tokens_predicted).toBeGreaterThan(0);

    const frames = await readSse(await post(`${endpoint.origin}/infill`, { input_prefix: 'console.', input_suffix: '', stream: true }));
    const chunks = frames.map((f) => JSON.parse(f.data));
    expect(chunks.at(-1)).toMatchObject({ stop: true, content: '' });
    expect(chunks.slice(0, -1).map((c) => c.content).join('')).toBe("log('hello');");

    const warm = await (await post(`${endpoint.origin}/infill`, { input_prefix: 'console.', n_predict: 0 })).json();
    expect(warm).toMatchObject({ content: '', tokens_predicted: 0, stop: true });
    expect(warm.tokens_evaluated).toBeGreaterThan(0);
  });
});
