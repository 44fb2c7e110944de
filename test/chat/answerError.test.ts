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
});
