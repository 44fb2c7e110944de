import { describe, expect, it } from 'vitest';
import { readResponsesFrame } from '../../src/protocol/readResponsesFrame';
import { recordingSink } from './recordingSink';

describe('readResponsesFrame', () => {
  it('parses a text frame once and dispatches it', () => {
    const sink = recordingSink();
    readResponsesFrame(Buffer.from('{"type":"response.output_text.delta","delta":"x","stream_id":"l0"}'), sink);
    readResponsesFrame('{"type":"response.output_text.delta","delta":"y"}', sink);
    expect(sink.calls).toEqual([
      ['delta', 'x', 'l0'],
      ['delta', 'y', undefined],
    ]);
  });

  it('reports a truncated frame as malformed, keeping its lane when readable', () => {
    const sink = recordingSink();
    readResponsesFrame('{"type":"response.output_text.delta","stream_id":"l7","delta":"ab', sink);
    readResponsesFrame('{"type":"response.in_progress","sequence_number":3,', sink);
    expect(sink.calls).toEqual([
      ['malformed', 'frame is not JSON', 'l7', expect.stringContaining('delta')],
      ['malformed', 'frame is not JSON', undefined, expect.stringContaining('response.in_progress')],
    ]);
  });

  it('reports bytes that are not UTF-8, and binary frames', () => {
    const sink = recordingSink();
    const head = Buffer.from('{"type":"response.output_text.delta","stream_id":"l2","delta":"a');
    readResponsesFrame(Buffer.concat([head, Buffer.from([0xff, 0xfe]), Buffer.from('"}')]), sink);
    readResponsesFrame(Buffer.from('{"type":"keepalive"}'), sink, true);
    expect(sink.calls).toEqual([
      ['malformed', 'frame is not valid UTF-8', 'l2', expect.stringContaining('output_text.delta')],
      ['malformed', expect.stringContaining('binary frame'), undefined],
    ]);
  });
});
