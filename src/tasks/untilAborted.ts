/**
 * The agent's events until the signal aborts: Stop and Redirect take effect at once even while
 * the agent awaits something that does not watch the signal (its iterator is then closed).
 */
export async function* untilAborted<T>(events: AsyncIterable<T>, signal: AbortSignal, leftOver?: (rest: AsyncIterator<T>) => void): AsyncGenerator<T> {
  const iterator = events[Symbol.asyncIterator]();
  // One wait per event, each settled: racing every event against one pending promise would keep a reaction per event.
  let wake: ((r: 'aborted') => void) | undefined;
  // The event asked for when the abort came: the rest starts with it.
  let inFlight: Promise<IteratorResult<T>> | undefined;
  const onAbort = () => wake?.('aborted');
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    while (!signal.aborted) {
      const next = await new Promise<IteratorResult<T> | 'aborted'>((resolve, reject) => {
        wake = resolve;
        inFlight = iterator.next();
        inFlight.then(resolve, reject);
      });
      if (next === 'aborted' || next.done) return;
      inFlight = undefined;
      yield next.value;
    }
  } finally {
    wake = undefined;
    signal.removeEventListener('abort', onAbort);
    if (signal.aborted && leftOver) leftOver(restOf(iterator, inFlight));
    else void iterator.return?.()?.catch(() => undefined);
  }
}

/** The iterator's events from `first` (an event already asked for) on. */
function restOf<T>(iterator: AsyncIterator<T>, first: Promise<IteratorResult<T>> | undefined): AsyncIterator<T> {
  let pending = first;
  return {
    next: () => {
      const p = pending ?? iterator.next();
      pending = undefined;
      return p;
    },
    return: async (value?: unknown) => iterator.return?.(value) ?? { done: true, value: undefined as T },
  };
}
