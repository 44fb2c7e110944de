import { createEmitter } from '../events/emitter';
import type { Logger } from '../log/logger';
import type { ConnectionState } from './connectionState';
import { FallbackStream } from './fallbackStream';
import type { ModelClient, ModelRequest, ModelStream } from './modelClient';
import type { ModelError } from './modelError';

export interface HttpFallbackOptions {
  log: Logger;
  /**
   * How long the sockets must stay lost before requests go straight to HTTP. A dropped socket
   * is usually replaced within this; meanwhile a request that cannot connect is still resent
   * over HTTP.
   */
  graceMs?: number;
  /** The setting that holds the URL (flint.fast.url), named when a server has no WebSocket at all. */
  setting?: string;
  /** The HTTP URL requests fall back to, which that setting could hold instead. */
  httpUrl?: string;
}

const DEFAULT_GRACE_MS = 1000;

/**
 * The WebSocket client with HTTP behind it: while no socket can be had, requests go over HTTP
 * to the same endpoint (and the state says so), and a request whose socket fails to connect
 * before any text is resent over HTTP. The pool keeps reconnecting in the background and
 * takes over again as soon as a socket is warm; the HTTP client is then closed.
 */
export class HttpFallbackClient implements ModelClient {
  readonly model: string;
  private http: ModelClient | undefined;
  private readonly changes = createEmitter<ConnectionState>();
  private readonly offWs: () => void;
  private offHttp: (() => void) | undefined;
  private last: ConnectionState;
  /** The sockets have been lost for longer than the grace: requests go straight to HTTP. */
  private down = false;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly graceMs: number;

  constructor(
    private readonly ws: ModelClient,
    private readonly makeHttp: () => ModelClient,
    private readonly o: HttpFallbackOptions,
  ) {
    this.model = ws.model;
    this.graceMs = o.graceMs ?? DEFAULT_GRACE_MS;
    this.last = this.state;
    this.offWs = ws.onStateChange(() => this.wsChanged());
    this.wsChanged();
  }

  get transport(): 'ws' | 'http' {
    return this.down ? 'http' : 'ws';
  }

  get state(): ConnectionState {
    const s = this.ws.state;
    if (!this.http || !this.down) return s;
    const h = this.http.state;
    const why = `WebSocket unavailable${s.reason ? ` (${s.reason})` : ''}`;
    if (h.status === 'offline') return { ...h, reason: `${why}; HTTP failed too${h.reason ? `: ${h.reason}` : ''}` };
    const fallback = s.noWebSocket ? `${s.endpoint} has no WebSocket mode: requests go over HTTP` : 'WebSocket unavailable: requests go over HTTP until it is back';
    return { ...h, reason: s.reason, fallback };
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    return this.changes.on(listener);
  }

  stream(request: ModelRequest): ModelStream {
    if (this.down) return this.track(this.httpClient().stream(stateless(request)));
    return new FallbackStream(this.ws.stream(request), {
      // Only a connection that could not be made (a server without the WebSocket mode, such as
      // vLLM or Ollama, refuses the upgrade with a 404): a model error would repeat over HTTP,
      // and so would a refused key or a rate limit.
      accepts: (error) => !request.fim && (error.code === 'network' || (error.options.upgradeRefused === true && error.code !== 'auth' && error.code !== 'rate_limit')),
      start: () => this.track(this.httpClient().stream(stateless(request))),
      switched: (error) => this.o.log.warn(`${this.ws.state.endpoint}: ${error.message} Sending over HTTP instead.${this.noWebSocketHint(error)}`),
    });
  }

  /** A server that answers the upgrade 404 has no WebSocket mode: which setting goes straight to HTTP. */
  private noWebSocketHint(error: ModelError): string {
    if (error.options.status !== 404 || !this.o.setting || !this.o.httpUrl) return '';
    return ` To skip the WebSocket attempt, set "${this.o.setting}" to ${this.o.httpUrl}.`;
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
      listeners: w.listeners + (h?.listeners ?? 0) + this.changes.size,
    };
  }

  dispose(): void {
    clearTimeout(this.graceTimer);
    this.offWs();
    this.changes.clear();
    this.ws.dispose();
    this.retireHttp();
  }

  private wsChanged(): void {
    // A refused key would be refused over HTTP too: the state keeps saying what to fix.
    const offline = this.ws.state.status === 'offline' && this.ws.state.cause !== 'auth';
    if (offline && this.ws.state.noWebSocket) {
      // Not coming back: no grace to wait out.
      clearTimeout(this.graceTimer);
      this.graceTimer = undefined;
      this.down = true;
      this.httpClient();
    } else if (offline && !this.down && this.graceTimer === undefined) {
      // Once the grace is over, HTTP starts and the status bar says so, before any request does.
      this.graceTimer = setTimeout(() => {
        this.graceTimer = undefined;
        this.down = true;
        this.httpClient();
        this.changed();
      }, this.graceMs);
      this.graceTimer.unref?.();
    } else if (!offline) {
      this.down = false;
      clearTimeout(this.graceTimer);
      this.graceTimer = undefined;
      if (this.ws.state.status === 'warm') this.retireIdleHttp();
    }
    this.changed();
  }

  private httpClient(): ModelClient {
    if (!this.http) {
      this.http = this.makeHttp();
      this.offHttp = this.http.onStateChange(() => this.changed());
      this.o.log.info(`${this.ws.state.endpoint}: WebSocket unavailable; requests go over HTTP to ${this.http.state.endpoint}.`);
      this.changed();
    }
    return this.http;
  }

  /** Closes the HTTP client once the WebSocket is back and nothing runs on HTTP any more. */
  private track(stream: ModelStream): ModelStream {
    void stream.done.then(() => {
      if (this.ws.state.status === 'warm') this.retireIdleHttp();
    });
    return stream;
  }

  private retireIdleHttp(): void {
    if (this.http && this.http.stats().openRequests === 0) this.retireHttp();
  }

  private retireHttp(): void {
    this.offHttp?.();
    this.offHttp = undefined;
    this.http?.dispose();
    this.http = undefined;
  }

  private changed(): void {
    const next = this.state;
    const prev = this.last;
    if (next.status === prev.status && next.reason === prev.reason && next.fallback === prev.fallback && next.transport === prev.transport) return;
    this.last = next;
    this.changes.emit(next);
  }
}

/** HTTP keeps no response chain: the whole conversation goes instead of the new turns. */
function stateless(request: ModelRequest): ModelRequest {
  if (request.previousResponseId === undefined) return request;
  const items = request.fullItems ?? request.items;
  return { ...request, previousResponseId: undefined, input: request.fullInput ?? request.input, ...(items ? { items } : {}) };
}
