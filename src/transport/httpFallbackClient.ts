import type { Logger } from '../log/logger';
import type { ConnectionState } from './connectionState';
import { FallbackStream } from './fallbackStream';
import type { ModelClient, ModelRequest, ModelStream } from './modelClient';

/**
 * The WebSocket client with HTTP behind it: while no socket can be had, requests go over HTTP
 * to the same endpoint (and the state says so), and a request whose socket fails to connect
 * before any text is resent over HTTP. The pool keeps reconnecting in the background and
 * takes over again as soon as a socket is warm.
 */
export class HttpFallbackClient implements ModelClient {
  readonly model: string;
  private http: ModelClient | undefined;
  private readonly listeners = new Set<(state: ConnectionState) => void>();
  private readonly unsubscribe: (() => void)[] = [];
  private last: ConnectionState;

  constructor(
    private readonly ws: ModelClient,
    private readonly makeHttp: () => ModelClient,
    private readonly log: Logger,
  ) {
    this.model = ws.model;
    this.last = this.state;
    // Start HTTP as soon as the sockets are lost, so the status bar says so before a request does.
    this.unsubscribe.push(
      ws.onStateChange(() => {
        if (this.wsDown()) this.httpClient();
        this.changed();
      }),
    );
  }

  get transport(): 'ws' | 'http' {
    return this.wsDown() ? 'http' : 'ws';
  }

  get state(): ConnectionState {
    const s = this.ws.state;
    if (s.status !== 'offline' || !this.http) return s;
    const h = this.http.state;
    const why = `WebSocket unavailable${s.reason ? ` (${s.reason})` : ''}`;
    if (h.status === 'offline') return { ...h, reason: `${why}; HTTP failed too${h.reason ? `: ${h.reason}` : ''}` };
    return { ...h, reason: s.reason, fallback: 'WebSocket unavailable: requests go over HTTP until it is back' };
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stream(request: ModelRequest): ModelStream {
    if (this.wsDown()) return this.httpClient().stream(stateless(request));
    return new FallbackStream(this.ws.stream(request), {
      // Only a connection that could not be made: a model error would repeat over HTTP.
      accepts: (error) => error.code === 'network' && !request.fim,
      start: () => this.httpClient().stream(stateless(request)),
      switched: (error) => this.log.warn(`${this.ws.state.endpoint}: ${error.message} Sending over HTTP instead.`),
    });
  }

  warm(instructions: string): Promise<void> {
    return this.ws.warm(instructions);
  }

  stats(): { openRequests: number; busyLanes: number; sockets: number; listeners: number } {
    const w = this.ws.stats();
    const h = this.http?.stats();
    return {
      openRequests: w.openRequests + (h?.openRequests ?? 0),
      busyLanes: w.busyLanes,
      sockets: w.sockets,
      listeners: w.listeners + (h?.listeners ?? 0) + this.listeners.size,
    };
  }

  dispose(): void {
    for (const u of this.unsubscribe.splice(0)) u();
    this.listeners.clear();
    this.ws.dispose();
    this.http?.dispose();
  }

  private wsDown(): boolean {
    return this.ws.state.status === 'offline';
  }

  private httpClient(): ModelClient {
    if (!this.http) {
      this.http = this.makeHttp();
      this.unsubscribe.push(this.http.onStateChange(() => this.changed()));
      this.log.info(`${this.ws.state.endpoint}: WebSocket unavailable; fast requests go over HTTP to ${this.http.state.endpoint}.`);
      this.changed();
    }
    return this.http;
  }

  private changed(): void {
    const next = this.state;
    const prev = this.last;
    if (next.status === prev.status && next.reason === prev.reason && next.fallback === prev.fallback && next.transport === prev.transport) return;
    this.last = next;
    for (const l of [...this.listeners]) l(next);
  }
}

/** HTTP keeps no response chain: the whole conversation goes instead of the new turns. */
function stateless(request: ModelRequest): ModelRequest {
  if (request.previousResponseId === undefined) return request;
  return { ...request, previousResponseId: undefined, input: request.fullInput ?? request.input };
}
