import { checkEndpoint } from './endpointPolicy';
import { httpBaseUrl, httpUrlOfWs, wsResponsesUrl } from './endpointUrl';
import type { ModelClientOptions } from './clientOptions';
import { HttpFallbackClient } from './httpFallbackClient';
import { HttpModelClient } from './http/httpModelClient';
import type { ModelClient } from './modelClient';
import { ModelError } from './modelError';
import { RefusedClient } from './refusedClient';
import { WsModelClient } from './ws/wsModelClient';
import { defaultWsTuning } from './ws/wsTuning';
import { DIRECT_NETWORK } from './network/networkSettings';

export type { ModelClientOptions } from './clientOptions';

/**
 * The ModelClient for an endpoint: ws(s):// gets the pre-warmed WebSocket pool, http(s):// the
 * HTTP client. A URL that may not be used (unencrypted to another host, no key for a remote
 * endpoint) gives a client that is offline with the reason and fails every request with it.
 */
export function createModelClient(options: ModelClientOptions): ModelClient {
  const now = options.now ?? (() => performance.now());
  // An empty or blank key counts as none.
  const apiKey = options.apiKey?.trim() || undefined;
  const check = checkEndpoint(options.url, {
    setting: `flint.${options.role}.url`,
    allowInsecure: options.allowInsecure,
    hasKey: apiKey !== undefined,
  });
  // A key with a space or line break inside cannot go into a header (and is not a key).
  const refusal =
    check.refusal ??
    (apiKey !== undefined && /[\s\x00-\x1f\x7f]/.test(apiKey)
      ? new ModelError('auth', 'The API key contains spaces or line breaks. Run "Flint: Set API Key" (or fix OPENAI_API_KEY) and enter it again.')
      : undefined);
  if (refusal) {
    options.log.warn(`${options.role} model: ${refusal.message}`);
    return new RefusedClient(check.transport, options.model, check.display, refusal, now);
  }
  const common = {
    endpoint: check.display,
    model: options.model,
    apiKey,
    network: options.network ?? DIRECT_NETWORK,
    firstTokenTimeoutMs: options.firstTokenTimeoutMs,
    stallTimeoutMs: options.stallTimeoutMs,
    maxOutputChars: options.maxOutputChars,
    log: options.log,
    now,
    ...(options.httpWarmth ? { warmth: options.httpWarmth } : {}),
  };
  if (check.transport === 'ws') {
    const ws = new WsModelClient({
      ...common,
      url: wsResponsesUrl(options.url),
      instructions: options.instructions,
      tuning: { ...defaultWsTuning, ...options.ws },
    });
    if (options.httpFallback === false) return ws;
    const baseUrl = httpBaseUrl(httpUrlOfWs(options.url));
    // The same host under the same policy: a URL that passed as ws(s) passes as http(s).
    const endpoint = checkEndpoint(baseUrl, { setting: `flint.${options.role}.url`, allowInsecure: options.allowInsecure, hasKey: apiKey !== undefined }).display;
    return new HttpFallbackClient(
      ws,
      () => new HttpModelClient({ ...common, endpoint, baseUrl, httpApi: 'responses', keepAlive: true }),
      { log: options.log, setting: `flint.${options.role}.url`, httpUrl: baseUrl },
    );
  }
  return new HttpModelClient({
    ...common,
    baseUrl: httpBaseUrl(options.url),
    httpApi: options.httpApi,
    fimApi: options.fimApi,
    keepAlive: true,
  });
}
