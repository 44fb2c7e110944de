import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/logger';
import { createModelClient, type ModelClientOptions } from '../../src/transport/createModelClient';

const base: ModelClientOptions = {
  role: 'fast',
  url: 'ws://10.1.2.3:8080/v1/responses',
  model: 'm',
  httpApi: 'responses',
  allowInsecure: false,
  firstTokenTimeoutMs: 1000,
  stallTimeoutMs: 1000,
  log: silentLogger,
};

describe('createModelClient refusals', () => {
  it('refuses an unencrypted remote URL: offline, and every request fails naming the setting', async () => {
    const key = 'sk-test-abcdefghijklmnop';
    const client = createModelClient({ ...base, apiKey: key });
    expect(client.transport).toBe('ws');
    expect(client.state.status).toBe('offline');
    expect(client.state.reason).toContain('flint.network.allowInsecure');
    const r = await client.stream({ surface: 'completion', input: [{ role: 'user', content: 'x' }] }).done;
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('config');
    expect(r.error?.message).toContain('flint.network.allowInsecure');
    expect(JSON.stringify(client.state)).not.toContain(key);
    expect(client.stats()).toEqual({ openRequests: 0, busyLanes: 0, sockets: 0, listeners: 0 });
    client.dispose();
  });

  it('asks for a key when a remote endpoint has none', async () => {
    const client = createModelClient({ ...base, role: 'full', url: 'https://api.example.com/v1' });
    expect(client.transport).toBe('http');
    const r = await client.stream({ surface: 'chat', input: [] }).done;
    expect(r.error?.code).toBe('auth');
    expect(r.error?.message).toContain('Flint: Set API Key');
    client.dispose();
  });

  it('names the role’s URL setting when the URL is unusable', () => {
    const client = createModelClient({ ...base, role: 'full', url: 'nonsense' });
    expect(client.state.reason).toContain('flint.full.url');
    client.dispose();
  });
});
