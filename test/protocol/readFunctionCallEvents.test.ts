import { describe, expect, it } from 'vitest';
import { readResponsesEvent } from '../../src/protocol/readResponsesEvent';
import { recordingSink } from './recordingSink';

const call = { id: 'fc_1', type: 'function_call', status: 'completed', call_id: 'call_1', name: 'read_file', arguments: '{"path":"a.ts"}' };

describe('readResponsesEvent: function calling', () => {
  it('reports argument pieces as activity and the finished call item with its lane', () => {
    const sink = recordingSink();
    readResponsesEvent({ type: 'response.output_item.added', output_index: 0, item: { ...call, status: 'in_progress', arguments: '' }, sequence_number: 2 }, sink);
    readResponsesEvent({ type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 0, delta: '{"pa', stream_id: 'l1', sequence_number: 3 }, sink);
    readResponsesEvent({ type: 'response.function_call_arguments.done', item_id: 'fc_1', output_index: 0, name: 'read_file', arguments: call.arguments, sequence_number: 4 }, sink);
    readResponsesEvent({ type: 'response.output_item.done', output_index: 0, item: call, stream_id: 'l1', sequence_number: 5 }, sink);
    expect(sink.calls).toEqual([
      ['argumentsDelta', 'l1'],
      ['functionCall', { callId: 'call_1', name: 'read_file', arguments: '{"path":"a.ts"}' }, 'l1'],
    ]);
  });

  it('ignores finished message items and reports a call item without its call id as malformed', () => {
    const sink = recordingSink();
    readResponsesEvent({ type: 'response.output_item.done', output_index: 0, item: { type: 'message', id: 'msg_1', content: [] } }, sink);
    readResponsesEvent({ type: 'response.output_item.done', output_index: 1, item: { ...call, call_id: undefined } }, sink);
    expect(sink.calls).toHaveLength(1);
    expect(sink.calls[0][0]).toBe('malformed');
    expect(String(sink.calls[0][1])).toContain('item.call_id');
  });
});
