import { describe, expect, it } from 'vitest';
import { errorFromServerEvent, errorFromStatus } from '../../src/transport/errorFromStatus';

const ep = 'wss://api.example/v1/responses';

describe('errorFromStatus', () => {
  it('maps statuses to codes a surface can act on', () => {
    expect(errorFromStatus(401, ep).code).toBe('auth');
    expect(errorFromStatus(403, ep).code).toBe('auth');
    expect(errorFromStatus(429, ep, { retryAfterMs: 2000 })).toMatchObject({ code: 'rate_limit', retryAfterMs: 2000 });
    expect(errorFromStatus(400, ep).code).toBe('bad_request');
    expect(errorFromStatus(503, ep).code).toBe('server');
  });

  it('tells the user how to fix a refused key', () => {
    expect(errorFromStatus(401, ep).message).toContain('Flint: Set API Key');
  });

  it('never repeats the key, even when the server quotes it', () => {
    const key = 'sk-proj-abcdefghijklmnop';
    const e = errorFromStatus(401, ep, { message: `Incorrect API key provided: ${key}.`, apiKey: key });
    expect(e.message).not.toContain(key);
    expect(e.message).not.toContain('abcdefgh');
  });
});

describe('errorFromServerEvent', () => {
  it('uses the status when the event has one', () => {
    expect(errorFromServerEvent({ status: 429, code: 'rate_limit_exceeded', message: 'x', retryAfterMs: 10 }, ep)).toMatchObject({
      code: 'rate_limit',
      retryAfterMs: 10,
    });
  });

  it('falls back to the error code or type', () => {
    expect(errorFromServerEvent({ code: 'rate_limit_exceeded', message: 'x' }, ep).code).toBe('rate_limit');
    expect(errorFromServerEvent({ type: 'invalid_request_error', message: 'x' }, ep).code).toBe('bad_request');
    const e = errorFromServerEvent({ code: 'server_error', message: 'melted' }, ep);
    expect(e.code).toBe('server');
    expect(e.message).toContain('melted');
    expect(e.options.serverCode).toBe('server_error');
  });
});

describe('errorFromStatus and proxies and local servers', () => {
  it('a 407 names the proxy settings, not the API key', () => {
    const e = errorFromStatus(407, 'https://api.example.com/v1');
    expect(e.code).toBe('config');
    expect(e.message).toMatch(/proxy authentication required.*"http\.proxy".*"http\.proxyAuthorization"/);
    expect(e.message).not.toContain('Set API Key');
  });

  it('a 401 through a proxy names both fixes, the key and the proxy credentials', () => {
    const e = errorFromStatus(401, 'https://api.example.com/v1', { apiKey: 'sk-x', proxy: 'http://corp.proxy:3128' });
    expect(e.message).toMatch(/Flint: Set API Key.*through the proxy http:\/\/corp\.proxy:3128.*"http\.proxy"/);
  });

  it('a 401 from a server on this machine that got no key says how to send it one', () => {
    expect(errorFromStatus(401, 'http://127.0.0.1:8080/v1').message).toMatch(/No key was sent.*"flint\.network\.sendKeyToLoopback"/);
    expect(errorFromStatus(401, 'http://127.0.0.1:8080/v1', { apiKey: 'sk-x' }).message).not.toContain('sendKeyToLoopback');
    expect(errorFromStatus(401, 'https://api.example.com/v1').message).not.toContain('sendKeyToLoopback');
  });
});
