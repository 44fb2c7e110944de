import * as net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startEndpoint, type EndpointHandle } from '../../../src/server/startEndpoint';
import { createModelClient } from '../../../src/transport/createModelClient';
import type { ModelClient } from '../../../src/transport/modelClient';
import { ask, memoryLogger } from './wsHarness';

let ep: EndpointHandle | undefined;
let gate: net.Server | undefined;
let client: ModelClient | undefined;
afterEach(async () => {
  client?.dispose();
  await new Promise((r) => (gate ? gate.close(r) : r(undefined)));
  await ep?.close();
  ep = client = gate = undefined;
});

/**
 * A port whose first connection hangs and then breaks (an endpoint on its way back up); later
 * connections reach the real endpoint.
 */
async function comingBack(targetPort: number, breakAfterMs: number): Promise<number> {
  let first = true;
  gate = net.createServer((socket) => {
    socket.on('error', () => undefined);
    if (first) {
      first = false;
      setTimeout(() => socket.destroy(), breakAfterMs);
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((r) => gate!.listen(0, '127.0.0.1', () => r()));
  return (gate.address() as net.AddressInfo).port;
}

describe('WebSocket client: a request made while a connection attempt is failing', () => {
  it('gets an attempt of its own instead of the failure of an attempt that began before it', async () => {
    ep = await startEndpoint({ engine: 'scripted' });
    const port = await comingBack(ep.port, 150);
    const logs: string[] = [];
    client = createModelClient({
      role: 'fast',
      url: `ws://127.0.0.1:${port}/v1/responses`,
      model: 'gpt-5.3-codex-spark',
      httpApi: 'responses',
      allowInsecure: false,
      firstTokenTimeoutMs: 5000,
      stallTimeoutMs: 5000,
      log: memoryLogger(logs),
      ws: { reconnectBaseMs: 5000, reconnectMaxMs: 5000 },
    });
    await new Promise((r) => setTimeout(r, 50));
    const r = await client.stream(ask('hello')).done;
    expect(r.error?.message).toBeUndefined();
    expect(r.status).toBe('completed');
  });
});
