// The coder model `npm start` prefers, downloaded once into the cache with a progress bar,
// resumed where it stopped when the connection is cut, and checked against its SHA-256.
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const DEFAULT_URL = 'https://huggingface.co/Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf';
// SHA-256 of that file (491,400,064 bytes): its Git LFS object id in Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF,
// the same at revisions ebb2015119c907b064c512bf053e945850b5875f and
// bf1da6ca8f02b444067db175f02a14e74f49c5c0, as independent public projects pinning this file by
// revision, hash and size record it. Check it on the file page's "Git LFS Details":
// https://huggingface.co/Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF/blob/main/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf
export const DEFAULT_SHA256 = '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32';
const CONNECT_TIMEOUT_MS = 5000;
/** A cut connection is taken up again this many times in one run, while each attempt gets further. */
const ATTEMPTS = 5;

/**
 * The downloaded model's path, or null when it cannot be had (FLINT_OFFLINE set, no network, a
 * failed download, a file whose SHA-256 is not the expected one). FLINT_MODEL_URL overrides
 * where from, FLINT_MODEL_SHA256 the hash it must have (without one, for another URL, the hash
 * is printed so that it can be pinned). A download cut short is kept as `<name>.part` and
 * resumed (an HTTP range request) by the next attempt or the next run.
 */
export async function fetchCoderModel({ cache, env = process.env, say, progressTo = process.stderr, retryDelayMs = 1000 }) {
  const url = env.FLINT_MODEL_URL || DEFAULT_URL;
  const expected = (env.FLINT_MODEL_SHA256 || (env.FLINT_MODEL_URL ? '' : DEFAULT_SHA256)).toLowerCase();
  if (expected && !/^[0-9a-f]{64}$/.test(expected)) {
    say(`FLINT_MODEL_SHA256 must be 64 hexadecimal digits (a SHA-256), not "${env.FLINT_MODEL_SHA256}": not downloading.`);
    return null;
  }
  const name = basename(new URL(url).pathname);
  const dir = join(cache, 'models');
  const file = join(dir, name);
  if (existsSync(file)) return file;
  if (env.FLINT_OFFLINE) return null;
  mkdirSync(dir, { recursive: true });
  const part = `${file}.part`;
  say(`downloading ${name} (once) from ${new URL(url).host}${existsSync(part) ? `, resuming at ${mib(statSync(part).size)} MiB` : ''}…`);
  try {
    await downloadResuming(url, part, { say, progressTo, retryDelayMs });
  } catch (err) {
    // What arrived stays in the .part file: the next run goes on from there.
    say(`could not download the model (${err.cause?.message ?? err.message}); run again to resume.`);
    return null;
  }
  const problem = !isGguf(part) ? 'it is not a GGUF file' : await hashProblem(part, expected, say);
  if (problem) {
    rmSync(part, { force: true });
    say(`the download of ${name} was refused and deleted: ${problem}.`);
    return null;
  }
  renameSync(part, file);
  return file;
}

/** Why the file's SHA-256 is refused, or '' when it matches (or nothing is expected: then it is printed). */
async function hashProblem(path, expected, say) {
  const actual = await sha256Of(path);
  if (!expected) {
    say(`downloaded; its SHA-256 is ${actual} (set FLINT_MODEL_SHA256=${actual} to have it checked).`);
    return '';
  }
  return actual === expected ? '' : `its SHA-256 is ${actual}, not the expected ${expected} (a corrupted or changed file)`;
}

async function sha256Of(path) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** Fetches `url` into `part`, taking up a cut connection again with a range request. */
async function downloadResuming(url, part, { say, progressTo, retryDelayMs }) {
  for (let attempt = 1; ; attempt++) {
    const before = existsSync(part) ? statSync(part).size : 0;
    try {
      await downloadOnce(url, part, before, progressTo);
      return;
    } catch (err) {
      const after = existsSync(part) ? statSync(part).size : 0;
      // Give up when the server refuses, after the last attempt, or when nothing more arrived.
      if (err.status || attempt >= ATTEMPTS || after <= before) throw err;
      say(`the download stopped at ${mib(after)} MiB (${err.cause?.message ?? err.message}); resuming…`);
      await new Promise((r) => setTimeout(r, retryDelayMs));
    }
  }
}

async function downloadOnce(url, part, have, progressTo) {
  // Fail fast when there is no network, but never cut a slow, live download short.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
  const headers = have > 0 ? { range: `bytes=${have}-` } : {};
  const res = await fetch(url, { signal: abort.signal, headers }).finally(() => clearTimeout(timer));
  if (res.status === 416 && have > 0) {
    // The range starts at or past the end (a .part from another file): start over.
    await res.body?.cancel();
    rmSync(part, { force: true });
    return downloadOnce(url, part, 0, progressTo);
  }
  if (!res.ok || !res.body) throw Object.assign(new Error(`HTTP ${res.status}`), { status: res.status });
  const start = res.status === 206 ? rangeStart(res.headers.get('content-range')) : 0;
  // A server that ignores ranges sends the whole file again (200): it replaces what was there.
  if (start !== 0 && start !== have) throw Object.assign(new Error(`the server resumed at byte ${start}, not ${have}`), { status: res.status });
  const length = Number(res.headers.get('content-length')) || 0;
  const total = length ? start + length : 0;
  const got = await saveWithProgress(res.body, part, { start, total, progressTo });
  if (total && got !== total) throw new Error(`download cut short (${got} of ${total} bytes)`);
}

function rangeStart(contentRange) {
  const m = /^bytes (\d+)-/.exec(contentRange ?? '');
  return m ? Number(m[1]) : -1;
}

async function saveWithProgress(body, path, { start, total, progressTo }) {
  let got = start;
  let shown = -1;
  const tty = progressTo.isTTY;
  const progress = new TransformStream({
    transform(chunk, ctl) {
      got += chunk.byteLength;
      const pct = total ? Math.floor((got / total) * 100) : -1;
      if (pct !== shown && (tty || pct % 10 === 0)) {
        shown = pct;
        const bar = total ? `${'#'.repeat(pct / 4)}${'.'.repeat(25 - Math.floor(pct / 4))} ${pct}%` : '';
        progressTo.write(`${tty ? '\r' : ''}  [${bar}] ${mib(got)} MiB${tty ? '' : '\n'}`);
      }
      ctl.enqueue(chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(body.pipeThrough(progress)), createWriteStream(path, { flags: start > 0 ? 'a' : 'w' }));
  } finally {
    if (tty) progressTo.write('\n');
  }
  return got;
}

function mib(bytes) {
  return (bytes / 2 ** 20).toFixed(0);
}

function isGguf(path) {
  const fd = openSync(path, 'r');
  const magic = Buffer.alloc(4);
  readSync(fd, magic, 0, 4, 0);
  closeSync(fd);
  return magic.toString('latin1') === 'GGUF';
}
