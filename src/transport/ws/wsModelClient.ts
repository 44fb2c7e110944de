import type { Logger } from '../../log/logger';
import type { ConnectionState } from '../connectionState';
import type { ModelClient, ModelRequest, ModelStream } from '../modelClient';
import { ModelError } from '../modelError';
import { openStream } from '../openStream';
import { SocketPool } from './socketPool';
import { WsRequest } from './wsRequest';
import type { WsTuning } from './wsTuning';
import type { NetworkSettings } from '../network/networkSettings';

export interface WsClientOptions {
  url: string;
  endpoint: string;
  model: string;
  apiKey?: string;
  network: NetworkSettings;
  instructions?: string;
  firstTokenTimeoutMs: number;
  stallTimeoutMs: number;
  maxOutputChars?: number;
  tuning: WsTuning;
  log: Logger;
  now: () => number;
}

/**
 * The fast path: the ModelClient over a pool of pre-warmed Responses API WebSockets
 * (SocketPool). Each request becomes a WsRequest the pool puts on a free lane.
 */
export class WsModelClient implements ModelClient {
  readonly transport = 'ws' as const;
  readonly model: string;
  private readonly pool: SocketPool;
  private nextStreamId = 1;

  constructor(private readonly o: WsClientOptions) {
    this.model = o.model;
    this.pool = new SocketPool(o);
  }

  get state(): ConnectionState {
    return this.pool.state;
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    return this.pool.onStateChange(listener);
  }

  stream(request: ModelRequest): ModelStream {
    const o = this.o;
    const stream = openStream(o, this.nextStreamId++, request, this.pool.disposed);
    if (this.pool.disposed) return stream;
    if (request.fim) {
      stream.fail(
        new ModelError(
          'config',
          `${o.endpoint} is a WebSocket endpoint; fill-in-the-middle needs an HTTP one: set "flint.completions.url", or "flint.completions.api" to responses.`,
        ),
      );
      return stream;
    }
    this.pool.submit(new WsRequest(stream, request, this.pool));
    return stream;
  }

  warm(instructions: string): Promise<void> {
    return this.pool.warm(instructions);
  }

  stats(): { openRequests: number; busyLanes: number; sockets: number; listeners: number } {
    return this.pool.stats();
  }

  dispose(): void {
    this.pool.dispose();
  }
}
