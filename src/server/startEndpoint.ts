import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import { authError } from './auth';
import type { DialectName } from './dialect/dialect';
import { dialectNamed } from './dialect/dialectNamed';
import { createEngine, type EngineKind } from './engine/createEngine';
import type { ModelFacts } from './engine/engine';
import type { ScriptFixtureInput } from './engine/scriptFixture';
import type { EndpointContext } from './endpointContext';
import type { FaultSettingsInput } from './faults/faultSettings';
import { Faults } from './faults/faults';
import { DEFAULT_BODY_TIMEOUT_MS } from './http/readBody';
import { requestPath } from './http/requestPath';
import { httpRouter } from './http/httpRouter';
import { httpRoutes } from './http/httpRoutes';
import { defaultKnobs, patchKnobs, type Knobs } from './knobs';
import { createRequestGuard, isLoopbackName, requestRefusal } from './requestGuard';
import { RequestRecords } from './generation/requestRecords';
import { ResponseStore } from './responses/responseStore';
import { ServedModels } from './servedModels';
import { WsConnection } from './ws/wsConnection';

export interface EndpointOptions {
  engine?: EngineKind;
  /** Scripted engine: fixture path or the fixture itself (default: test/fixtures/scripted/default.json). */
  script?: string | ScriptFixtureInput;
  /** Llama engine: GGUF model path. */
  modelPath?: string;
  /** Tiny engine: cache directory of the generated model. */
  cacheDir?: string;
  /** Tiny and llama engines: CPU threads for inference (default 1). */
  threads?: number;
  /** Address to bind (default 127.0.0.1); any other needs `knobs.token`. */
  host?: string;
  /** Host header names accepted besides loopback names and the bound address. */
  allowedHosts?: string[];
  /** Browser origins accepted; requests carrying any other Origin are refused. */
  allowedOrigins?: string[];
  /** Serves the test controls under /__admin/ to requests with `X-Flint-Admin: <adminToken>`. */
  adminToken?: string;
  /** A request body slower than this gets a 408 (default 30 s). */
  bodyTimeoutMs?: number;
  /** 0 (the default) picks a free port. */
  port?: number;
  fastModel?: string;
  fullModel?: string;
  /** Answer as llama.cpp's server, vLLM or Ollama do (default: the endpoint's own way). */
  dialect?: DialectName;
  /** Prompt tokens a request may hold under a dialect (default: the model's context, else 8192). */
  contextTokens?: number;
  /** false emulates deployments with one response at a time per socket and no `stream_id`. */
  lanes?: boolean;
  knobs?: Partial<Knobs>;
  faults?: FaultSettingsInput;
  /** Largest accepted client event or body; bigger ones get an error (default 4 MiB). */
  maxFrameBytes?: number;
  /** Stored responses kept for `previous_response_id` (least recently used dropped first). */
  storeEntries?: number;
  log?: (message: string) => void;
}

export interface EndpointHandle {
  /** WebSocket URL of the Responses API: ws://host:port/v1/responses */
  url: string;
  /** HTTP API base URL (what the openai SDK takes as baseURL): http://host:port/v1 */
  httpUrl: string;
  /** http://host:port */
  origin: string;
  port: number;
  /** The served model's facts (real engines only). */
  facts?: ModelFacts;
  setKnobs(patch: Partial<Knobs>): void;
  setFaults(settings: FaultSettingsInput): void;
  /** Stops listening, drops every connection and unloads the engine. */
  close(): Promise<void>;
}

/** Context of a dialect's prompt check when the engine has no model to say it. */
const DEFAULT_CONTEXT_TOKENS = 8192;

/** Starts the local endpoint in this process. */
export async function startEndpoint(options: EndpointOptions = {}): Promise<EndpointHandle> {
  const log = options.log ?? (() => undefined);
  const kind = options.engine ?? 'scripted';
  const knobs = defaultKnobs(kind);
  patchKnobs(knobs, options.knobs ?? {});
  const bindHost = options.host ?? '127.0.0.1';
  if (!isLoopbackName(bindHost) && !knobs.token) {
    throw new Error(
      `Refusing to listen on ${bindHost} without a token: anyone who can reach this machine could use the endpoint. ` +
        'Pass --token T (clients then send "Authorization: Bearer T"), or bind 127.0.0.1.',
    );
  }
  const engine = await createEngine({ engine: kind, script: options.script, modelPath: options.modelPath, cacheDir: options.cacheDir, threads: options.threads, log });
  const faults = new Faults();
  faults.set(options.faults ?? {});
  const maxFrameBytes = options.maxFrameBytes ?? 4 * 1024 * 1024;
  const ctx: EndpointContext = {
    engine,
    models: new ServedModels(options.fastModel ?? 'gpt-5.3-codex-spark', options.fullModel ?? 'gpt-5.3-codex'),
    dialect: dialectNamed(options.dialect ?? 'flint'),
    contextTokens: options.contextTokens ?? engine.facts?.contextLength ?? DEFAULT_CONTEXT_TOKENS,
    knobs,
    faults,
    store: new ResponseStore(options.storeEntries),
    requests: new RequestRecords(),
    lanes: options.lanes ?? true,
    maxFrameBytes,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    guard: createRequestGuard(bindHost, options.allowedHosts, options.allowedOrigins),
    adminToken: options.adminToken || undefined,
    log,
  };

  // Node's own cut (a bare 408 and a reset) only backs up the body timeout, which answers first.
  const server = createServer({ keepAlive: true, requestTimeout: ctx.bodyTimeoutMs + 10_000 }, httpRouter(ctx, httpRoutes));
  // Frames past the soft limit get an error event; past this hard limit the socket closes (1009).
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes * 4 });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', upgradeHandler(ctx, wss));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${host}:${address.port}`;

  return {
    url: `ws://${host}:${address.port}/v1/responses`,
    httpUrl: `${origin}/v1`,
    origin,
    port: address.port,
    facts: engine.facts,
    setKnobs: (patch) => patchKnobs(knobs, patch),
    setFaults: (settings) => faults.set(settings),
    async close() {
      for (const ws of wss.clients) ws.terminate();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      wss.close();
      await engine.close();
    },
  };
}

/** Takes a WebSocket upgrade to /v1/responses, or refuses it with an HTTP answer. */
function upgradeHandler(ctx: EndpointContext, wss: WebSocketServer): (req: IncomingMessage, socket: Socket, head: Buffer) => void {
  return (req, socket, head) => {
    const path = requestPath(req.url) ?? '(unparseable)';
    if (ctx.faults.take('refuseWebSocket')) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      return;
    }
    const denied = requestRefusal(req.headers, ctx.guard) ?? (path === '/v1/responses' ? authError(req, ctx) : undefined);
    // The servers the dialects speak for have no WebSocket: they answer as to any unknown path.
    const absent = !ctx.dialect.websocket && !denied ? ctx.dialect.notFound('GET', path) : undefined;
    if (path !== '/v1/responses' || denied || absent) {
      const status = denied ? denied.status : 404;
      const body = absent?.body ?? JSON.stringify(denied ? ctx.dialect.errorBody(denied) : { error: { message: `No WebSocket at ${path}` } });
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Refused'}\r\ncontent-type: ${absent?.contentType ?? 'application/json'}\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => new WsConnection(ws, ctx));
  };
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };
