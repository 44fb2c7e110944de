import { describe, expect, it } from 'vitest';
import { checkEndpoint } from '../../src/transport/endpointPolicy';

const opts = { setting: 'flint.fast.url', allowInsecure: false, hasKey: true };

describe('checkEndpoint', () => {
  it('picks the transport from the scheme', () => {
    expect(checkEndpoint('wss://api.openai.com/v1/responses', opts)).toEqual({
      transport: 'ws',
      display: 'wss://api.openai.com/v1/responses',
      loopback: false,
    });
    expect(checkEndpoint('https://api.openai.com/v1', opts)).toEqual({ transport: 'http', display: 'https://api.openai.com/v1', loopback: false });
  });

  it('allows unencrypted loopback without a key', () => {
    for (const url of ['ws://127.0.0.1:8080/v1/responses', 'http://localhost:11434/v1', 'http://[::1]:8000/v1']) {
      expect(checkEndpoint(url, { ...opts, hasKey: false }).refusal).toBeUndefined();
    }
  });

  it('refuses unencrypted remote hosts unless allowed, naming the setting', () => {
    const r = checkEndpoint('ws://10.0.0.5:8080/v1/responses', opts);
    expect(r.refusal?.code).toBe('config');
    expect(r.refusal?.message).toContain('flint.network.allowInsecure');
    expect(r.refusal?.message).toContain('wss://');
    expect(checkEndpoint('http://gpu-box:8000/v1', { ...opts, allowInsecure: true }).refusal).toBeUndefined();
  });

  it('asks for a key for remote endpoints', () => {
    const r = checkEndpoint('wss://api.openai.com/v1/responses', { ...opts, hasKey: false });
    expect(r.refusal?.code).toBe('auth');
    expect(r.refusal?.message).toContain('Flint: Set API Key');
  });

  it('rejects unusable URLs with the setting name', () => {
    expect(checkEndpoint('not a url', opts).refusal?.message).toContain('"flint.fast.url" is not a valid URL');
    expect(checkEndpoint('ftp://x/v1', opts).refusal?.code).toBe('config');
  });

  it('shows the endpoint without credentials or query', () => {
    expect(checkEndpoint('https://user:secret@host.example/v1/?api-key=abc', opts).display).toBe('https://host.example/v1');
  });
});
