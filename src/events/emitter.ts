/**
 * A tiny event emitter: `on` returns the unsubscribe function; `emit` calls every listener
 * registered when it started (one that unsubscribes or subscribes during the call does not
 * disturb it). A listener that throws is reported to `onError` and the others still run; with
 * no `onError` the first error is rethrown after every listener ran.
 */
export interface Emitter<T> {
  on(listener: (value: T) => void): () => void;
  emit(value: T): void;
  /** Listeners currently registered (leak checks and stats). */
  readonly size: number;
  clear(): void;
}

export function createEmitter<T = void>(onError?: (err: unknown) => void): Emitter<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    on(listener) {
      // The same function may be registered twice: each registration gets its own entry.
      const entry = (value: T) => listener(value);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    emit(value) {
      let failure: { err: unknown } | undefined;
      for (const l of [...listeners]) {
        if (!listeners.has(l)) continue;
        try {
          l(value);
        } catch (err) {
          if (onError) onError(err);
          else failure ??= { err };
        }
      }
      if (failure) throw failure.err;
    },
    get size() {
      return listeners.size;
    },
    clear() {
      listeners.clear();
    },
  };
}
