import { describe, expect, it } from 'vitest';
import { FailurePause } from '../../src/completions/failurePause';
import type { ModelClient } from '../../src/transport/modelClient';
import { ModelError } from '../../src/transport/modelError';

const client = (): ModelClient => ({}) as ModelClient;

/** How long `error` pauses requests, ms, measured by asking. */
function pauseOf(error: ModelError): number {
  const p = new FailurePause();
  const c = client();
  p.failed(error, c, 0);
  let ms = 0;
  while (p.isPaused(ms, c) && ms < 60_000) ms += 100;
  return ms;
}

describe('FailurePause', () => {
  it('pauses long only for what a retry cannot fix', () => {
    expect(pauseOf(new ModelError('auth', 'no key'))).toBe(15_000);
    expect(pauseOf(new ModelError('bad_request', 'rejected'))).toBe(15_000);
    expect(pauseOf(new ModelError('config', 'insecure URL'))).toBe(15_000);
    expect(pauseOf(new ModelError('network', 'reset'))).toBe(1000);
    expect(pauseOf(new ModelError('timeout', 'stalled'))).toBe(1000);
    expect(pauseOf(new ModelError('server', '500'))).toBe(1000);
    expect(pauseOf(new ModelError('protocol', 'bad frame'))).toBe(1000);
  });

  it('waits as long as a rate limit says, 5 s when it does not say', () => {
    expect(pauseOf(new ModelError('rate_limit', '429', { retryAfterMs: 2300 }))).toBe(2300);
    expect(pauseOf(new ModelError('rate_limit', '429'))).toBe(5000);
  });

  it('says a failure is new only when not paused already, and never shortens a pause', () => {
    const p = new FailurePause();
    const c = client();
    expect(p.failed(new ModelError('auth', 'no key'), c, 0)).toBe(true);
    expect(p.failed(new ModelError('network', 'reset'), c, 500)).toBe(false);
    expect(p.isPaused(14_000, c)).toBe(true);
    expect(p.isPaused(15_000, c)).toBe(false);
    expect(p.failed(new ModelError('network', 'reset'), c, 20_000)).toBe(true);
  });

  it('lifts the pause for a new client (a new key or new settings)', () => {
    const p = new FailurePause();
    const old = client();
    p.failed(new ModelError('auth', 'no key'), old, 0);
    expect(p.isPaused(100, client())).toBe(false);
    expect(p.isPaused(200, old)).toBe(false);
  });
});
