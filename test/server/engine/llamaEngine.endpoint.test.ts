import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { deltaText, WsEventClient } from '../wsEventClient';

// The WebSocket protocol on top of real inference (the tiny generated model).
let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startEndpoint({ engine: 'tiny', knobs: { fullDelayMs: 0 } });
}, 120_000);
afterAll(() => endpoint?.close());

describe('WebSocket over the tiny engine', () => {
  it('streams concurrent lanes with exact token usage, deterministically', async () => {
    const c = await WsEventClient.open(endpoint.url);
    for (const lane of ['a', 'b', 'c']) c.send({ type: 'response.create', input: 'same prompt', max_output_tokens: 40, stream_id: lane });
    const done = await Promise.all(['a', 'b', 'c'].map((lane) => c.terminal(lane, 0, 20_000)));
    for (const d of done) {
      expect(d.type).toBe('response.incomplete');
      expect(d.response.usage.output_tokens).toBe(40);
      expect(deltaText(c.eventsOf(d.response.id))).toBe(d.response.output[0].content[0].text);
    }
    const texts = done.map((d) => d.response.output[0].content[0].text);
    expect(texts[0].length).toBeGreaterThan(0);
    expect(new Set(texts).size).toBe(1);
    c.close();
  });

  it('steers a running generation at once', async () => {
    const c = await WsEventClient.open(endpoint.url);
    endpoint.setKnobs({ tokensPerSecond: 200 });
    try {
      c.send({ type: 'response.create', input: 'go on', max_output_tokens: 2000 });
      const created = await c.waitFor((e) => e.type === 'response.created');
      await c.waitFor((e) => e.type === 'response.output_text.delta');
      c.send({ type: 'response.steer', response_id: created.response.id, input: 'now this' });
      const steered = await c.terminal();
      expect(steered.response.incomplete_details.reason).toBe('steered');
      expect(steered.response.usage.output_tokens).toBeLessThan(200);
      c.send({ type: 'response.steer', input: 'and stop' });
      expect((await c.terminal(undefined, 1, 20_000)).response.previous_response_id).toBe(created.response.id);
    } finally {
      endpoint.setKnobs({ tokensPerSecond: 0 });
      c.close();
    }
  });
});
