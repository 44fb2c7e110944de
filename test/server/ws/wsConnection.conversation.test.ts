import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { TEST_SCRIPT } from '../testFixture';
import { deltaText, WsEventClient } from '../wsEventClient';

let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startEndpoint({ script: TEST_SCRIPT, knobs: { tokensPerSecond: 0, fullDelayMs: 0 } });
});
afterAll(() => endpoint.close());

describe('WebSocket conversation state', () => {
  it('warms with generate:false: an id, no output, and instructions kept for the chain', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.send({ type: 'response.create', generate: false, instructions: 'talk like a pirate', input: [] });
    const warm = await c.terminal();
    expect(c.types()).toEqual(['response.created', 'response.in_progress', 'response.completed']);
    expect(warm.response.output).toEqual([]);
    expect(warm.response.usage.output_tokens).toBe(0);
    expect(warm.response.id).toMatch(/^resp_/);

    c.send({ type: 'response.create', previous_response_id: warm.response.id, input: 'ahoy' });
    const reply = await c.terminal(undefined, 1);
    expect(reply.response.previous_response_id).toBe(warm.response.id);
    expect(reply.response.output[0].content[0].text).toBe('Arr, ahoy');
    c.close();
  });

  it('continues a conversation with previous_response_id and only the new input', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.send({ type: 'response.create', input: [{ role: 'user', content: 'my name is Ada' }] });
    const first = await c.terminal();
    c.send({
      type: 'response.create',
      previous_response_id: first.response.id,
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'recall' }] }],
    });
    const second = await c.terminal(undefined, 1);
    expect(deltaText(c.eventsOf(second.response.id))).toBe('You first said: my name is Ada');
    expect(second.response.usage.input_tokens).toBeGreaterThan(first.response.usage.input_tokens);
    c.close();

    // Stored responses outlive the socket.
    const d = await WsEventClient.open(endpoint.url);
    d.send({ type: 'response.create', previous_response_id: second.response.id, input: 'recall' });
    expect((await d.terminal()).response.output[0].content[0].text).toBe('You first said: my name is Ada');
    d.close();
  });

  it('may name a response still running on the same lane as previous_response_id', async () => {
    endpoint.setKnobs({ tokensPerSecond: 500 });
    try {
      const c = await WsEventClient.open(endpoint.url);
      c.send({ type: 'response.create', input: 'pipelined start', stream_id: 'p' });
      const created = await c.waitFor((e) => e.type === 'response.created');
      c.send({ type: 'response.create', input: 'recall', previous_response_id: created.response.id, stream_id: 'p' });
      const second = await c.terminal('p', 1);
      expect(second.response.output[0].content[0].text).toBe('You first said: pipelined start');
      c.close();
    } finally {
      endpoint.setKnobs({ tokensPerSecond: 0 });
    }
  });

  it('answers an unknown previous_response_id with previous_response_not_found on the lane', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.send({ type: 'response.create', previous_response_id: 'resp_missing', input: 'x', stream_id: 'z' });
    const err = await c.waitFor((e) => e.type === 'error');
    expect(err).toMatchObject({
      type: 'error',
      status: 400,
      stream_id: 'z',
      error: { type: 'invalid_request_error', code: 'previous_response_not_found', param: 'previous_response_id' },
    });
    expect(typeof err.sequence_number).toBe('number');
    // The lane is free again.
    c.send({ type: 'response.create', input: 'short', stream_id: 'z' });
    await c.terminal('z');
    c.close();
  });

  it('keeps store:false responses on their own socket only', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.send({ type: 'response.create', input: 'secret start', store: false });
    const first = await c.terminal();
    c.send({ type: 'response.create', input: 'recall', previous_response_id: first.response.id });
    expect((await c.terminal(undefined, 1)).response.output[0].content[0].text).toBe('You first said: secret start');
    c.close();

    const d = await WsEventClient.open(endpoint.url);
    d.send({ type: 'response.create', input: 'recall', previous_response_id: first.response.id });
    expect((await d.waitFor((e) => e.type === 'error')).error.code).toBe('previous_response_not_found');
    d.close();
  });
});
