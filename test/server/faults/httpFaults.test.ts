import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { post, readSse } from '../sseReader';
import { TEST_SCRIPT } from '../testFixture';

let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startEndpoint({ script: TEST_SCRIPT, knobs: { tokensPerSecond: 0, fullDelayMs: 0 } });
});
afterEach(() => endpoint.setFaults({}));
afterAll(() => endpoint.close());

const chat = (extra: object = {}) =>
  post(`${endpoint.httpUrl}/chat/completions`, { messages: [{ role: 'user', content: 'short' }], stream: true, ...extra });
const responses = (extra: object = {}) => post(`${endpoint.httpUrl}/responses`, { input: 'short', stream: true, ...extra });

describe('HTTP fault knobs', () => {
  it('answers 429 with retry-after, then recovers', async () => {
    endpoint.setFaults({ rateLimit: { retryAfterSeconds: 4, times: 1 } });
    const limited = await chat();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('4');
    expect((await limited.json()).error.code).toBe('rate_limit_exceeded');
    expect((await chat()).status).toBe(200);
  });

  it('cuts the SSE connection after N events, which arrive before the cut', async () => {
    endpoint.setFaults({ dropAfterEvents: { after: 3, times: 1 } });
    const res = await responses();
    let received = '';
    const reader = res.body!.getReader();
    const read = (async () => {
      for (let r = await reader.read(); !r.done; r = await reader.read()) received += Buffer.from(r.value).toString();
    })();
    await expect(read).rejects.toThrow();
    expect(received.match(/^event: /gm)).toHaveLength(3);
    const ok = await readSse(await responses());
    expect(ok.at(-1)!.event).toBe('response.completed');
  });

  it('sends an error frame in the shape of each protocol', async () => {
    endpoint.setFaults({ errorEvent: { after: 5, code: 'boom', status: 500, times: 2 } });
    const events = await readSse(await responses());
    expect(events).toHaveLength(6);
    expect(events[5].event).toBe('error');
    expect(JSON.parse(events[5].data)).toMatchObject({ type: 'error', status: 500, error: { code: 'boom' } });
    const chunks = await readSse(await chat());
    expect(chunks.at(-1)!.data).not.toBe('[DONE]');
    expect(JSON.parse(chunks.at(-1)!.data)).toEqual({ error: expect.objectContaining({ code: 'boom' }) });
  });

  it('returns the error status for a non-streaming request hit by an error fault', async () => {
    endpoint.setFaults({ errorEvent: { after: 0, code: 'overloaded', status: 503, times: 2 } });
    const res = await post(`${endpoint.httpUrl}/responses`, { input: 'short' });
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe('overloaded');
    const completion = await post(`${endpoint.httpUrl}/completions`, { prompt: 'x' });
    expect(completion.status).toBe(503);
  });

  it('sends a frame that is not JSON, then carries on', async () => {
    endpoint.setFaults({ malformedFrame: { after: 2, times: 1 } });
    const chunks = await readSse(await chat());
    expect(() => JSON.parse(chunks[2].data)).toThrow();
    expect(chunks.at(-1)!.data).toBe('[DONE]');
  });

  it('puts invalid UTF-8 bytes into a delta', async () => {
    endpoint.setFaults({ invalidUtf8: { afterTokens: 1, times: 1 } });
    const bytes = Buffer.from(await (await chat()).arrayBuffer());
    expect(bytes.includes(Buffer.from([0xff, 0xfe]))).toBe(true);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
  });

  it('stalls, and streams enormous output past the cap', async () => {
    endpoint.setFaults({ stall: { afterTokens: 1, ms: 250, times: 1 } });
    const started = performance.now();
    await (await chat()).text();
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);

    endpoint.setFaults({ enormousOutput: { tokens: 5000, times: 1 } });
    const body = await (await post(`${endpoint.httpUrl}/chat/completions`, { messages: [{ role: 'user', content: 'x' }], max_tokens: 5 })).json();
    expect(body.usage.completion_tokens).toBe(5000);
  });
});

describe('pacing knobs', () => {
  it('delays the first token, paces tokens, and makes the full model slower', async () => {
    endpoint.setKnobs({ firstTokenDelayMs: 120, tokensPerSecond: 100, fullDelayMs: 200, fullTokensPerSecond: 50 });
    try {
      const timeTo = async (model: string) => {
        const started = performance.now();
        const res = await post(`${endpoint.httpUrl}/responses`, { model, input: 'short', stream: true });
        const reader = res.body!.getReader();
        let text = '';
        let first = 0;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
          if (!first && text.includes('output_text.delta')) first = performance.now() - started;
        }
        return { first, total: performance.now() - started };
      };
      const fast = await timeTo('gpt-5.3-codex-spark');
      const full = await timeTo('gpt-5.3-codex');
      // Lower bounds only: a busy machine adds time, never removes it.
      expect(fast.first).toBeGreaterThanOrEqual(115);
      // Four tokens at 100/s: the last one 30 ms after the first.
      expect(fast.total).toBeGreaterThanOrEqual(145);
      expect(full.first).toBeGreaterThanOrEqual(315);
      // At 50/s the last of four tokens comes 60 ms after the first.
      expect(full.total).toBeGreaterThanOrEqual(375);
    } finally {
      endpoint.setKnobs({ firstTokenDelayMs: 0, tokensPerSecond: 0, fullDelayMs: 0, fullTokensPerSecond: 0 });
    }
  });

  it('caps every reply at maxTokens', async () => {
    endpoint.setKnobs({ maxTokens: 3 });
    try {
      const body = await (await post(`${endpoint.httpUrl}/responses`, { input: 'long' })).json();
      expect(body).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
      expect(body.usage.output_tokens).toBe(3);
    } finally {
      endpoint.setKnobs({ maxTokens: 4096 });
    }
  });
});
