import { describe, expect, it } from 'vitest';
import { untilAborted } from '../../src/tasks/untilAborted';

/** Events handed over one at a time by the test; `next()` waits until one is given. */
function handFed<T>() {
  const waiting: ((r: IteratorResult<T>) => void)[] = [];
  let closed = false;
  const iterator: AsyncIterator<T> & AsyncIterable<T> = {
    next: () => new Promise((resolve) => waiting.push(resolve)),
    return: async () => {
      closed = true;
      return { done: true, value: undefined as T };
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return { iterator, give: (value: T) => waiting.shift()!({ done: false, value }), closed: () => closed };
}

describe('untilAborted', () => {
  it('passes events on until the signal aborts, at once, though the source never answers again', async () => {
    const source = handFed<number>();
    const controller = new AbortController();
    const seen: number[] = [];
    const reading = (async () => {
      for await (const e of untilAborted(source.iterator, controller.signal)) seen.push(e);
    })();
    await new Promise((r) => setTimeout(r, 0));
    source.give(1);
    await new Promise((r) => setTimeout(r, 0));
    controller.abort();
    await reading;
    expect(seen).toEqual([1]);
    expect(source.closed()).toBe(true);
  });

  it('hands the rest to leftOver, starting with the event asked for when the abort came', async () => {
    const source = handFed<number>();
    const controller = new AbortController();
    let rest: AsyncIterator<number> | undefined;
    const reading = (async () => {
      for await (const e of untilAborted(source.iterator, controller.signal, (r) => (rest = r))) expect(e).toBe(1);
    })();
    await new Promise((r) => setTimeout(r, 0));
    source.give(1);
    await new Promise((r) => setTimeout(r, 0));
    controller.abort();
    await reading;
    expect(source.closed()).toBe(false);
    const next = rest!.next();
    source.give(2);
    expect(await next).toEqual({ done: false, value: 2 });
    const after = rest!.next();
    source.give(3);
    expect(await after).toEqual({ done: false, value: 3 });
    await rest!.return!();
    expect(source.closed()).toBe(true);
  });
});
