import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { TEST_SCRIPT } from '../testFixture';
import { deltaText, WsEventClient } from '../wsEventClient';

let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startEndpoint({ script: TEST_SCRIPT, knobs: { tokensPerSecond: 200 } });
});
afterAll(() => endpoint.close());

describe('response.steer', () => {
  it('ends the running response as steered and starts a successor with the new input', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.send({ type: 'response.create', input: 'essay', stream_id: 's' });
    c.send({ type: 'response.create', input: 'queued behind', stream_id: 's' });
    const created = await c.waitFor((e) => e.type === 'response.created');
    await c.waitFor((e) => e.type === 'response.output_text.delta');
    c.send({ type: 'response.steer', response_id: created.response.id, input: 'recall' });

    const accepted = await c.waitFor((e) => e.type === 'response.steer.accepted');
    expect(accepted).toMatchObject({ response_id: created.response.id, stream_id: 's' });
    const steered = await c.terminal('s', 0);
    expect(steered.type).toBe('response.incomplete');
    expect(steered.response.incomplete_details).toEqual({ reason: 'steered' });
    const partial = deltaText(c.eventsOf(created.response.id));
    expect(partial.length).toBeGreaterThan(0);
    expect(steered.response.output[0].content[0].text).toBe(partial);

    // The successor runs next on the lane, ahead of the request queued before the steer.
    const successor = await c.terminal('s', 1);
    expect(successor.response.previous_response_id).toBe(created.response.id);
    expect(successor.response.output[0].content[0].text).toBe('You first said: essay');
    const third = await c.terminal('s', 2);
    expect(third.response.output[0].content[0].text).toBe('You said: queued behind');
    c.close();
  });

  it('targets the running response of a lane when no id is given, and fails when nothing runs', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.send({ type: 'response.steer', input: 'anything' });
    const failed = await c.waitFor((e) => e.type === 'response.steer.failed');
    expect(failed.error.code).toBe('response_not_active');

    c.send({ type: 'response.create', input: 'essay' });
    await c.waitFor((e) => e.type === 'response.output_text.delta');
    c.send({ type: 'response.steer', input: [{ role: 'user', content: 'short' }] });
    await c.waitFor((e) => e.type === 'response.steer.accepted');
    expect((await c.terminal(undefined, 0)).type).toBe('response.incomplete');
    expect((await c.terminal(undefined, 1)).response.output[0].content[0].text).toBe('one two three four');
    c.close();
  });

  it('rejects steering with non-user messages', async () => {
    const c = await WsEventClient.open(endpoint.url);
    c.send({ type: 'response.steer', input: [{ role: 'system', content: 'x' }] });
    expect((await c.waitFor((e) => e.type === 'error')).error.param).toBe('input');
    c.close();
  });
});
