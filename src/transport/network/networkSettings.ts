/**
 * How Flint reaches endpoints: the editor's proxy settings (`http.proxy`, `http.noProxy`,
 * `http.proxyAuthorization`, `http.proxyStrictSSL`, `http.proxySupport`), the proxy environment
 * variables, and extra trusted certificate authorities. Plain data: a change rebuilds the clients.
 */
export interface NetworkSettings {
  /** `http.proxy`; empty: the environment decides. */
  proxy: string;
  /** `http.noProxy`: hosts reached directly, as NO_PROXY lists them. */
  noProxy: readonly string[];
  /** `http.proxyAuthorization`: the Proxy-Authorization header value, if any. */
  proxyAuthorization?: string;
  /** `http.proxyStrictSSL`: false accepts any certificate on connections through a proxy. */
  strictSSL: boolean;
  /** `http.proxySupport`: "off" turns proxies off. */
  proxySupport: 'off' | 'on' | 'fallback' | 'override';
  /** HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY (either case), as read at startup. */
  env: ProxyEnv;
  /** Extra trusted certificate authorities (PEM), for HTTPS and WSS alike, beside Node's own. */
  ca?: string;
  /** Why these settings cannot be used (an unreadable CA file, a proxy URL that does not parse). */
  problem?: string;
}

export interface ProxyEnv {
  HTTPS_PROXY?: string;
  HTTP_PROXY?: string;
  ALL_PROXY?: string;
  NO_PROXY?: string;
}

export const DIRECT_NETWORK: NetworkSettings = { proxy: '', noProxy: [], strictSSL: true, proxySupport: 'override', env: {} };

/** The proxy variables of an environment; the lower-case spelling wins, as curl has it. */
export function proxyEnv(env: Record<string, string | undefined>): ProxyEnv {
  const pick = (name: keyof ProxyEnv) => (env[name.toLowerCase()] || env[name] || '').trim() || undefined;
  const out: ProxyEnv = {};
  for (const name of ['HTTPS_PROXY', 'HTTP_PROXY', 'ALL_PROXY', 'NO_PROXY'] as const) {
    const v = pick(name);
    if (v !== undefined) out[name] = v;
  }
  return out;
}
