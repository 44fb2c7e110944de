import OpenAI from 'openai';
import type { Logger } from '../../log/logger';
import type { ConnectionState } from '../connectionState';
import { infillUrl } from '../endpointUrl';
import type { ModelClient, ModelRequest, ModelStream } from '../modelClient';
import { ModelError } from '../modelError';
import { StateHolder } from '../stateHolder';
import { openStream } from '../openStream';
import { TokenStream } from '../tokenStream';
import { runChat } from './chatStream';
import { errorFromSdk } from './errorFromSdk';
import { runFim } from './fimStream';
import type { HttpRun } from './httpRun';
import { HttpWarmth, type HttpWarmthTuning } from './httpWarmth';
import { createNodeFetch, type NodeFetch } from './nodeFetch';
import { runResponses } from './responsesStream';
import type { NetworkSettings } from '../network/networkSettings';

export interface HttpClientOptions {
  baseUrl: string;
  endpoint: string;
  model: string;
  apiKey?: string;
  httpApi: 'responses' | 'chat';
  fimApi?: 'infill' | 'completions';
  network: NetworkSettings;
  /** Reuse connections (default); false opens a fresh one per request. */
  keepAlive: boolean;
  firstTokenTimeoutMs: number;
  stallTimeoutMs: number;
  maxOutputChars?: number;
  log: Logger;
  now: () => number;
  /** Keeping a connection warm while in use; tests shorten it. */
  warmth?: HttpWarmthTuning;
}

/** Attempts of one request whose connection failed before it delivered anything. */
const MAX_ATTEMPTS = 2;

/**
 * OpenAI-compatible HTTP streaming through the openai SDK (Responses, Chat Completions, and
 * native fill-in-the-middle), over a keep-alive pool warmed by a cheap request at creation and
 * kept warm while requests are made (HttpWarmth).
 */
export class HttpModelClient implements ModelClient {
  readonly transport = 'http' as const;
  readonly model: string;
  private readonly sdk: OpenAI;
  private readonly fetcher: NodeFetch;
  private readonly holder: StateHolder;
  private readonly warmth: HttpWarmth | undefined;
  private readonly live = new Set<TokenStream>();
  /** The server keeps no chain of responses (seen once): chained requests go out whole. */
  private readonly chains = { lost: false };
  private inFlight = 0;
  private nextId = 1;
  private disposed = false;

  constructor(private readonly o: HttpClientOptions) {
    this.model = o.model;
    this.fetcher = createNodeFetch({ keepAlive: o.keepAlive, baseUrl: o.baseUrl, network: o.network });
    if (this.fetcher.proxy) o.log.info(`${o.endpoint}: HTTP through the proxy ${this.fetcher.proxy.display}`);
    this.sdk = new OpenAI({
      // Loopback servers need no key: send none rather than a made-up one.
      apiKey: o.apiKey ?? 'unused',
      ...(o.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
      baseURL: o.baseUrl,
      fetch: this.fetcher.fetch,
      // Retries and timeouts are the caller's and the stream's business.
      maxRetries: 0,
      timeout: 10 * 60_000,
      logLevel: 'off',
    });
    this.holder = new StateHolder({ status: 'connecting', endpoint: o.endpoint, transport: 'http' });
    this.warmth = o.keepAlive
      ? new HttpWarmth({ warmUp: () => this.probe(), idleSockets: () => this.fetcher.idleSockets(), inFlight: () => this.inFlight, now: o.now, ...(o.warmth ? { tuning: o.warmth } : {}) })
      : undefined;
    void this.probe();
  }

  get state(): ConnectionState {
    return this.holder.state;
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    return this.holder.on(listener);
  }

  stream(request: ModelRequest): ModelStream {
    const o = this.o;
    const stream = openStream(o, this.nextId++, request, this.disposed);
    if (this.disposed) return stream;
    if (request.fim && !o.fimApi) {
      stream.fail(new ModelError('config', `Fill-in-the-middle requests need "flint.completions.api" set to infill or completions.`));
      return stream;
    }
    const controller = new AbortController();
    stream.onAbandon = () => controller.abort();
    this.live.add(stream);
    void stream.done.then(() => this.live.delete(stream));
    void this.run({ sdk: this.sdk, stream, request, model: this.model, endpoint: o.endpoint, signal: controller.signal, chains: this.chains });
    return stream;
  }

  /** HTTP keeps no server state: warming means having a connection open. */
  warm(): Promise<void> {
    return this.probe();
  }

  stats(): { openRequests: number; busyLanes: number; sockets: number; listeners: number } {
    return { openRequests: this.live.size, busyLanes: this.inFlight, sockets: this.fetcher.sockets(), listeners: this.holder.listenerCount };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.warmth?.dispose();
    for (const s of [...this.live]) s.cancel();
    this.fetcher.destroy();
    this.holder.set('offline', 'Closed.');
    this.holder.clear();
  }

  private async run(run: HttpRun): Promise<void> {
    const { stream, request } = run;
    this.inFlight++;
    this.warmth?.used();
    stream.markSent();
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          if (request.fim) await runFim(run, this.o.fimApi!, infillUrl(this.o.baseUrl));
          else if (this.o.httpApi === 'chat') await runChat(run);
          else await runResponses(run, this.o.apiKey);
          if (!this.disposed) this.holder.set('warm');
          return;
        } catch (err) {
          if (stream.finished) return;
          const error = errorFromSdk(err, this.o.endpoint, this.o.apiKey, this.fetcher.proxy?.display);
          // Lost before anything was delivered: the caller cannot tell a second attempt apart.
          if (error.code === 'network' && !stream.delivered && attempt < MAX_ATTEMPTS && !this.disposed) {
            this.o.log.debug(`${this.o.endpoint}: request ${stream.id}: ${error.message} Sending it again.`);
            continue;
          }
          stream.fail(error);
          if (error.code === 'network' || error.code === 'auth') this.holder.set('offline', error.message);
          else this.holder.set('warm');
          return;
        }
      }
    } finally {
      this.inFlight--;
      if (!this.disposed) this.warmth?.ended();
    }
  }

  /** A cheap request (GET /models) that opens a pooled connection and checks the key. */
  private async probe(): Promise<void> {
    if (this.disposed) return;
    try {
      await this.sdk.models.list();
      if (!this.disposed) this.holder.set('warm');
    } catch (err) {
      if (this.disposed) return;
      const error = errorFromSdk(err, this.o.endpoint, this.o.apiKey, this.fetcher.proxy?.display);
      // Any HTTP answer but a refused key means the server is there (some lack /models).
      if (error.code === 'network' || error.code === 'auth') {
        // A warm-up while the server stays away says it once.
        if (this.holder.state.status !== 'offline') this.o.log.warn(error.message);
        this.holder.set('offline', error.message);
      } else {
        this.holder.set('warm');
      }
    }
  }
}
