import { startEndpoint, type EndpointHandle, type EndpointOptions } from '../../../src/server/startEndpoint';
import type { ModelClientOptions } from '../../../src/transport/clientOptions';
import { createModelClient } from '../../../src/transport/createModelClient';
import type { ModelClient } from '../../../src/transport/modelClient';
import { startDelayProxy, type DelayProxy } from '../../../support/delayProxy';
import { memoryLogger } from '../ws/wsHarness';

export interface HttpHarness {
  ep: EndpointHandle;
  proxy: DelayProxy;
  client: ModelClient;
  logs: string[];
  close(): Promise<void>;
}

/** The real endpoint behind a counting TCP proxy, and an HTTP client through it. */
export async function httpHarness(opts: { endpoint?: EndpointOptions; client?: Partial<ModelClientOptions> } = {}): Promise<HttpHarness> {
  const ep = await startEndpoint({ engine: 'scripted', ...opts.endpoint });
  const proxy = await startDelayProxy({ targetPort: ep.port, oneWayDelayMs: 0 });
  const logs: string[] = [];
  const client = createModelClient({
    role: 'full',
    url: `http://127.0.0.1:${proxy.port}/v1`,
    model: 'gpt-5.3-codex-spark',
    httpApi: 'responses',
    allowInsecure: false,
    firstTokenTimeoutMs: 5000,
    stallTimeoutMs: 5000,
    log: memoryLogger(logs),
    ...opts.client,
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
