import * as http from 'node:http';
import * as https from 'node:https';
import { httpAgents } from '../network/connectOptions';
import type { NetworkSettings } from '../network/networkSettings';
import type { ProxyRoute } from '../network/proxyRoute';
import { utf8Text } from './utf8Reader';

export interface NodeFetchOptions {
  /** Reuse connections (keep-alive pool); false opens a fresh connection per request. */
  keepAlive: boolean;
  /** Where requests go: decides the proxy, if any. */
  baseUrl: string;
  network: NetworkSettings;
  maxSockets?: number;
}

// Errors of a pooled connection the server had already closed: nothing reached the server.
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
/** Sends on pooled connections that turn out closed before one is given up on. */
const MAX_STALE_RETRIES = 4;

export interface NodeFetch {
  fetch: typeof fetch;
  /** Open connections, busy or idle in the pool. */
  sockets(): number;
  /** Open connections idle in the pool. */
  idleSockets(): number;
  /** Closes pooled connections. */
  destroy(): void;
  /** The proxy requests go through, if any. */
  proxy?: ProxyRoute;
}

/**
 * A `fetch` over Node's http/https agents, handed to the openai SDK as its `fetch` option:
 * keep-alive reuse with an explicit pool (through a proxy, with extra trusted authorities, as
 * the network settings say) without depending on a particular undici build.
 */
export function createNodeFetch(opts: NodeFetchOptions): NodeFetch {
  const agents = httpAgents(opts.baseUrl, opts.network, { keepAlive: opts.keepAlive, maxSockets: opts.maxSockets ?? 16 });
  const httpAgent = agents.http;
  const httpsAgent = agents.https;

  const nodeFetch = (input: string | URL | Request, init: RequestInit = {}, attempt = 0): Promise<Response> =>
    new Promise((resolve, reject) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const secure = url.protocol === 'https:';
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, key) => (headers[key] = value));
      const method = (init.method ?? 'GET').toUpperCase();
      const req = (secure ? https : http).request(url, {
        method,
        headers,
        agent: secure ? httpsAgent : httpAgent,
        signal: init.signal ?? undefined,
        ...(secure ? agents.tls : {}),
      });
      req.setNoDelay(true);
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed meanwhile (idle timeout, restart): send again.
        if (req.reusedSocket && STALE_SOCKET.has(err.code ?? '') && attempt < MAX_STALE_RETRIES && !init.signal?.aborted) {
          resolve(nodeFetch(input, init, attempt + 1));
        } else {
          reject(err);
        }
      });
      req.on('response', (res) => {
        const out = new Headers();
        const raw = res.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) out.append(raw[i], raw[i + 1]);
        const status = res.statusCode ?? 0;
        const empty = method === 'HEAD' || status === 204 || status === 304;
        if (empty) res.resume();
        const body = empty ? null : webBody(res);
        resolve(new Utf8Response(body, { status, statusText: res.statusMessage, headers: out }));
      });
      const body = init.body;
      if (body === undefined || body === null) req.end();
      else if (typeof body === 'string' || body instanceof Uint8Array) req.end(body);
      else if (body instanceof ArrayBuffer) req.end(Buffer.from(body));
      else reject(new TypeError('Only string and byte request bodies are supported.'));
    });

  return {
    fetch: nodeFetch as typeof fetch,
    ...(agents.proxy ? { proxy: agents.proxy } : {}),
    sockets: () => [httpAgent, httpsAgent].reduce((n, a) => n + count(a.sockets) + count(a.freeSockets), 0),
    idleSockets: () => count(httpAgent.freeSockets) + count(httpsAgent.freeSockets),
    destroy() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

function count(byHost: NodeJS.ReadOnlyDict<unknown[]>): number {
  let n = 0;
  for (const list of Object.values(byHost)) n += list?.length ?? 0;
  return n;
}

/** The body's chunks queued in the web stream before the socket is paused (bytes). */
const BODY_HIGH_WATER_MARK = 64 * 1024;

/**
 * A response whose text is decoded once and checked (InvalidUtf8Error at bytes that are not
 * UTF-8): what the openai client reads of an error body or a JSON answer. A streamed body is
 * read as bytes and decoded by its reader (sseEvents) the same way: checking it here as well
 * would decode every byte twice.
 */
class Utf8Response extends Response {
  override async text(): Promise<string> {
    return utf8Text(await this.arrayBuffer());
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

/**
 * The response body as a web stream of its bytes. Built straight on the response's own events:
 * Readable.toWeb costs more web streams per chunk, and a model streaming 1,000 tokens a second
 * sends a chunk per token to the extension host ghost text shares.
 */
function webBody(res: http.IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (err: unknown) => {
          if (settled) return;
          settled = true;
          controller.error(err);
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) res.pause();
        });
        res.once('end', () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        res.once('error', fail);
        // Closed before its end without an error of its own (as stream.finished reports it).
        res.once('close', () => fail(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })));
      },
      pull() {
        res.resume();
      },
      cancel() {
        settled = true;
        res.destroy();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: BODY_HIGH_WATER_MARK }),
  );
}
