import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIRECT_NETWORK } from '../../../src/transport/network/networkSettings';
import { createNodeFetch, type NodeFetch } from '../../../src/transport/http/nodeFetch';
import { InvalidUtf8Error } from '../../../src/transport/http/utf8Reader';
import { sseEvents } from '../../../src/transport/http/sseEvents';
import { until } from '../../../support/until.mjs';

let server: Server | undefined;
let fetcher: NodeFetch | undefined;
afterEach(async () => {
  fetcher?.destroy();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = undefined;
});

/** A server on 127.0.0.1 answering every request with `handle`; the fetch to call it with. */
async function serve(handle: (res: ServerResponse, closed: Promise<void>) => void): Promise<{ url: string; fetch: typeof fetch }> {
  server = createServer((_req, res) => handle(res, new Promise((resolve) => res.once('close', () => resolve()))));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  fetcher = createNodeFetch({ keepAlive: true, baseUrl: url, network: DIRECT_NETWORK });
  return { url, fetch: fetcher.fetch };
}

async function bytesOf(body: ReadableStream<Uint8Array>, pauseEveryMs = 0): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for (const reader = body.getReader(); ;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(parts);
    parts.push(value);
    if (pauseEveryMs) await new Promise((r) => setTimeout(r, pauseEveryMs));
  }
}

describe('createNodeFetch response bodies', () => {
  it('delivers a body of many chunks whole and in order to a slow reader', async () => {
    const chunk = (i: number) => Buffer.alloc(16 * 1024, i % 251);
    const { url, fetch } = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let i = 0;
      const more = () => {
        while (i < 64) if (!res.write(chunk(i++))) return void res.once('drain', more);
        res.end();
      };
      more();
    });
    const body = await bytesOf((await fetch(url)).body!, 1);
    expect(body.equals(Buffer.concat(Array.from({ length: 64 }, (_, i) => chunk(i))))).toBe(true);
  });

  it('stops reading the socket while the reader does not read (a body never piles up in memory)', async () => {
    const total = 64 * 1024 * 1024;
    let written = 0;
    const { url, fetch } = await serve((res) => {
      res.writeHead(200);
      const more = () => {
        while (written < total) {
          written += 64 * 1024;
          if (!res.write(Buffer.alloc(64 * 1024, 120))) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    const response = await fetch(url);
    // Nobody reads for a while: the server's writes stall once the socket buffers and the body's queue are full.
    await new Promise((r) => setTimeout(r, 1000));
    expect(written).toBeLessThan(total / 2);
    // Reading again resumes the socket: the whole body arrives.
    expect((await bytesOf(response.body!)).length).toBe(total);
  });

  it('closes the connection when the reader cancels the body', async () => {
    let closedAt: number | undefined;
    const { url, fetch } = await serve((res, closed) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('data: x\n\n'), 5);
      void closed.then(() => {
        clearInterval(timer);
        closedAt = Date.now();
      });
    });
    const reader = (await fetch(url)).body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await until('the server saw the connection close', () => closedAt !== undefined, 5000);
  });

  it('fails the body when the connection is lost before its end', async () => {
    const { url, fetch } = await serve((res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('only part of it');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const response = await fetch(url);
    await expect(bytesOf(response.body!)).rejects.toThrow();
  });

  it('fails at bytes that are not UTF-8, read as text or as events, a character split between chunks being fine', async () => {
    const check = async (pieces: Buffer[], read: (r: Response) => Promise<string>) => {
      const { url, fetch } = await serve((res) => {
        res.writeHead(200);
        const next = (i: number) => (i < pieces.length ? res.write(pieces[i], () => setTimeout(() => next(i + 1), 5)) : res.end());
        next(0);
      });
      try {
        return await read(await fetch(url));
      } finally {
        fetcher?.destroy();
        server?.closeAllConnections();
        await new Promise((r) => server!.close(r));
        server = undefined;
      }
    };
    const asText = (r: Response) => r.text();
    const asEvents = async (r: Response) => {
      let text = '';
      for await (const e of sseEvents(r)) text += (e as { t: string }).t;
      return text;
    };
    const ok = Buffer.from('ok ✓ done');
    expect(await check([ok.subarray(0, 4), ok.subarray(4)], asText)).toBe('ok ✓ done');
    await expect(check([Buffer.from('ok '), Buffer.from([0xff, 0xfe])], asText)).rejects.toBeInstanceOf(InvalidUtf8Error);
    // A character cut off by the end of the body.
    await expect(check([Buffer.from('ok '), ok.subarray(3, 5)], asText)).rejects.toBeInstanceOf(InvalidUtf8Error);

    const event = Buffer.from('data: {"t":"ok ✓ done"}\n\n');
    expect(await check([event.subarray(0, 17), event.subarray(17)], asEvents)).toBe('ok ✓ done');
    await expect(check([event, Buffer.from('data: {"t":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}\n\n')], asEvents)).rejects.toBeInstanceOf(InvalidUtf8Error);
    await expect(check([event, Buffer.from('data: [DONE]\n\n'), ok.subarray(3, 5)], asEvents)).rejects.toBeInstanceOf(InvalidUtf8Error);
  });
});

describe('createNodeFetch: each body is decoded once', () => {
  /** Bytes handed to TextDecoder while `read` runs. */
  async function decodedBytes(read: () => Promise<unknown>): Promise<number> {
    const original = TextDecoder.prototype.decode;
    let bytes = 0;
    const spy = vi.spyOn(TextDecoder.prototype, 'decode').mockImplementation(function (this: TextDecoder, input, options) {
      bytes += input ? input.byteLength : 0;
      return original.call(this, input, options);
    });
    try {
      await read();
    } finally {
      spy.mockRestore();
    }
    return bytes;
  }

  it('an event stream: the bytes that arrived are turned into text once, a character split between chunks kept whole', async () => {
    const body = Buffer.from(`${Array.from({ length: 50 }, (_, n) => `data: {"n":${n},"t":"héllo ✓ 👋🏽"}\n\n`).join('')}data: [DONE]\n\n`);
    const { url, fetch } = await serve((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // Cut inside a multi-byte character, every piece written on its own.
      const pieces = [body.subarray(0, 15), body.subarray(15, 33), body.subarray(33)];
      const next = (i: number) => (i < pieces.length ? res.write(pieces[i], () => setTimeout(() => next(i + 1), 5)) : res.end());
      next(0);
    });
    const events: unknown[] = [];
    const bytes = await decodedBytes(async () => {
      for await (const e of sseEvents(await fetch(url))) events.push(e);
    });
    expect(events).toHaveLength(50);
    expect(events[49]).toEqual({ n: 49, t: 'héllo ✓ 👋🏽' });
    expect(bytes).toBe(body.length);
  });

  it('an error body read as text (as the openai client reads one): once', async () => {
    const body = Buffer.from(JSON.stringify({ error: { message: 'no such model “x” ✓', type: 'invalid_request_error' } }));
    const { url, fetch } = await serve((res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(body);
    });
    let text = '';
    const bytes = await decodedBytes(async () => (text = await (await fetch(url)).text()));
    expect(JSON.parse(text).error.message).toBe('no such model “x” ✓');
    expect(bytes).toBe(body.length);
  });
});
