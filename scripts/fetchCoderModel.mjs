// The coder model `npm start` prefers, downloaded once into the cache with a progress bar.
import { closeSync, createWriteStream, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const DEFAULT_URL = 'https://huggingface.co/Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf';
const CONNECT_TIMEOUT_MS = 5000;

/**
 * The downloaded model's path, or null when it cannot be had (FLINT_OFFLINE set, no network, a
 * failed download). FLINT_MODEL_URL overrides where from.
 */
export async function fetchCoderModel({ cache, env = process.env, say }) {
  const url = env.FLINT_MODEL_URL ?? DEFAULT_URL;
  const name = basename(new URL(url).pathname);
  const dir = join(cache, 'models');
  const file = join(dir, name);
  if (existsSync(file)) return file;
  if (env.FLINT_OFFLINE) return null;
  mkdirSync(dir, { recursive: true });
  say(`downloading ${name} (once) from ${new URL(url).host}…`);
  const part = `${file}.part`;
  try {
    // Fail fast when there is no network, but never cut a slow, live download short.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
    const res = await fetch(url, { signal: abort.signal }).finally(() => clearTimeout(timer));
    if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
    const total = Number(res.headers.get('content-length')) || 0;
    const got = await saveWithProgress(res.body, part, total);
    if (total && got !== total) throw new Error(`download cut short (${got} of ${total} bytes)`);
    if (!isGguf(part)) throw new Error('the download is not a GGUF file');
    renameSync(part, file);
    return file;
  } catch (err) {
    rmSync(part, { force: true });
    say(`could not download the model (${err.cause?.message ?? err.message}).`);
    return null;
  }
}

async function saveWithProgress(body, path, total) {
  let got = 0;
  let shown = -1;
  const progress = new TransformStream({
    transform(chunk, ctl) {
      got += chunk.byteLength;
      const pct = total ? Math.floor((got / total) * 100) : -1;
      if (pct !== shown && (process.stderr.isTTY || pct % 10 === 0)) {
        shown = pct;
        const bar = total ? `${'#'.repeat(pct / 4)}${'.'.repeat(25 - Math.floor(pct / 4))} ${pct}%` : '';
        process.stderr.write(`${process.stderr.isTTY ? '\r' : ''}  [${bar}] ${(got / 2 ** 20).toFixed(0)} MiB${process.stderr.isTTY ? '' : '\n'}`);
      }
      ctl.enqueue(chunk);
    },
  });
  await pipeline(Readable.fromWeb(body.pipeThrough(progress)), createWriteStream(path));
  if (process.stderr.isTTY) process.stderr.write('\n');
  return got;
}

function isGguf(path) {
  const fd = openSync(path, 'r');
  const magic = Buffer.alloc(4);
  readSync(fd, magic, 0, 4, 0);
  closeSync(fd);
  return magic.toString('latin1') === 'GGUF';
}
