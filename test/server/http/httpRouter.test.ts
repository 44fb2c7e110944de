import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { post } from '../sseReader';

let endpoint: EndpointHandle;
beforeAll(async () => {
  endpoint = await startEndpoint({ fastModel: 'fast-one', fullModel: 'full-one', knobs: { tokensPerSecond: 0, token: 't0k' }, adminToken: 'adm1n' });
});
afterAll(() => endpoint.close());

const auth = { authorization: 'Bearer t0k' };
const admin = { 'x-flint-admin': 'adm1n' };

describe('HTTP routing', () => {
  it('lists the served model names', async () => {
    const body = await (await fetch(`${endpoint.httpUrl}/models`, { headers: auth })).json();
    expect(body.data.map((m: { id: string }) => m.id)).toEqual(['fast-one', 'full-one']);
  });

  it('requires the bearer token everywhere but /health', async () => {
    expect((await fetch(`${endpoint.httpUrl}/models`)).status).toBe(401);
    const wrong = await post(`${endpoint.httpUrl}/responses`, { input: 'x' }, { authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe('invalid_api_key');
    expect((await fetch(`${endpoint.origin}/health`)).status).toBe(200);
  });

  it('answers unknown routes with a 404 JSON error', async () => {
    const res = await fetch(`${endpoint.httpUrl}/nothing`, { headers: auth });
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toContain('/v1/nothing');
  });

  it('keeps connections alive between requests', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<boolean>((resolve, reject) => {
        const req = request(`${endpoint.httpUrl}/models`, { agent, headers: auth }, (res) => {
          res.resume();
          res.on('end', () => resolve(req.reusedSocket));
        });
        req.on('error', reject);
        req.end();
      });
    expect(await get()).toBe(false);
    expect(await get()).toBe(true);
    agent.destroy();
  });

  it('patches knobs and faults through the admin routes, rejecting bad values', async () => {
    const knobs = await post(`${endpoint.origin}/__admin/knobs`, { tokensPerSecond: 123 }, admin);
    expect((await knobs.json()).tokensPerSecond).toBe(123);
    const bad = await post(`${endpoint.origin}/__admin/knobs`, { tokensPerSecond: -1 }, admin);
    expect(bad.status).toBe(400);
    const faults = await post(`${endpoint.origin}/__admin/faults`, { rateLimit: { times: 2 } }, admin);
    expect(await faults.json()).toMatchObject({ settings: { rateLimit: { retryAfterSeconds: 1 } }, remaining: { rateLimit: 2 } });
    const typo = await post(`${endpoint.origin}/__admin/faults`, { ratelimit: {} }, admin);
    expect(typo.status).toBe(400);
    expect((await typo.json()).error.message).toMatch(/ratelimit/);
    // The unauthorized fault spares the test controls (their own token), so a test can always clear it.
    await post(`${endpoint.origin}/__admin/faults`, { unauthorized: {} }, admin);
    expect((await fetch(`${endpoint.httpUrl}/models`, { headers: auth })).status).toBe(401);
    expect((await post(`${endpoint.origin}/__admin/faults`, {}, admin)).status).toBe(200);
    expect((await fetch(`${endpoint.httpUrl}/models`, { headers: auth })).status).toBe(200);
  });
});
