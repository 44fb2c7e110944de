import { describe, expect, it } from 'vitest';
import { isLoopbackUrl, resolveApiKey, validateApiKey } from '../../src/config/apiKey';

describe('resolveApiKey', () => {
  it('prefers the stored secret over the environment', async () => {
    expect(await resolveApiKey({ secret: async () => 'sk-stored', env: { OPENAI_API_KEY: 'sk-env' } })).toBe('sk-stored');
  });
  it('falls back to OPENAI_API_KEY', async () => {
    expect(await resolveApiKey({ secret: async () => undefined, env: { OPENAI_API_KEY: ' sk-env ' } })).toBe('sk-env');
  });
  it('is undefined when neither is set', async () => {
    expect(await resolveApiKey({ secret: async () => '  ', env: {} })).toBeUndefined();
  });
});

describe('isLoopbackUrl', () => {
  it.each([
    ['ws://127.0.0.1:8080/v1/responses', true],
    ['http://localhost:1234/v1', true],
    ['http://[::1]:80/', true],
    ['wss://api.openai.com/v1/responses', false],
    ['http://10.0.0.5/v1', false],
    ['http://127.0.0.1.evil.com/', false],
    ['garbage', false],
  ])('%s -> %s', (url, expected) => expect(isLoopbackUrl(url)).toBe(expected));
});

describe('validateApiKey', () => {
  it('accepts a key and rejects blanks and spaces', () => {
    expect(validateApiKey('sk-abcdefgh123')).toBeUndefined();
    expect(validateApiKey('  ')).toMatch(/Enter a key/);
    expect(validateApiKey('sk-abc defgh')).toMatch(/no spaces/);
  });
});
