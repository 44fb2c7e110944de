import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { ApiError } from './apiError';

/** Who may talk to the endpoint, besides clients on this machine addressing it by a loopback name. */
export interface RequestGuard {
  /** Host header names accepted besides loopback names (and the bound address). */
  readonly hosts: ReadonlySet<string>;
  /** Browser origins accepted; requests from any other web page are refused. */
  readonly origins: ReadonlySet<string>;
}

export function createRequestGuard(boundHost: string | undefined, allowedHosts: readonly string[] = [], allowedOrigins: readonly string[] = []): RequestGuard {
  const hosts = new Set(allowedHosts.map((h) => hostName(h)));
  if (boundHost && !isWildcard(boundHost)) hosts.add(hostName(boundHost));
  return { hosts, origins: new Set(allowedOrigins.map((o) => o.replace(/\/+$/, '').toLowerCase())) };
}

/**
 * Why a request (or WebSocket upgrade) is refused, or undefined. A web page the user visits can
 * reach 127.0.0.1: its requests carry an Origin header, and a DNS-rebinding page's requests carry
 * its own name as Host. Editors and command-line clients send neither.
 */
export function requestRefusal(headers: IncomingHttpHeaders, guard: RequestGuard): ApiError | undefined {
  const origin = headers.origin;
  if (origin !== undefined && !guard.origins.has(origin.replace(/\/+$/, '').toLowerCase())) {
    return new ApiError(403, 'origin_not_allowed', `Requests from web pages are refused (Origin: ${clip(origin)}). Start the endpoint with --allowed-origin ${clip(origin)} to accept that page.`);
  }
  const host = headers.host;
  if (!host) return new ApiError(400, 'missing_host', 'The request has no Host header.');
  const name = hostName(host);
  if (!isLoopbackName(name) && !guard.hosts.has(name)) {
    return new ApiError(403, 'host_not_allowed', `Requests addressed to ${clip(name)} are refused: this endpoint answers loopback names. Start it with --allowed-host ${clip(name)} to accept that name.`);
  }
  return undefined;
}

export function isLoopbackName(name: string): boolean {
  const n = hostName(name);
  if (n === 'localhost' || n.endsWith('.localhost') || n === '::1') return true;
  return isIP(n) === 4 && n.startsWith('127.');
}

function isWildcard(host: string): boolean {
  const n = hostName(host);
  return n === '0.0.0.0' || n === '::' || n === '';
}

/** The name part of a Host header or address: no port, no IPv6 brackets, lower case. */
export function hostName(value: string): string {
  const v = value.trim().toLowerCase();
  if (v.startsWith('[')) return v.slice(1, v.indexOf(']') > 0 ? v.indexOf(']') : undefined);
  if (isIP(v) === 6) return v;
  const colon = v.lastIndexOf(':');
  return colon >= 0 ? v.slice(0, colon) : v;
}

function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
