import { describe, expect, it } from 'vitest';
import { parseLatencyViewMessage } from '../../src/metrics/latencyMessages';

describe('parseLatencyViewMessage', () => {
  it('accepts the two known messages and drops extra fields', () => {
    expect(parseLatencyViewMessage({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(parseLatencyViewMessage({ type: 'export', path: '/etc/passwd' })).toEqual({ type: 'export' });
  });

  it('ignores anything else', () => {
    for (const raw of [null, undefined, 'export', 42, {}, { type: 'exec' }, { type: ['export'] }]) {
      expect(parseLatencyViewMessage(raw)).toBeUndefined();
    }
  });
});
