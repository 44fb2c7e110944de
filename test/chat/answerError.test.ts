import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/chat/answerError';
import { ModelError } from '../../src/transport/modelError';

describe('describeFailure', () => {
  it('tells the user what to do for each kind of failure', () => {
    expect(describeFailure(new ModelError('auth', 'The API key was rejected (401).'))).toMatch(/Set API Key/);
    expect(describeFailure(new ModelError('network', 'Connection lost.'))).toMatch(/partial answer are kept/);
    expect(describeFailure(new ModelError('rate_limit', 'Too many requests.', { retryAfterMs: 2500 }))).toBe('Too many requests. Wait 3 s, then Retry.');
    expect(describeFailure(new ModelError('server', 'Boom.'))).toMatch(/Show Log/);
    expect(describeFailure(undefined)).toMatch(/unknown reason/);
  });

  it('does not repeat advice the transport already gave', () => {
    const auth = describeFailure(new ModelError('auth', 'The key was rejected (401). Run "Flint: Set API Key" to enter a valid key.'));
    expect(auth.match(/Set API Key/g)).toHaveLength(1);
    const limited = describeFailure(new ModelError('rate_limit', 'Rate limited (429). Retry in 1 s.', { retryAfterMs: 1000 }));
    expect(limited).toBe('Rate limited (429). Retry in 1 s. Then Retry.');
  });
});
