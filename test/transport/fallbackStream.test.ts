import { describe, expect, it } from 'vitest';
import { FallbackStream } from '../../src/transport/fallbackStream';
import { ModelError } from '../../src/transport/modelError';
import { TokenStream } from '../../src/transport/tokenStream';

let nextId = 1;
const make = () => new TokenStream({ id: nextId++, now: () => performance.now(), firstTokenTimeoutMs: 5000, stallTimeoutMs: 5000, endpoint: 'test' });

async function collect(s: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const d of s) out += d;
  return out;
}

function rig(accepts = (e: ModelError) => e.code === 'network') {
  const first = make();
  const second = make();
  const switched: ModelError[] = [];
  let starts = 0;
  const stream = new FallbackStream(first, {
    accepts,
    start: () => {
      starts++;
      return second;
    },
    switched: (e) => switched.push(e),
  });
  return { first, second, stream, switched, starts: () => starts };
}

describe('FallbackStream', () => {
  it('moves to the second stream when the first fails before any text, streaming its deltas as they come', async () => {
    const r = rig();
    const text = collect(r.stream);
    r.first.fail(new ModelError('network', 'Cannot reach ws://x'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(r.starts()).toBe(1);
    expect(r.switched.map((e) => e.message)).toEqual(['Cannot reach ws://x']);
    r.second.push('Hel');
    r.second.push('lo');
    r.second.finish('completed', { outputTokens: 2 });
    expect(await text).toBe('Hello');
    expect(await r.stream.done).toMatchObject({ status: 'completed', text: 'Hello' });
    expect(r.stream.fellBack).toBe(true);
    expect(r.stream.marks).toBe(r.second.marks);
  });

  it('delivers the second stream deltas before it finishes', async () => {
    const r = rig();
    const seen: string[] = [];
    const reading = (async () => {
      for await (const d of r.stream) {
        seen.push(d);
        if (seen.length === 1) r.second.finish('completed');
      }
    })();
    r.first.fail(new ModelError('network', 'down'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    r.second.push('early');
    await reading;
    expect(seen).toEqual(['early']);
  });

  it('never retries a stream that delivered text', async () => {
    const r = rig();
    const text = collect(r.stream);
    r.first.push('partial');
    r.first.fail(new ModelError('network', 'dropped'));
    expect(await text).toBe('partial');
    expect(await r.stream.done).toMatchObject({ status: 'failed', text: 'partial' });
    expect(r.starts()).toBe(0);
  });

  it('keeps a failure the plan does not accept', async () => {
    const r = rig();
    r.first.fail(new ModelError('auth', 'bad key'));
    expect((await r.stream.done).error?.code).toBe('auth');
    expect(r.starts()).toBe(0);
    expect(r.stream.fellBack).toBe(false);
  });

  it('does not fall back after cancel, and cancel reaches the second stream once it runs', async () => {
    const a = rig();
    a.stream.cancel();
    expect((await a.stream.done).status).toBe('cancelled');
    expect(a.starts()).toBe(0);

    const b = rig();
    b.first.fail(new ModelError('network', 'down'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    b.stream.cancel();
    expect((await b.stream.done).status).toBe('cancelled');
    expect(b.second.finished).toBe(true);
  });

  it('keeps the first failure when the second stream cannot even start', async () => {
    const first = make();
    const stream = new FallbackStream(first, {
      accepts: () => true,
      start: () => {
        throw new Error('no client');
      },
    });
    first.fail(new ModelError('network', 'down'));
    expect((await stream.done).error?.message).toBe('down');
  });
});
