import { BlockList, isIP } from 'node:net';
import { isLoopbackUrl } from '../../config/apiKey';
import type { NetworkSettings } from './networkSettings';

/** The proxy a connection goes through. */
export interface ProxyRoute {
  /** The proxy's URL, credentials included (never logged: see `display`). */
  url: string;
  /** Headers for the proxy (Proxy-Authorization from `http.proxyAuthorization`). */
  headers: Record<string, string>;
  /** scheme://host:port of the proxy, for logs and messages. */
  display: string;
}

/**
 * The proxy for `target`, or undefined to connect directly. `http.proxy` wins over the
 * environment (HTTPS_PROXY for https and wss, HTTP_PROXY for http and ws, then ALL_PROXY);
 * `http.noProxy` and NO_PROXY both list hosts reached directly; endpoints on this machine are
 * always reached directly, as Go's and the browsers' proxy rules have it (a corporate proxy
 * cannot reach the user's own local server).
 */
export function proxyRoute(target: string, s: NetworkSettings): ProxyRoute | undefined {
  if (s.proxySupport === 'off') return undefined;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return undefined;
  }
  if (isLoopbackUrl(target)) return undefined;
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  const port = Number(url.port) || (secure ? 443 : 80);
  const bypass = [...s.noProxy, ...(s.env.NO_PROXY ?? '').split(/[,\s]+/)];
  if (bypass.some((entry) => noProxyMatches(entry, url.hostname, port))) return undefined;
  const raw = s.proxy.trim() || (secure ? s.env.HTTPS_PROXY : s.env.HTTP_PROXY) || s.env.ALL_PROXY;
  if (!raw) return undefined;
  let proxy: URL;
  try {
    // A proxy given as host:port speaks plain HTTP, as curl assumes.
    proxy = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
  } catch {
    return undefined;
  }
  const headers: Record<string, string> = s.proxyAuthorization ? { 'Proxy-Authorization': s.proxyAuthorization } : {};
  return { url: proxy.href, headers, display: `${proxy.protocol}//${proxy.host}` };
}

/**
 * Whether one NO_PROXY entry covers a host: `*` covers all; `example.com` and `.example.com`
 * cover the domain and its subdomains; `host:port` only that port; an IP literal matches
 * exactly and `10.0.0.0/8` a range. Written out because proxy-from-env reads process.env itself
 * and cannot merge in `http.noProxy`; the rules are its rules, plus ranges.
 */
export function noProxyMatches(entry: string, hostname: string, port: number): boolean {
  const e = entry.trim().toLowerCase();
  if (!e) return false;
  if (e === '*') return true;
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const parts = /^\[([^\]]+)\](?::(\d+))?$/.exec(e) ?? /^([^:]+):(\d+)$/.exec(e) ?? [e, e, undefined];
  const wanted = parts[1]!;
  if (parts[2] !== undefined && Number(parts[2]) !== port) return false;
  const range = /^(.+)\/(\d{1,3})$/.exec(wanted);
  if (range) return inRange(host, range[1]!, Number(range[2]));
  const domain = wanted.replace(/^\*?\.?/, '');
  return host === domain || host.endsWith(`.${domain}`);
}

function inRange(host: string, network: string, prefix: number): boolean {
  const family = isIP(network);
  if (!family || isIP(host) !== family) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  try {
    const list = new BlockList();
    list.addSubnet(network, prefix, type);
    return list.check(host, type);
  } catch {
    return false;
  }
}

/** Why the proxy settings cannot be used: a proxy URL that does not parse, naming where it came from. */
export function proxyProblem(s: NetworkSettings): string | undefined {
  if (s.proxySupport === 'off') return undefined;
  const given: [string, string | undefined][] = [
    ['the setting "http.proxy"', s.proxy.trim() || undefined],
    ['HTTPS_PROXY', s.env.HTTPS_PROXY],
    ['HTTP_PROXY', s.env.HTTP_PROXY],
    ['ALL_PROXY', s.env.ALL_PROXY],
  ];
  for (const [where, raw] of given) {
    if (!raw) continue;
    try {
      const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return `The proxy in ${where} uses ${u.protocol.slice(0, -1)}://, which Flint cannot speak: use an http:// or https:// proxy.`;
    } catch {
      return `The proxy in ${where} is not a URL Flint can read. Write it as http://host:port (with user:password@ before the host if it wants them).`;
    }
  }
  return undefined;
}
