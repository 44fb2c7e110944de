import OpenAI from 'openai';
import { ResponsesWS } from 'openai/resources/responses/ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { TEST_SCRIPT } from '../testFixture';

// The official SDK's streaming clients must consume the endpoint without complaint.
let endpoint: EndpointHandle;
let client: OpenAI;
beforeAll(async () => {
  endpoint = await startEndpoint({ script: TEST_SCRIPT, knobs: { tokensPerSecond: 0, fullDelayMs: 0, token: 'sdk-key' } });
  client = new OpenAI({ apiKey: 'sdk-key', baseURL: endpoint.httpUrl, maxRetries: 0 });
});
afterAll(() => endpoint.close());

describe('openai SDK conformance', () => {
  it('responses.create({stream:true}) yields typed events ending in response.completed', async () => {
    const stream = await client.responses.create({ model: 'gpt-5.3-codex-spark', input: 'short', stream: true });
    const types: string[] = [];
    let text = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    expect(text).toBe('one two three four');
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
  });

  it('responses.stream() accumulates the final response', async () => {
    const stream = client.responses.stream({ model: 'gpt-5.3-codex', input: 'hello sdk' });
    const final = await stream.finalResponse();
    expect(final.output_text).toBe('You said: hello sdk');
    expect(final.model).toBe('gpt-5.3-codex');
    expect(final.usage?.output_tokens).toBeGreaterThan(0);
  });

  it('chat.completions.create({stream:true}) with usage', async () => {
    const stream = await client.chat.completions.create({
      model: 'gpt-5.3-codex-spark',
      messages: [{ role: 'user', content: 'short' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe('one two three four');
    expect(usage?.completion_tokens).toBe(4);
  });

  it('chat.completions.stream() and non-streaming calls, and models.list()', async () => {
    const runner = client.chat.completions.stream({ model: 'gpt-5.3-codex-spark', messages: [{ role: 'user', content: 'hey' }] });
    expect((await runner.finalChatCompletion()).choices[0].message.content).toBe('You said: hey');
    const whole = await client.chat.completions.create({ model: 'gpt-5.3-codex', messages: [{ role: 'user', content: 'x' }] });
    expect(whole.choices[0].message.content).toBe('You said: x');
    const completion = await client.completions.create({ model: 'gpt-5.3-codex-spark', prompt: 'f(', suffix: '', max_tokens: 16 });
    expect(completion.choices[0].text).toBe(') /* done */');
    const models = [];
    for await (const m of client.models.list()) models.push(m.id);
    expect(models).toEqual(['gpt-5.3-codex-spark', 'gpt-5.3-codex']);
  });

  it('ResponsesWS (the SDK socket client) streams a response and a lane', async () => {
    const socket = new ResponsesWS(client);
    try {
      const events: { type: string; stream_id?: string }[] = [];
      const done = new Promise<void>((resolve) =>
        socket.on('event', (e) => {
          events.push(e as never);
          if (e.type === 'response.completed' && events.filter((x) => x.type === 'response.completed').length === 2) resolve();
        }),
      );
      socket.send({ type: 'response.create', model: 'gpt-5.3-codex-spark', input: 'short' });
      socket.send({ type: 'response.create', model: 'gpt-5.3-codex', input: 'hi', stream_id: 'sdk-lane' } as never);
      await done;
      const text = (lane?: string) =>
        events
          .filter((e) => e.type === 'response.output_text.delta' && e.stream_id === lane)
          .map((e) => (e as unknown as { delta: string }).delta)
          .join('');
      expect(text()).toBe('one two three four');
      expect(text('sdk-lane')).toBe('You said: hi');
    } finally {
      socket.close();
    }
  });

  it('surfaces errors as typed SDK errors', async () => {
    const bad = new OpenAI({ apiKey: 'wrong', baseURL: endpoint.httpUrl, maxRetries: 0 });
    await expect(bad.responses.create({ model: 'gpt-5.3-codex-spark', input: 'x' })).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await expect(
      client.responses.create({ model: 'gpt-5.3-codex-spark', input: 'x', previous_response_id: 'resp_gone' }),
    ).rejects.toMatchObject({ status: 400, code: 'previous_response_not_found' });
    endpoint.setFaults({ rateLimit: { retryAfterSeconds: 2, times: 1 } });
    const err = await client.chat.completions.create({ model: 'gpt-5.3-codex-spark', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect(err.headers.get('retry-after')).toBe('2');
  });
});
