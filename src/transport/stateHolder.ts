import { createEmitter } from '../events/emitter';
import type { ConnectionState } from './connectionState';

/** The current ConnectionState and its listeners; notifies only on an actual change. */
export class StateHolder {
  private readonly changes = createEmitter<ConnectionState>();
  state: ConnectionState;

  constructor(initial: ConnectionState) {
    this.state = initial;
  }

  set(status: ConnectionState['status'], reason?: string, cause?: ConnectionState['cause'], noWebSocket?: boolean): void {
    const s = this.state;
    if (s.status === status && s.reason === reason && s.cause === cause && !s.noWebSocket === !noWebSocket) return;
    const next: ConnectionState = { status, endpoint: s.endpoint, transport: s.transport };
    if (reason !== undefined) next.reason = reason;
    if (cause !== undefined) next.cause = cause;
    if (noWebSocket) next.noWebSocket = true;
    this.state = next;
    this.changes.emit(next);
  }

  on(listener: (state: ConnectionState) => void): () => void {
    return this.changes.on(listener);
  }

  get listenerCount(): number {
    return this.changes.size;
  }

  clear(): void {
    this.changes.clear();
  }
}
