import { describe, expect, it } from 'vitest';
import { Faults } from '../../../src/server/faults/faults';

describe('Faults', () => {
  it('fires a counted fault that many times, then recovers', () => {
    const faults = new Faults();
    faults.set({ rateLimit: { times: 2 }, stall: { afterTokens: 3 } });
    expect(faults.take('rateLimit')).toEqual({ retryAfterSeconds: 1, times: 2 });
    expect(faults.describe().remaining).toEqual({ rateLimit: 1 });
    expect(faults.take('rateLimit')).toBeDefined();
    expect(faults.take('rateLimit')).toBeUndefined();
    // Uncounted faults fire until cleared.
    for (let i = 0; i < 5; i++) expect(faults.armResponse().stall).toEqual({ afterTokens: 3, ms: 0 });
    faults.set({});
    expect(faults.armResponse()).toEqual({});
  });

  it('arms all per-response faults at once and consumes one count each', () => {
    const faults = new Faults();
    faults.set({ dropAfterEvents: { after: 3, times: 1 }, invalidUtf8: { afterTokens: 1 } });
    expect(faults.armResponse()).toMatchObject({ dropAfterEvents: 3, invalidUtf8: 1 });
    expect(faults.armResponse()).toMatchObject({ dropAfterEvents: undefined, invalidUtf8: 1 });
  });

  it('arms nothing for a response that streams nothing, keeping the counts for the next', () => {
    const faults = new Faults();
    faults.set({ errorEvent: { after: 2, times: 1 } });
    expect(faults.armResponse(false)).toEqual({});
    expect(faults.armResponse().errorEvent).toMatchObject({ after: 2 });
  });

  it('rejects unknown faults and bad values with the path', () => {
    const faults = new Faults();
    expect(() => faults.set({ dropAfter: {} } as never)).toThrow(/dropAfter/);
    expect(() => faults.set({ stall: { afterTokens: -1 } })).toThrow(/stall\.afterTokens/);
    expect(() => faults.set({ errorEvent: { after: 0, times: 0 } })).toThrow(/errorEvent\.times/);
  });
});
