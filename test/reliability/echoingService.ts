import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * How the remote service double misbehaves. Each quotes the caller's key back, as a real
 * service does in part ("Incorrect API key provided: sk-…"), only here in full: whatever the
 * client passes on to its logs, errors and status must have it scrubbed.
 */
export type EchoMode =
  | 'handshake-401' // WebSocket upgrade refused, the key in the body
  | 'error-on-lane' // error event naming the request's lane
  | 'error-no-lane' // error event naming no lane
  | 'failed-response' // response.failed whose error message quotes the key
  | 'malformed-frame' // a frame that is not JSON, holding the key
  | 'http-401' // HTTP 401 with the key in the JSON body
  | 'http-sse-error' // HTTP 200 stream whose error event quotes the key
  | 'http-bad-json'; // HTTP 200 stream with a data line that is not JSON, holding the key

/** A stand-in for the remote OpenAI service, speaking its wire protocol, that echoes keys. */
export class EchoingService {
  mode: EchoMode = 'error-on-lane';
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    readonly port: number,
  ) {}

  static async start(): Promise<EchoingService> {
    const wss = new WebSocketServer({ noServer: true });
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const svc = new EchoingService(server, wss, (server.address() as AddressInfo).port);
    server.on('connection', (s) => {
      svc.sockets.add(s);
      s.on('close', () => svc.sockets.delete(s));
    });
    server.on('request', (req, res) => svc.http(req, res));
    server.on('upgrade', (req, socket: Socket, head) => svc.upgrade(req, socket, head));
    return svc;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/v1/responses`;
  }

  get httpUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate();
    for (const s of this.sockets) s.destroy();
    await new Promise((r) => this.server.close(r));
    this.wss.close();
  }

  private upgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
    const key = keyOf(req);
    if (this.mode === 'handshake-401') {
      const body = JSON.stringify(incorrectKey(key));
      socket.end(`HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => ws.on('message', (data) => this.onEvent(ws, key, JSON.parse(String(data)))));
  }

  private onEvent(ws: WebSocket, key: string, event: { type: string; generate?: boolean; stream_id?: string }): void {
    const lane = event.stream_id === undefined ? {} : { stream_id: event.stream_id };
    const id = `resp_${Math.random().toString(16).slice(2)}`;
    const response = (status: string, extra: object = {}) => ({ id, object: 'response', status, output: [], ...extra });
    const send = (e: object) => ws.send(JSON.stringify({ ...e, ...lane }));
    if (event.generate === false) {
      send({ type: 'response.created', response: response('in_progress') });
      send({ type: 'response.completed', response: response('completed') });
      return;
    }
    switch (this.mode) {
      case 'error-on-lane':
        return send({ type: 'error', status: 401, error: { ...incorrectKey(key).error } });
      case 'error-no-lane':
        return ws.send(JSON.stringify({ type: 'error', status: 500, error: { type: 'server_error', code: 'server_error', message: `Upstream refused ${key}.` } }));
      case 'failed-response':
        send({ type: 'response.created', response: response('in_progress') });
        send({ type: 'response.output_text.delta', delta: 'partial ' });
        return send({ type: 'response.failed', response: response('failed', { error: { code: 'server_error', message: `Key ${key} was revoked.` } }) });
      case 'malformed-frame':
        send({ type: 'response.created', response: response('in_progress') });
        return ws.send(`{"type":"response.output_text.delta","stream_id":"${event.stream_id ?? ''}","delta":"${key}`);
      default:
        return send({ type: 'error', status: 500, error: { type: 'server_error', code: 'server_error', message: 'Use the HTTP API.' } });
    }
  }

  private http(req: IncomingMessage, res: ServerResponse): void {
    const key = keyOf(req);
    req.resume();
    if (req.method === 'GET' || this.mode === 'http-401') {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify(incorrectKey(key)));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (this.mode === 'http-bad-json') {
      res.end(`event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"${key}\n\n`);
      return;
    }
    const error = { type: 'error', error: { type: 'server_error', code: 'server_error', message: `Upstream refused ${key}.` } };
    res.end(`event: error\ndata: ${JSON.stringify(error)}\n\n`);
  }
}

function keyOf(req: IncomingMessage): string {
  return (req.headers.authorization ?? '').replace(/^Bearer /, '');
}

function incorrectKey(key: string) {
  return { error: { type: 'invalid_request_error', code: 'invalid_api_key', message: `Incorrect API key provided: ${key}.`, param: null } };
}
