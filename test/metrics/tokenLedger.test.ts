import { describe, expect, it } from 'vitest';
import type { RequestSample } from '../../src/metrics/requestSample';
import { TokenLedger, tokensOf, wasteOf } from '../../src/metrics/tokenLedger';

function sample(over: Partial<RequestSample> & { input?: number; cached?: number; output?: number; chars?: number } = {}): RequestSample {
  const { input, cached, output = 10, chars = 400, ...rest } = over;
  return {
    surface: 'completion',
    route: 'fast',
    outcome: 'used',
    marks: { created: 0, outputTokens: output, promptChars: chars, ...(input === undefined ? {} : { inputTokens: input }), ...(cached === undefined ? {} : { cachedInputTokens: cached }) },
    ...rest,
  };
}

const at = (h: number, m = 0) => new Date(2026, 10, 26, h, m).getTime();

describe('wasteOf', () => {
  it('names why tokens bought nothing: cancelled, speculative never shown, alternatives never picked, failed', () => {
    expect(wasteOf(sample())).toBeUndefined();
    expect(wasteOf(sample({ outcome: 'abandoned' }))).toBe('cancelled');
    expect(wasteOf(sample({ outcome: 'abandoned', purpose: 'speculative' }))).toBe('speculative');
    expect(wasteOf(sample({ outcome: 'used', purpose: 'speculative' }))).toBeUndefined();
    expect(wasteOf(sample({ outcome: 'abandoned', purpose: 'alternative' }))).toBe('alternative');
    expect(wasteOf(sample({ surface: 'variants', outcome: 'abandoned' }))).toBe('alternative');
    expect(wasteOf(sample({ surface: 'variants', outcome: 'used' }))).toBeUndefined();
    expect(wasteOf(sample({ outcome: 'failed', purpose: 'speculative' }))).toBe('failed');
  });
});

describe('tokensOf', () => {
  it('takes the usage the server reported, and estimates the input from the request when it reported none', () => {
    expect(tokensOf(sample({ input: 120, cached: 100, output: 7 }))).toEqual({ requests: 1, input: 120, cachedInput: 100, output: 7, estimatedInput: 0 });
    expect(tokensOf(sample({ chars: 401, output: 3 }))).toEqual({ requests: 1, input: 101, cachedInput: 0, output: 3, estimatedInput: 101 });
  });
});

describe('TokenLedger', () => {
  it('sums per local hour and surface, newest hour first, and counts no cache hit', () => {
    const l = new TokenLedger();
    l.record(sample({ input: 100, output: 10 }), at(9, 5));
    l.record(sample({ input: 50, output: 5 }), at(9, 55));
    l.record(sample({ surface: 'chat', input: 1000, output: 200 }), at(9, 30));
    l.record(sample({ input: 100, output: 10 }), at(10, 1));
    l.record(sample({ outcome: 'cache', input: 999 }), at(10, 2));
    l.record(sample({ outcome: 'typing-through', input: 999 }), at(10, 3));
    const hours = l.byHour();
    expect(hours.map((h) => new Date(h.hour).getHours())).toEqual([10, 9]);
    expect(hours[1]!.surfaces.completion).toMatchObject({ requests: 2, input: 150, output: 15 });
    expect(hours[1]!.surfaces.chat).toMatchObject({ requests: 1, input: 1000, output: 200 });
    expect(hours[0]!.surfaces).toEqual({ completion: expect.objectContaining({ requests: 1, input: 100 }) });
    expect(l.sessionTotals().total).toMatchObject({ requests: 4, input: 1250, output: 225 });
  });

  it('adds up the wasted tokens by reason', () => {
    const l = new TokenLedger();
    l.record(sample({ input: 100, output: 20 }), at(9));
    l.record(sample({ outcome: 'abandoned', input: 100, output: 5 }), at(9));
    l.record(sample({ outcome: 'abandoned', purpose: 'speculative', input: 100, output: 20 }), at(9));
    l.record(sample({ surface: 'variants', outcome: 'abandoned', input: 300, output: 100 }), at(9));
    const t = l.sessionTotals();
    expect(t.wasted).toMatchObject({ requests: 3, input: 500, output: 125 });
    expect(t.wastedBy.cancelled).toMatchObject({ requests: 1, input: 100, output: 5 });
    expect(t.wastedBy.speculative).toMatchObject({ requests: 1, output: 20 });
    expect(t.wastedBy.alternative).toMatchObject({ requests: 1, input: 300 });
    expect(t.wastedBy.failed.requests).toBe(0);
  });

  it("keeps today's total apart from yesterday's, and a bounded number of hours", () => {
    const l = new TokenLedger();
    l.record(sample({ input: 7, output: 1 }), new Date(2026, 10, 25, 23, 59).getTime());
    l.record(sample({ input: 5, output: 2 }), at(0, 1));
    expect(l.day(at(12))).toMatchObject({ requests: 1, input: 5, output: 2 });
    expect(l.day(new Date(2026, 10, 25, 12).getTime())).toMatchObject({ requests: 1, input: 7 });
    for (let h = 0; h < 100; h++) l.record(sample(), at(0) + h * 3_600_000);
    expect(l.byHour().length).toBe(48);
  });
});
