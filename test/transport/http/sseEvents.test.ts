import { APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { sseEvents } from '../../../src/transport/http/sseEvents';

const enc = new TextEncoder();

/** A response whose body arrives in exactly these pieces (then ends unless `open`); `cancelled` says whether the reader gave it up. */
function sse(pieces: string[], { open = false } = {}) {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of pieces) c.enqueue(enc.encode(p));
      if (!open) c.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(body), state };
}

async function all(response: Response, signal?: AbortSignal): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const e of sseEvents(response, signal)) out.push(e);
  return out;
}

describe('sseEvents', () => {
  it('reads events split anywhere across chunks, CRLF included', async () => {
    const text = 'event: a\r\ndata: {"type":"a","n":1}\r\n\r\nevent: b\ndata: {"type":"b","n":2}\n\n';
    // Every split point, so a line break or a multi-byte character may fall between chunks.
    for (let cut = 1; cut < text.length; cut++) {
      const { response } = sse([text.slice(0, cut), text.slice(cut)]);
      expect(await all(response)).toEqual([{ type: 'a', n: 1 }, { type: 'b', n: 2 }]);
    }
  });

  it('reads lines ended by a lone CR, and all three kinds of break mixed, split anywhere', async () => {
    const text = 'data: {"type":"a",\rdata: "n":1}\r\revent: b\r\ndata: {"type":"b","n":2}\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      const { response } = sse([text.slice(0, cut), text.slice(cut)]);
      expect(await all(response)).toEqual([{ type: 'a', n: 1 }, { type: 'b', n: 2 }]);
    }
  });

  it('reads every event of a chunk holding many, whatever their line breaks', async () => {
    for (const br of ['\n', '\r\n', '\r']) {
      // A last "\n": a CR ending the body could have been the first half of a CRLF, its event is dropped.
      const text = `${Array.from({ length: 2000 }, (_, n) => `event: e${br}data: {"n":${n}}${br}${br}`).join('')}\n`;
      const { response } = sse([text]);
      expect(await all(response)).toEqual(Array.from({ length: 2000 }, (_, n) => ({ n })));
    }
  });

  it('keeps multi-byte characters split between chunks', async () => {
    const bytes = enc.encode('data: {"delta":"héllo ✓"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const b of bytes) c.enqueue(new Uint8Array([b]));
        c.close();
      },
    });
    expect(await all(new Response(body))).toEqual([{ delta: 'héllo ✓' }]);
  });

  it('joins data lines, skips comments and other fields, stops at [DONE]', async () => {
    const { response } = sse([': keep-alive\n\nid: 7\nretry: 10\ndata: {"a":\ndata:1}\n\ndata: [DONE]\n\ndata: {"late":true}\n\n']);
    expect(await all(response)).toEqual([{ a: 1 }]);
  });

  it('drops an event the end of the body cut off', async () => {
    const { response } = sse(['data: {"a":1}\n\ndata: {"b":2}']);
    expect(await all(response)).toEqual([{ a: 1 }]);
  });

  it('throws APIError for an event holding an error, and bad JSON as a SyntaxError', async () => {
    await expect(all(sse(['data: {"error":{"message":"overloaded","type":"server_error"}}\n\n']).response)).rejects.toBeInstanceOf(APIError);
    await expect(all(sse(['data: {nope\n\n']).response)).rejects.toBeInstanceOf(SyntaxError);
  });

  it('cancels the body when the reader leaves early', async () => {
    const { response, state } = sse(['data: {"a":1}\n\ndata: {"b":2}\n\n'], { open: true });
    for await (const e of sseEvents(response)) {
      expect(e).toEqual({ a: 1 });
      break;
    }
    expect(state.cancelled).toBe(true);
  });

  it('ends quietly when its signal aborted the body', async () => {
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode('data: {"a":1}\n\n'));
        controller.signal.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
      },
    });
    const seen: unknown[] = [];
    for await (const e of sseEvents(new Response(body), controller.signal)) {
      seen.push(e);
      controller.abort();
    }
    expect(seen).toEqual([{ a: 1 }]);
  });

  it('reads no event past an abort, even one already in the chunk in hand', async () => {
    const controller = new AbortController();
    const { response, state } = sse(['data: {"a":1}\n\ndata: {"a":2}\n\ndata: {"a":3}\n\n'], { open: true });
    const seen: unknown[] = [];
    for await (const e of sseEvents(response, controller.signal)) {
      seen.push(e);
      controller.abort();
    }
    expect(seen).toEqual([{ a: 1 }]);
    expect(state.cancelled).toBe(true);
  });
});
