import { describe, expect, it } from 'vitest';
import { formatRequestLog } from '../../src/metrics/formatRequestLog';

describe('formatRequestLog', () => {
  it('names surface, route, endpoint and the timings of a request', () => {
    const line = formatRequestLog(
      { surface: 'chat', route: 'full', outcome: 'used', marks: { created: 100, sent: 100.5, firstToken: 140, done: 1140, outputTokens: 1001 } },
      'http://127.0.0.1:9/v1',
    );
    expect(line).toBe('chat used via full model (http://127.0.0.1:9/v1), sent 0.5 ms, first token 40.0 ms, done 1040.0 ms, 1001 tokens at 1000 tok/s');
  });
  it('marks missing timings instead of inventing them', () => {
    const line = formatRequestLog({ surface: 'completion', route: 'fast', outcome: 'abandoned', marks: { created: 0, outputTokens: 0 }, keystrokeToItemsMs: 2 }, 'ws://x');
    expect(line).toContain('first token –');
    expect(line).toContain('provider called to item 2.0 ms');
  });
});
