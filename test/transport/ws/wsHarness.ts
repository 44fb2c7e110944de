import { startEndpoint, type EndpointHandle, type EndpointOptions } from '../../../src/server/startEndpoint';
import type { Logger } from '../../../src/log/logger';
import type { ModelClientOptions } from '../../../src/transport/clientOptions';
import { createModelClient } from '../../../src/transport/createModelClient';
import type { ModelClient, ModelRequest } from '../../../src/transport/modelClient';
import { startDelayProxy, type DelayProxy } from '../../../support/delayProxy';

export interface Harness {
  ep: EndpointHandle;
  proxy: DelayProxy;
  client: ModelClient;
  logs: string[];
  close(): Promise<void>;
}

/** A logger that keeps every line, for asserting what was (and was not) logged. */
export function memoryLogger(lines: string[]): Logger {
  const keep =
    (level: string) =>
    (m: string | Error, ...args: unknown[]) =>
      void lines.push(`${level} ${m instanceof Error ? m.message : m} ${args.map((a) => JSON.stringify(a)).join(' ')}`);
  return { trace: keep('trace'), debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') };
}

/**
 * The real endpoint behind a counting TCP proxy (no delay unless asked), and a WebSocket
 * client through the proxy.
 */
export async function wsHarness(
  opts: { endpoint?: EndpointOptions; client?: Partial<ModelClientOptions>; delayMs?: number; port?: number } = {},
): Promise<Harness> {
  const ep = await startEndpoint({ engine: 'scripted', ...opts.endpoint });
  const proxy = await startDelayProxy({ targetPort: ep.port, oneWayDelayMs: opts.delayMs ?? 0 });
  const logs: string[] = [];
  const client = createModelClient({
    role: 'fast',
    url: `ws://127.0.0.1:${proxy.port}/v1/responses`,
    model: 'gpt-5.3-codex-spark',
    httpApi: 'responses',
    allowInsecure: false,
    firstTokenTimeoutMs: 5000,
    stallTimeoutMs: 5000,
    log: memoryLogger(logs),
    // These tests are about the socket pool itself; HTTP fallback has tests of its own.
    httpFallback: false,
    ...opts.client,
    ws: { reconnectBaseMs: 20, reconnectMaxMs: 200, ...opts.client?.ws },
  });
  return {
    ep,
    proxy,
    client,
    logs,
    async close() {
      client.dispose();
      await proxy.close();
      await ep.close();
    },
  };
}

export function ask(text: string, extra: Partial<ModelRequest> = {}): ModelRequest {
  return { surface: 'chat', input: [{ role: 'user', content: text }], ...extra };
}

/** Resolves once the client reports this state. */
export function stateReached(client: ModelClient, status: string, timeoutMs = 5000): Promise<void> {
  if (client.state.status === status) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`state ${status} not reached; still ${JSON.stringify(client.state)}`));
    }, timeoutMs);
    const off = client.onStateChange((s) => {
      if (s.status !== status) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

/** Polls until the check holds (for counters that settle after a terminal event). */
export async function eventually(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
