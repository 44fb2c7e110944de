import { describe, expect, it } from 'vitest';
import { ChunkCollector } from '../../../src/transport/http/chunkCollector';
import { TokenStream } from '../../../src/transport/tokenStream';

const make = () => new TokenStream({ id: 1, now: () => performance.now(), firstTokenTimeoutMs: 5000, stallTimeoutMs: 5000, endpoint: 'http://127.0.0.1:1/v1' });

describe('ChunkCollector', () => {
  it('ends the stream as soon as the finish reason and the token count are in, not at the body end', async () => {
    // /infill: the last chunk carries both.
    const infill = make();
    const a = new ChunkCollector(infill, 'test');
    a.delta('return 1;');
    a.usage({ outputTokens: 3 });
    a.finish('stop');
    expect(infill.finished).toBe(true);
    a.end();
    expect(await infill.done).toMatchObject({ status: 'completed', text: 'return 1;', outputTokens: 3 });
    // /v1/completions: the finish reason first, the usage in the chunk after it.
    const completions = make();
    const b = new ChunkCollector(completions, 'test');
    b.delta('x');
    b.finish('length');
    expect(completions.finished).toBe(false);
    b.usage({ outputTokens: 1 });
    expect(await completions.done).toMatchObject({ status: 'incomplete', text: 'x', outputTokens: 1 });
  });

  it('without a token count, ends at the body end; without a finish reason, the body end is a cut-off stream', async () => {
    const noUsage = make();
    const a = new ChunkCollector(noUsage, 'test');
    a.delta('y');
    a.finish('stop');
    expect(noUsage.finished).toBe(false);
    a.end();
    expect(await noUsage.done).toMatchObject({ status: 'completed', text: 'y' });
    const cut = make();
    const b = new ChunkCollector(cut, 'test');
    b.delta('z');
    b.end();
    expect((await cut.done).status).toBe('failed');
  });
});
