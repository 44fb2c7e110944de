import * as vscode from 'vscode';
import { resolveApiKey } from '../config/apiKey';
import type { Config } from '../config/config';
import type { Services } from '../services';
import { createModelClient } from '../transport/createModelClient';
import type { ModelClient } from '../transport/modelClient';
import { API_KEY_SECRET } from './createServices';

const FIM_KEYS = ['completions.api', 'completions.url', 'fast.url', 'fast.model', 'network.allowInsecure', 'request.firstTokenTimeoutMs', 'request.stallTimeoutMs'] as const;

/**
 * The client ghost-text requests go to: the shared fast client for the Responses API, or an
 * HTTP client for native fill-in-the-middle (`flint.completions.api` infill/completions) at
 * `flint.completions.url` (the fast URL when empty). The latter is rebuilt when its settings or
 * the stored key change.
 */
export function completionClient(context: vscode.ExtensionContext, services: Services): () => ModelClient {
  let fim: { client: ModelClient; config: Config } | undefined;
  let apiKey: string | undefined;
  const readKey = async () => {
    apiKey = await resolveApiKey({ secret: () => Promise.resolve(context.secrets.get(API_KEY_SECRET)), env: process.env });
    drop();
  };
  const drop = () => {
    fim?.client.dispose();
    fim = undefined;
  };
  void readKey();
  const offConfig = services.onConfigChange((config) => {
    if (fim && FIM_KEYS.some((k) => fim!.config[k] !== config[k])) drop();
  });
  context.subscriptions.push(
    { dispose: offConfig },
    { dispose: drop },
    context.secrets.onDidChange((e) => {
      if (e.key === API_KEY_SECRET) void readKey();
    }),
  );

  return () => {
    const config = services.config();
    const api = config['completions.api'];
    if (api === 'responses') return services.fast();
    if (!fim) {
      const client = createModelClient({
        role: 'fast',
        url: config['completions.url'] || config['fast.url'],
        model: config['fast.model'],
        apiKey,
        httpApi: config['http.api'],
        allowInsecure: config['network.allowInsecure'],
        firstTokenTimeoutMs: config['request.firstTokenTimeoutMs'],
        stallTimeoutMs: config['request.stallTimeoutMs'],
        fimApi: api,
        log: services.log,
      });
      fim = { client, config };
    }
    return fim.client;
  };
}
