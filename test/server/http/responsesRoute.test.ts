import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { post, readSse } from '../sseReader';
import { TEST_SCRIPT } from '../testFixture';

let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startEndpoint({ script: TEST_SCRIPT, knobs: { tokensPerSecond: 0, fullDelayMs: 0 } });
});
afterAll(() => endpoint.close());

describe('POST /v1/responses', () => {
  it('streams the Responses events as named SSE frames', async () => {
    const res = await post(`${endpoint.httpUrl}/responses`, { model: 'gpt-5.3-codex', input: 'short', stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const frames = await readSse(res);
    const events = frames.map((f) => JSON.parse(f.data));
    expect(frames.every((f, i) => f.event === events[i].type)).toBe(true);
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      ...Array(4).fill('response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    expect(events[0].response.model).toBe('gpt-5.3-codex');
    expect(events.at(-1).response.usage.output_tokens).toBe(4);
  });

  it('answers without stream with the final response, and continues it by id', async () => {
    const res = await post(`${endpoint.httpUrl}/responses`, { input: 'remember Zed' });
    const first = await res.json();
    expect(first).toMatchObject({ object: 'response', status: 'completed', model: 'gpt-5.3-codex-spark' });
    expect(first.output[0].content[0].text).toBe('You said: remember Zed');
    const next = await (await post(`${endpoint.httpUrl}/responses`, { input: 'recall', previous_response_id: first.id })).json();
    expect(next.output[0].content[0].text).toBe('You first said: remember Zed');
  });

  it('returns 400 previous_response_not_found and 400 for a bad body', async () => {
    const missing = await post(`${endpoint.httpUrl}/responses`, { input: 'x', previous_response_id: 'resp_nope' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe('previous_response_not_found');
    const bad = await fetch(`${endpoint.httpUrl}/responses`, { method: 'POST', body: '{oops' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('invalid_json');
    const noInput = await post(`${endpoint.httpUrl}/responses`, { model: 'gpt-5.3-codex-spark' });
    expect((await noInput.json()).error.param).toBe('input');
  });

  it('survives a client leaving mid-stream', async () => {
    endpoint.setKnobs({ tokensPerSecond: 100 });
    try {
      const res = await post(`${endpoint.httpUrl}/responses`, { input: 'long', stream: true });
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel();
      // The server is still healthy and serves the next request.
      endpoint.setKnobs({ tokensPerSecond: 0 });
      const next = await (await post(`${endpoint.httpUrl}/responses`, { input: 'short' })).json();
      expect(next.status).toBe('completed');
    } finally {
      endpoint.setKnobs({ tokensPerSecond: 0 });
    }
  });
});
