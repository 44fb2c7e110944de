import { describe, expect, it } from 'vitest';
import { errorFromStatus } from '../../../src/transport/errorFromStatus';
import { ModelError } from '../../../src/transport/modelError';
import { refusedOutright } from '../../../src/transport/ws/refusedOutright';

const upgradeAnswered = (status: number) => {
  const e = errorFromStatus(status, 'ws://127.0.0.1:1/v1/responses');
  return new ModelError(e.code, e.message, { ...e.options, upgradeRefused: true });
};

describe('refusedOutright', () => {
  it('takes an upgrade answered by a plain HTTP server (or a proxy) as no WebSocket mode', () => {
    for (const status of [200, 301, 400, 403, 404, 405, 426]) expect(refusedOutright(upgradeAnswered(status)), String(status)).toBe(true);
  });

  it('leaves what retrying or another setting may fix: 5xx, timeouts, rate limits, credentials, the network', () => {
    for (const status of [401, 407, 408, 429, 500, 502, 503]) expect(refusedOutright(upgradeAnswered(status)), String(status)).toBe(false);
    expect(refusedOutright(new ModelError('network', 'Cannot reach ws://127.0.0.1:1/v1/responses: connect ECONNREFUSED.'))).toBe(false);
    // The same status on a request that reached a model says nothing about the upgrade.
    expect(refusedOutright(errorFromStatus(404, 'ws://127.0.0.1:1/v1/responses'))).toBe(false);
  });
});
