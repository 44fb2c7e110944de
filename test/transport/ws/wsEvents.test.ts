import { describe, expect, it } from 'vitest';
import { createEvent, refusesLanes, steerEvent, warmUpEvent } from '../../../src/transport/ws/wsEvents';

describe('WebSocket client events', () => {
  const request = {
    surface: 'chat' as const,
    instructions: 'Be brief.',
    input: [{ role: 'user' as const, content: 'and now?' }],
    previousResponseId: 'resp_1',
    fullInput: [
      { role: 'user' as const, content: 'hi' },
      { role: 'assistant' as const, content: 'Hello.' },
      { role: 'user' as const, content: 'and now?' },
    ],
    maxOutputTokens: 64,
  };

  it('continues a chain with only the new input, on a lane, storing nothing', () => {
    expect(createEvent(request, 'm', false, 'l3')).toEqual({
      type: 'response.create',
      model: 'm',
      instructions: 'Be brief.',
      input: [{ role: 'user', content: 'and now?' }],
      previous_response_id: 'resp_1',
      max_output_tokens: 64,
      store: false,
      stream_id: 'l3',
    });
  });

  it('restarts a lost chain with the whole conversation and no previous id', () => {
    const e = createEvent(request, 'm', true, undefined);
    expect(e.previous_response_id).toBeUndefined();
    expect(e.input).toHaveLength(3);
    expect('stream_id' in e).toBe(false);
  });

  it('warms without generating', () => {
    expect(warmUpEvent('m', 'Be brief.', 'l0')).toEqual({
      type: 'response.create',
      model: 'm',
      instructions: 'Be brief.',
      input: [],
      generate: false,
      store: false,
      stream_id: 'l0',
    });
  });

  it('steers a running response with user input', () => {
    expect(steerEvent('resp_2', [{ role: 'user', content: 'shorter' }])).toEqual({
      type: 'response.steer',
      previous_response_id: 'resp_2',
      input: [{ role: 'user', content: 'shorter' }],
    });
  });

  it('recognises deployments that refuse lanes', () => {
    expect(refusesLanes({ code: 'invalid_stream_id' })).toBe(true);
    expect(refusesLanes({ code: 'unknown_parameter', param: 'stream_id' })).toBe(true);
    expect(refusesLanes({ code: 'websocket_stream_limit_reached', param: 'stream_id' })).toBe(false);
    expect(refusesLanes({ code: 'previous_response_not_found', param: 'previous_response_id' })).toBe(false);
  });
});
