import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DIRECT_NETWORK } from '../../../src/transport/network/networkSettings';
import { createNodeFetch, InvalidUtf8Error, type NodeFetch } from '../../../src/transport/http/nodeFetch';
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

  it('fails the body at bytes that are not UTF-8, a character split between chunks being fine', async () => {
    const check = async (pieces: Buffer[]) => {
      const { url, fetch } = await serve((res) => {
        res.writeHead(200);
        const next = (i: number) => (i < pieces.length ? res.write(pieces[i], () => setTimeout(() => next(i + 1), 5)) : res.end());
        next(0);
      });
      try {
        return (await bytesOf((await fetch(url)).body!)).toString('utf8');
      } finally {
        fetcher?.destroy();
        server?.closeAllConnections();
        await new Promise((r) => server!.close(r));
        server = undefined;
      }
    };
    const check2 = Buffer.from('ok ✓ done');
    expect(await check([check2.subarray(0, 4), check2.subarray(4)])).toBe('ok ✓ done');
    await expect(check([Buffer.from('ok '), Buffer.from([0xff, 0xfe])])).rejects.toBeInstanceOf(InvalidUtf8Error);
    // A character cut off by the end of the body.
    await expect(check([Buffer.from('ok '), check2.subarray(3, 5)])).rejects.toBeInstanceOf(InvalidUtf8Error);
  });
});
