import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/log/logger';
import { redactingLogger } from '../../src/log/redactingLogger';
import { createModelClient } from '../../src/transport/createModelClient';

// A server that echoes the key back in its error, in every encoding seen in the wild: the
// error the user reads (chat, edit, history) and the log must hold none of them.
const KEY = 'sk-echo-Ab+c/dE=fGhIjKlMnOpQrStUv';
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const given = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const echo = [
      `Incorrect API key provided: ${given}`,
      `upper ${given.toUpperCase()}`,
      `url ${encodeURIComponent(given)}`,
      `basic ${Buffer.from(`user:${given}`).toString('base64')}`,
      `hex ${Buffer.from(given).toString('hex')}`,
      `zw ${given.slice(0, 12)}\u200b${given.slice(12)}`,
      'padding '.repeat(200),
    ].join('; ');
    const body = JSON.stringify({ error: { type: 'invalid_request_error', code: 'invalid_api_key', message: echo } });
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function capture(): { logger: Logger; text: () => string } {
  const lines: string[] = [];
  const push = (m: string | Error, ...a: unknown[]) => lines.push([String(m), ...a.map(String)].join(' '));
  return { logger: { trace: push, debug: push, info: push, warn: push, error: push }, text: () => lines.join('\n') };
}

describe('a server that echoes the key', () => {
  it('never gets the key into the error or the log, and its text is capped', async () => {
    const { logger, text } = capture();
    const log = redactingLogger(logger, () => [KEY]);
    const client = createModelClient({ role: 'full', url: base, model: 'm', apiKey: KEY, httpApi: 'responses', allowInsecure: false, firstTokenTimeoutMs: 5000, stallTimeoutMs: 5000, log });
    try {
      const r = await client.stream({ surface: 'chat', input: [{ role: 'user', content: 'hi' }] }).done;
      expect(r.status).toBe('failed');
      const message = r.error?.message ?? '';
      log.error(message);
      const forms = [KEY, KEY.toUpperCase(), encodeURIComponent(KEY), Buffer.from(`user:${KEY}`).toString('base64').slice(8, 30), Buffer.from(KEY).toString('hex'), KEY.slice(12)];
      for (const f of forms) {
        expect(message).not.toContain(f);
        expect(text()).not.toContain(f);
      }
      expect(message).toMatch(/refused the API key/);
      expect(message.length).toBeLessThan(700);
    } finally {
      client.dispose();
    }
  });
});
