import type { Agent } from 'node:http';
import * as http from 'node:http';
import * as https from 'node:https';
import { checkServerIdentity, createSecureContext, rootCertificates, type PeerCertificate, type SecureContext } from 'node:tls';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';
import type { NetworkSettings } from './networkSettings';
import { proxyRoute, type ProxyRoute } from './proxyRoute';

/** TLS options for a connection: extra authorities beside Node's own; `http.proxyStrictSSL`. */
export interface TlsTrust {
  secureContext?: SecureContext;
  rejectUnauthorized?: boolean;
  checkServerIdentity?: (host: string, cert: PeerCertificate) => Error | undefined;
}

/**
 * Node's `ca` option replaces the bundled authorities: the extra ones (a company's, a
 * self-signed server's) are added to them instead, so public endpoints stay trusted. Certificates
 * are checked strictly unless the connection goes through a proxy and the user turned
 * `http.proxyStrictSSL` off (a proxy that re-signs traffic with its own certificate).
 */
export function tlsTrust(s: NetworkSettings, target: string, proxied: boolean): TlsTrust {
  const host = new URL(target).hostname.replace(/^\[|\]$/g, '');
  return {
    ...(s.ca ? { secureContext: contextWith(s.ca) } : {}),
    ...(proxied && !s.strictSSL ? { rejectUnauthorized: false } : {}),
    // Inside a tunnel the TLS connection is opened without the target's name when it is an IP
    // address, and would be checked against "localhost": check it against the target.
    ...(proxied ? { checkServerIdentity: (_name: string, cert: PeerCertificate) => checkServerIdentity(host, cert) } : {}),
  };
}

/**
 * One context per client, made once: one built from `ca: [...rootCertificates, extra]` parses
 * every bundled certificate (about 80 ms of the extension host, measured), while adding the
 * extra ones to a default context takes about 1 ms and leaves other connections' trust alone.
 */
function contextWith(pem: string): SecureContext {
  const ctx = createSecureContext();
  const native = (ctx as unknown as { context?: { addCACert?: (pem: string) => void } }).context;
  if (typeof native?.addCACert !== 'function') return createSecureContext({ ca: [...rootCertificates, pem] });
  native.addCACert(pem);
  return ctx;
}

/** How a WebSocket reaches `url`: through a CONNECT tunnel when a proxy applies. */
export function wsConnectOptions(url: string, s: NetworkSettings): { agent?: Agent; tls: TlsTrust; proxy?: ProxyRoute } {
  const proxy = proxyRoute(url, s);
  // A tunnel for ws:// too: proxies relay an upgrade only inside CONNECT.
  const agent = proxy ? new HttpsProxyAgent(proxy.url, { headers: proxy.headers }) : undefined;
  return { agent, tls: tlsTrust(s, url, proxy !== undefined), ...(proxy ? { proxy } : {}) };
}

export interface HttpAgents {
  http: Agent;
  https: Agent;
  /** For each https request's options too: a proxy agent does not pass its own on. */
  tls: TlsTrust;
  proxy?: ProxyRoute;
}

/**
 * The keep-alive agents for HTTP requests to `baseUrl`: https through a CONNECT tunnel, http
 * forwarded by the proxy, when one applies; Node's agents otherwise.
 */
export function httpAgents(baseUrl: string, s: NetworkSettings, pool: { keepAlive: boolean; maxSockets: number }): HttpAgents {
  const proxy = proxyRoute(baseUrl, s);
  const base = { keepAlive: pool.keepAlive, maxSockets: pool.maxSockets, scheduling: 'lifo' as const };
  const tls = tlsTrust(s, baseUrl, proxy !== undefined);
  if (!proxy) return { http: new http.Agent(base), https: new https.Agent({ ...base, ...tls }), tls };
  return {
    http: new HttpProxyAgent(proxy.url, { ...base, headers: proxy.headers }),
    https: new HttpsProxyAgent(proxy.url, { ...base, headers: proxy.headers }),
    tls,
    proxy,
  };
}
