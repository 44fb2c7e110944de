import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchCoderModel } from '../../scripts/fetchCoderModel.mjs';

const SIZE = 4 * 1024 * 1024;
const MODEL = Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(SIZE - 4, 7)]);
for (let i = 4; i < SIZE; i += 4093) MODEL[i] = i % 251;
const MODEL_SHA = createHash('sha256').update(MODEL).digest('hex');

interface Served { range: string | undefined; status: number; bytes: number }

/** A file server on 127.0.0.1 that can cut the first response at half and ignore ranges. */
async function modelServer({ dropFirstAtHalf = false, ranges = true } = {}) {
  const served: Served[] = [];
  let dropped = false;
  const server = createServer((req, res) => {
    const range = req.headers.range;
    const m = ranges && range ? /^bytes=(\d+)-$/.exec(range) : null;
    const start = m ? Number(m[1]) : 0;
    if (start >= SIZE) {
      res.writeHead(416, { 'content-range': `bytes */${SIZE}` }).end();
      served.push({ range, status: 416, bytes: 0 });
      return;
    }
    const body = MODEL.subarray(start);
    const status = m ? 206 : 200;
    res.writeHead(status, { 'content-length': body.length, ...(m ? { 'content-range': `bytes ${start}-${SIZE - 1}/${SIZE}` } : {}) });
    if (dropFirstAtHalf && !dropped) {
      dropped = true;
      const half = body.subarray(0, SIZE / 2);
      served.push({ range, status, bytes: half.length });
      // Closed short of its promised length (a FIN, so no byte in flight is lost).
      res.write(half, () => res.socket?.end());
      return;
    }
    served.push({ range, status, bytes: body.length });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/models/tiny.gguf`, served };
}

const servers: Server[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function fetchInto(env: Record<string, string>) {
  const cache = mkdtempSync(join(tmpdir(), 'flint-model-'));
  dirs.push(cache);
  const said: string[] = [];
  const quiet = new Writable({ write: (_c, _e, done) => done() });
  const path = await fetchCoderModel({ cache, env, say: (line: string) => said.push(line), progressTo: quiet, retryDelayMs: 10 });
  return { path, said, cache, file: join(cache, 'models', 'tiny.gguf') };
}

describe('fetchCoderModel', () => {
  it('keeps a download whose SHA-256 is the pinned one', async () => {
    const { url, served } = await modelServer();
    const { path, file } = await fetchInto({ FLINT_MODEL_URL: url, FLINT_MODEL_SHA256: MODEL_SHA.toUpperCase() });
    expect(path).toBe(file);
    expect(readFileSync(file).equals(MODEL)).toBe(true);
    expect(served).toHaveLength(1);
  });

  it('refuses a download whose SHA-256 differs, deletes it and says so', async () => {
    const { url } = await modelServer();
    const wrong = 'ab'.repeat(32);
    const { path, said, file } = await fetchInto({ FLINT_MODEL_URL: url, FLINT_MODEL_SHA256: wrong });
    expect(path).toBeNull();
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.part`)).toBe(false);
    expect(said.at(-1)).toContain(`refused and deleted: its SHA-256 is ${MODEL_SHA}, not the expected ${wrong}`);
  });

  it('resumes a download cut at half with a range request from where it stopped', async () => {
    const { url, served } = await modelServer({ dropFirstAtHalf: true });
    const { path, said, file } = await fetchInto({ FLINT_MODEL_URL: url, FLINT_MODEL_SHA256: MODEL_SHA });
    expect(path).toBe(file);
    expect(readFileSync(file).equals(MODEL)).toBe(true);
    expect(served).toHaveLength(2);
    expect(served[1].status).toBe(206);
    // From what reached the disk: the half, less what was still buffered when the stream broke.
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(served[1].range ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(SIZE / 4);
    expect(resumedAt).toBeLessThanOrEqual(SIZE / 2);
    expect(served[1].bytes).toBe(SIZE - resumedAt);
    expect(said.some((l) => l.includes('resuming'))).toBe(true);
  });

  it('starts over cleanly when the server ignores ranges', async () => {
    const { url, served } = await modelServer({ dropFirstAtHalf: true, ranges: false });
    const { path, file } = await fetchInto({ FLINT_MODEL_URL: url, FLINT_MODEL_SHA256: MODEL_SHA });
    expect(path).toBe(file);
    expect(readFileSync(file).equals(MODEL)).toBe(true);
    expect(served.map((s) => s.status)).toEqual([200, 200]);
    expect(served[1].range).toMatch(/^bytes=[1-9]\d*-$/);
  });

  it('takes up a .part file an earlier run left', async () => {
    const { url, served } = await modelServer();
    const cache = mkdtempSync(join(tmpdir(), 'flint-model-'));
    dirs.push(cache);
    mkdirSync(join(cache, 'models'));
    writeFileSync(join(cache, 'models', 'tiny.gguf.part'), MODEL.subarray(0, 1000));
    const said: string[] = [];
    const path = await fetchCoderModel({ cache, env: { FLINT_MODEL_URL: url, FLINT_MODEL_SHA256: MODEL_SHA }, say: (l: string) => said.push(l), progressTo: new Writable({ write: (_c, _e, d) => d() }) });
    expect(path).toBe(join(cache, 'models', 'tiny.gguf'));
    expect(readFileSync(path!).equals(MODEL)).toBe(true);
    expect(served).toEqual([{ range: 'bytes=1000-', status: 206, bytes: SIZE - 1000 }]);
    expect(said[0]).toContain('resuming at 0 MiB');
  });

  it('without FLINT_MODEL_SHA256 keeps another URL\'s download and prints its hash to pin', async () => {
    const { url } = await modelServer();
    const { path, said } = await fetchInto({ FLINT_MODEL_URL: url });
    expect(path).not.toBeNull();
    expect(said.some((l) => l.includes(`FLINT_MODEL_SHA256=${MODEL_SHA}`))).toBe(true);
  });

  it('refuses a malformed FLINT_MODEL_SHA256 before downloading anything', async () => {
    const { url, served } = await modelServer();
    const { path, said } = await fetchInto({ FLINT_MODEL_URL: url, FLINT_MODEL_SHA256: 'abc' });
    expect(path).toBeNull();
    expect(served).toHaveLength(0);
    expect(said[0]).toContain('64 hexadecimal digits');
  });

  it('keeps what arrived when the server stops answering, for the next run', async () => {
    const { url } = await modelServer({ dropFirstAtHalf: true });
    const cache = mkdtempSync(join(tmpdir(), 'flint-model-'));
    dirs.push(cache);
    // The first response is cut; then the server is gone.
    const say = (l: string) => {
      if (!l.includes('stopped')) return;
      for (const s of servers) {
        s.closeAllConnections();
        s.close();
      }
    };
    const path = await fetchCoderModel({ cache, env: { FLINT_MODEL_URL: url, FLINT_MODEL_SHA256: MODEL_SHA }, say, progressTo: new Writable({ write: (_c, _e, d) => d() }), retryDelayMs: 10 });
    expect(path).toBeNull();
    const kept = readFileSync(join(cache, 'models', 'tiny.gguf.part'));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.equals(MODEL.subarray(0, kept.length))).toBe(true);
  });
});
