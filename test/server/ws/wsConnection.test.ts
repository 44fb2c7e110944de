import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { TEST_SCRIPT } from '../testFixture';
import { deltaText, WsEventClient } from '../wsEventClient';

let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startEndpoint({ script: TEST_SCRIPT, knobs: { tokensPerSecond: 0, fullDelayMs: 0 } });
});
afterAll(() => endpoint.close());

describe('WebSocket Responses API', () => {
  it('streams a response with the events in the documented order', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.send({ type: 'response.create', model: 'gpt-5.3-codex-spark', input: 'short please' });
    const done = await c.terminal();
    expect(c.types()).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(c.events.map((e) => e.sequence_number)).toEqual(c.events.map((_, i) => i));
    const itemId = c.events[2].item.id;
    for (const e of c.events.filter((x) => x.type.includes('text') || x.type.includes('part'))) {
      expect(e).toMatchObject({ item_id: itemId, output_index: 0, content_index: 0 });
    }
    expect(deltaText(c.events)).toBe('one two three four');
    expect(c.events.find((e) => e.type === 'response.output_text.done')!.text).toBe('one two three four');
    expect(c.events[0].response).toMatchObject({ model: 'gpt-5.3-codex-spark', status: 'in_progress' });
    expect(done.response.status).toBe('completed');
    expect(done.response.output[0].content[0].text).toBe('one two three four');
    expect(done.response.usage).toMatchObject({ output_tokens: 4, total_tokens: done.response.usage.input_tokens + 4 });
    c.close();
  });

  it('echoes stream_id on every event of a named lane and attributes the model', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.send({ type: 'response.create', model: 'gpt-5.3-codex', input: 'hi', stream_id: 'lane.A_1' });
    await c.terminal('lane.A_1');
    expect(c.events.every((e) => e.stream_id === 'lane.A_1')).toBe(true);
    expect(c.events[0].response.model).toBe('gpt-5.3-codex');
    expect(deltaText(c.events)).toBe('You said: hi');
    c.close();
  });

  it('runs different lanes concurrently and one lane first-in-first-out', async () => {
    endpoint.setKnobs({ tokensPerSecond: 400 });
    try {
      const c = await WsEventClient.open(endpoint.url);
      c.send({ type: 'response.create', input: 'essay', max_output_tokens: 120, stream_id: 'a' });
      c.send({ type: 'response.create', input: 'essay', max_output_tokens: 120, stream_id: 'a' });
      c.send({ type: 'response.create', input: 'short', stream_id: 'b' });
      await c.terminal('a', 1, 8000);
      const idx = (pred: (e: any) => boolean) => c.events.findIndex(pred);
      const firstA = idx((e) => e.type === 'response.incomplete' && e.stream_id === 'a');
      const secondACreated = c.events.filter((e) => e.type === 'response.created' && e.stream_id === 'a')[1];
      // Lane b finished while lane a's first response was still streaming.
      expect(idx((e) => e.type === 'response.completed' && e.stream_id === 'b')).toBeLessThan(firstA);
      // Lane a's second response started only after its first ended.
      expect(c.events.indexOf(secondACreated)).toBeGreaterThan(firstA);
      c.close();
    } finally {
      endpoint.setKnobs({ tokensPerSecond: 0 });
    }
  });

  it('queues past 16 responses in flight with response.queued', async () => {
    // Each response waits before its first token, so all 17 are surely pending at once.
    endpoint.setKnobs({ firstTokenDelayMs: 400 });
    try {
      const c = await WsEventClient.open(endpoint.url);
      for (let i = 0; i < 17; i++) c.send({ type: 'response.create', input: 'short', stream_id: `q${i}` });
      const queued = await c.waitFor((e) => e.type === 'response.queued');
      expect(queued.stream_id).toBe('q16');
      await c.terminal('q16', 0, 8000);
      expect(c.types('q16').slice(0, 3)).toEqual(['response.created', 'response.queued', 'response.in_progress']);
      expect(c.events.filter((e) => e.type === 'response.queued')).toHaveLength(1);
      c.close();
    } finally {
      endpoint.setKnobs({ firstTokenDelayMs: 0 });
    }
  });

  it('rejects a 33rd named lane and malformed lane names', async () => {
    const c = await WsEventClient.open(endpoint.url);
    for (let i = 0; i < 32; i++) c.send({ type: 'response.create', input: 'short', stream_id: `l${i}`, generate: false });
    c.send({ type: 'response.create', input: 'short', stream_id: 'l32' });
    const err = await c.waitFor((e) => e.type === 'error');
    expect(err).toMatchObject({ status: 400, stream_id: 'l32', error: { code: 'websocket_stream_limit_reached' } });
    c.send({ type: 'response.create', input: 'short', stream_id: 'l0' });
    await c.terminal('l0', 1);
    c.close();

    const d = await WsEventClient.open(endpoint.url);
    d.send({ type: 'response.create', input: 'short', stream_id: 'bad lane!' });
    expect((await d.waitFor((e) => e.type === 'error')).error.code).toBe('invalid_stream_id');
    d.send({ type: 'response.create', input: 'short', stream_id: 'x'.repeat(257) });
    await d.waitFor((e) => e.type === 'error' && e.stream_id?.length === 257);
    d.close();
  });

  it('rejects an unknown model with the served names', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.send({ type: 'response.create', model: 'gpt-nope', input: 'x' });
    const err = await c.waitFor((e) => e.type === 'error');
    expect(err).toMatchObject({ status: 404, error: { code: 'model_not_found', param: 'model' } });
    expect(err.error.message).toContain('gpt-5.3-codex-spark');
    c.close();
  });

  it('caps output at max_output_tokens and reports incomplete', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.send({ type: 'response.create', input: 'long', max_output_tokens: 5 });
    const done = await c.terminal();
    expect(done.type).toBe('response.incomplete');
    expect(done.response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(done.response.usage.output_tokens).toBe(5);
    c.close();
  });
});
