import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import { authError } from './auth';
import { createEngine, type EngineKind } from './engine/createEngine';
import type { ScriptFixtureInput } from './engine/scriptFixture';
import type { EndpointContext } from './endpointContext';
import type { FaultSettingsInput } from './faults/faultSettings';
import { Faults } from './faults/faults';
import { requestPath } from './http/requestPath';
import { httpRouter } from './http/httpRouter';
import { httpRoutes } from './http/httpRoutes';
import { defaultKnobs, patchKnobs, type Knobs } from './knobs';
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
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  fastModel?: string;
  fullModel?: string;
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
  setKnobs(patch: Partial<Knobs>): void;
  setFaults(settings: FaultSettingsInput): void;
  /** Stops listening, drops every connection and unloads the engine. */
  close(): Promise<void>;
}

/** Starts the local endpoint in this process. */
export async function startEndpoint(options: EndpointOptions = {}): Promise<EndpointHandle> {
  const log = options.log ?? (() => undefined);
  const kind = options.engine ?? 'scripted';
  const engine = await createEngine({ engine: kind, script: options.script, modelPath: options.modelPath, cacheDir: options.cacheDir, log });
  const knobs = defaultKnobs(kind);
  patchKnobs(knobs, options.knobs ?? {});
  const faults = new Faults();
  faults.set(options.faults ?? {});
  const maxFrameBytes = options.maxFrameBytes ?? 4 * 1024 * 1024;
  const ctx: EndpointContext = {
    engine,
    models: new ServedModels(options.fastModel ?? 'gpt-5.3-codex-spark', options.fullModel ?? 'gpt-5.3-codex'),
    knobs,
    faults,
    store: new ResponseStore(options.storeEntries),
    lanes: options.lanes ?? true,
    maxFrameBytes,
    log,
  };

  const server = createServer({ keepAlive: true }, httpRouter(ctx, httpRoutes));
  // Frames past the soft limit get an error event; past this hard limit the socket closes (1009).
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes * 4 });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const path = requestPath(req.url) ?? '(unparseable)';
    if (faults.take('refuseWebSocket')) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      return;
    }
    const denied = path === '/v1/responses' ? authError(req, ctx) : undefined;
    if (path !== '/v1/responses' || denied) {
      const status = denied ? 401 : 404;
      const body = JSON.stringify(denied ? denied.body() : { error: { message: `No WebSocket at ${path}` } });
      socket.end(
        `HTTP/1.1 ${status} ${denied ? 'Unauthorized' : 'Not Found'}\r\ncontent-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => new WsConnection(ws, ctx));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${host}:${address.port}`;

  return {
    url: `ws://${host}:${address.port}/v1/responses`,
    httpUrl: `${origin}/v1`,
    origin,
    port: address.port,
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
