import type { ConnectionState } from './connectionState';
import type { ModelClient, ModelStream } from './modelClient';
import type { ModelError } from './modelError';
import { StateHolder } from './stateHolder';
import { TokenStream } from './tokenStream';

/**
 * A client that may not send anything (insecure URL, missing key): offline with the reason,
 * and every stream ends at once failed with that error.
 */
export class RefusedClient implements ModelClient {
  private readonly holder: StateHolder;
  private nextId = 1;

  constructor(
    readonly transport: 'ws' | 'http',
    readonly model: string,
    endpoint: string,
    private readonly error: ModelError,
    private readonly now: () => number,
  ) {
    this.holder = new StateHolder({ status: 'offline', reason: error.message, endpoint, transport });
  }

  get state(): ConnectionState {
    return this.holder.state;
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    return this.holder.on(listener);
  }

  stream(): ModelStream {
    const s = new TokenStream({ id: this.nextId++, now: this.now, firstTokenTimeoutMs: 1, stallTimeoutMs: 1, endpoint: this.holder.state.endpoint });
    s.fail(this.error);
    return s;
  }

  async warm(): Promise<void> {}

  stats(): { openRequests: number; busyLanes: number; sockets: number; listeners: number } {
    return { openRequests: 0, busyLanes: 0, sockets: 0, listeners: this.holder.listenerCount };
  }

  dispose(): void {
    this.holder.clear();
  }
}
