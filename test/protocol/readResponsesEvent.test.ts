import { describe, expect, it } from 'vitest';
import { readResponsesEvent } from '../../src/protocol/readResponsesEvent';
import { lifecycleSchema, terminalSchema, textDeltaSchema } from '../../src/protocol/responsesSchemas';
import { recordingSink } from './recordingSink';

const response = (extra: Record<string, unknown> = {}) => ({ id: 'resp_1', object: 'response', status: 'in_progress', output: [], ...extra });

describe('readResponsesEvent', () => {
  it('delivers text deltas with their lane', () => {
    const sink = recordingSink();
    readResponsesEvent({ type: 'response.output_text.delta', delta: 'he', stream_id: 'l3', sequence_number: 4, item_id: 'x' }, sink);
    readResponsesEvent({ type: 'response.output_text.delta', delta: 'llo', sequence_number: 5 }, sink);
    expect(sink.calls).toEqual([
      ['delta', 'he', 'l3'],
      ['delta', 'llo', undefined],
    ]);
  });

  it('agrees with the delta schema on what a valid delta is', () => {
    const samples: unknown[] = [
      { type: 'response.output_text.delta', delta: 'a' },
      { type: 'response.output_text.delta', delta: '' , stream_id: 's' },
      { type: 'response.output_text.delta', delta: 3 },
      { type: 'response.output_text.delta' },
      { type: 'response.output_text.delta', delta: 'a', stream_id: 7 },
      { type: 'response.output_text.delta', delta: 'a', stream_id: null },
    ];
    for (const sample of samples) {
      const sink = recordingSink();
      readResponsesEvent(sample, sink);
      expect(sink.calls[0][0] === 'delta').toBe(textDeltaSchema.safeParse(sample).success);
    }
  });

  it('agrees with the lifecycle and terminal schemas on what a valid event is', () => {
    const variants: Record<string, unknown>[] = [
      {},
      { stream_id: 'l1' },
      { stream_id: null },
      { stream_id: 4 },
      { response: undefined },
      { response: null },
      { response: [] },
      { response: { id: 5 } },
      { response: { status: 'completed' } },
      { response: response({ status: null }) },
      { response: response({ status: 3 }) },
      { response: response({ usage: null }) },
      { response: response({ usage: { output_tokens: 7 } }) },
      { response: response({ usage: { input_tokens: 30, input_tokens_details: { cached_tokens: 20 }, output_tokens: 7 } }) },
      { response: response({ usage: { input_tokens: -3, output_tokens: 7 } }) },
      { response: response({ usage: { input_tokens: 30, input_tokens_details: { cached_tokens: 'x' } } }) },
      { response: response({ usage: { input_tokens: 30, input_tokens_details: null } }) },
      { response: response({ usage: { input_tokens: 30, input_tokens_details: 5 } }) },
      { response: response({ usage: { output_tokens: -1 } }) },
      { response: response({ usage: { output_tokens: 1.5 } }) },
      { response: response({ usage: { output_tokens: '7' } }) },
      { response: response({ usage: [] }) },
      { response: response({ usage: 'x' }) },
      { response: response({ incomplete_details: { reason: 'max_output_tokens' } }) },
      { response: response({ incomplete_details: { reason: 1 } }) },
      { response: response({ incomplete_details: 'x' }) },
      { response: response({ error: { code: 'server_error', message: 'boom' } }) },
      { response: response({ error: { code: 1 } }) },
      { response: response({ error: { message: null, code: null } }) },
      { response: response({ error: true }) },
    ];
    const lifecycle = ['response.created'] as const;
    const terminal = ['response.completed', 'response.incomplete', 'response.failed'] as const;
    for (const type of [...lifecycle, ...terminal]) {
      const schema = type === 'response.created' ? lifecycleSchema : terminalSchema;
      for (const v of variants) {
        const event = { response: response(), ...v, type };
        const sink = recordingSink();
        readResponsesEvent(event, sink);
        const parsed = schema.safeParse(event);
        expect(sink.calls.length).toBe(1);
        expect(sink.calls[0][0] !== 'malformed', `${type} ${JSON.stringify(v)}`).toBe(parsed.success);
        if (parsed.success && type !== 'response.created') {
          const r = parsed.data.response;
          const end = sink.calls[0][1] as Record<string, unknown>;
          expect(end.responseId).toBe(r.id);
          expect(end.outputTokens).toBe(r.usage?.output_tokens ?? undefined);
          expect(end.inputTokens).toBe(r.usage?.input_tokens ?? undefined);
          expect(end.cachedInputTokens).toBe(r.usage?.input_tokens_details?.cached_tokens ?? undefined);
          expect(end.reason).toBe(r.incomplete_details?.reason ?? undefined);
          expect(end.errorCode).toBe(r.error?.code ?? undefined);
        }
      }
    }
  });

  it('reports created, terminal events and usage', () => {
    const sink = recordingSink();
    readResponsesEvent({ type: 'response.created', response: response(), stream_id: 'l0' }, sink);
    readResponsesEvent(
      { type: 'response.completed', response: response({ status: 'completed', usage: { input_tokens: 3, output_tokens: 12 } }), stream_id: 'l0' },
      sink,
    );
    readResponsesEvent(
      { type: 'response.incomplete', response: response({ status: 'incomplete', incomplete_details: { reason: 'steered' } }) },
      sink,
    );
    readResponsesEvent(
      { type: 'response.failed', response: response({ status: 'failed', error: { code: 'server_error', message: 'boom' } }) },
      sink,
    );
    expect(sink.calls).toEqual([
      ['created', 'resp_1', 'l0'],
      ['end', { status: 'completed', responseId: 'resp_1', outputTokens: 12, inputTokens: 3 }, 'l0'],
      ['end', { status: 'incomplete', responseId: 'resp_1', reason: 'steered' }, undefined],
      ['end', { status: 'failed', responseId: 'resp_1', errorCode: 'server_error', errorMessage: 'boom' }, undefined],
    ]);
  });

  it('reads WebSocket-mode errors with status, lane and retry headers', () => {
    const sink = recordingSink();
    readResponsesEvent(
      {
        type: 'error',
        status: 429,
        stream_id: 'l1',
        error: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'slow down', param: null, headers: { 'retry-after-ms': '1500' } },
      },
      sink,
    );
    expect(sink.calls).toEqual([
      ['error', { status: 429, code: 'rate_limit_exceeded', type: 'rate_limit_error', message: 'slow down', retryAfterMs: 1500 }, 'l1'],
    ]);
  });

  it('reads the flat SSE error form', () => {
    const sink = recordingSink();
    readResponsesEvent({ type: 'error', code: 'server_error', message: 'oops', param: 'input', sequence_number: 2 }, sink);
    expect(sink.calls).toEqual([['error', { code: 'server_error', message: 'oops' }, undefined]]);
  });

  it('reads steer answers', () => {
    const sink = recordingSink();
    readResponsesEvent({ type: 'response.steer.accepted', response_id: 'resp_9', stream_id: 'l2' }, sink);
    readResponsesEvent({ type: 'response.steer.failed', response_id: null, error: { code: 'response_not_active', message: 'x' } }, sink);
    expect(sink.calls).toEqual([
      ['steer', 'accepted', 'l2', 'resp_9'],
      ['steer', 'failed', undefined, undefined],
    ]);
  });

  it('ignores event types it does not use, including unknown ones', () => {
    const sink = recordingSink();
    for (const type of ['response.in_progress', 'response.queued', 'keepalive', 'response.output_text.done', 'response.reasoning_text.delta', 'something.new']) {
      readResponsesEvent({ type, whatever: 1 }, sink);
    }
    expect(sink.calls).toEqual([]);
  });

  it('turns malformed known events into one malformed call naming the field', () => {
    const sink = recordingSink();
    readResponsesEvent({ type: 'response.created', stream_id: 'l4' }, sink);
    readResponsesEvent({ type: 'response.completed', response: { id: 5 } }, sink);
    readResponsesEvent({ no: 'type' }, sink);
    readResponsesEvent([1, 2], sink);
    readResponsesEvent(null, sink);
    expect(sink.calls.map((c) => c[0])).toEqual(['malformed', 'malformed', 'malformed', 'malformed', 'malformed']);
    expect(sink.calls[0]).toEqual(['malformed', expect.stringContaining('response.created: response'), 'l4']);
    expect(sink.calls[1][1]).toContain('response.id');
  });
});
