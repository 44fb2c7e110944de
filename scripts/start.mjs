#!/usr/bin/env node
// `npm start`: VS Code in the browser with Flint loaded, talking to a model.
//   OPENAI_API_KEY set        OpenAI's endpoints (Flint's defaults)
//   FLINT_MODEL=path.gguf     the local endpoint running that model (llama.cpp)
//   otherwise                 the local endpoint with a small open coder model, downloaded once
//                             (FLINT_MODEL_URL overrides where from, FLINT_OFFLINE=1 skips it);
//                             without a network, a tiny generated model (random text, real timing)
// Installs what is missing first (node modules, code-server), builds, prints the URL to open, and
// stops everything on Ctrl+C. FLINT_PORT picks the port (default 8080 when free);
// `npm start -- /path/to/project` opens another folder than the sample workspace.
import { closeSync, cpSync, createWriteStream, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ensureNodeModules } from './ensureNodeModules.mjs';
import { e2ePaths, installE2E, missingPrerequisites } from './installE2E.mjs';

const MODEL_URL = process.env.FLINT_MODEL_URL ?? 'https://huggingface.co/Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf';
const MODEL_FILE = basename(new URL(MODEL_URL).pathname);
const CONNECT_TIMEOUT_MS = 5000;
const { repoRoot, cache } = e2ePaths();
const say = (line) => console.log(`[flint] ${line}`);

/** Settings for a person using the editor (the tests add their own on top of the same mechanism). */
const USER_DEFAULTS = {
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.ignoreRecommendations': true,
  'editor.inlineSuggest.enabled': true,
  // The sample workspace lives in the project's cache folder, inside this repository.
  'git.openRepositoryInParentFolders': 'never',
};
const MANAGED = ['flint.fast.url', 'flint.full.url'];

function ensureInstalled() {
  ensureNodeModules(repoRoot, say);
  if (missingPrerequisites({ browser: false }).length) {
    say('installing code-server (once, about a minute)…');
    installE2E({ browser: false });
  }
}

/** The default model, downloaded once into the cache with a progress bar; null when it cannot be had. */
async function fetchDefaultModel() {
  const dir = join(cache, 'models');
  const file = join(dir, MODEL_FILE);
  if (existsSync(file)) return file;
  if (process.env.FLINT_OFFLINE) return null;
  mkdirSync(dir, { recursive: true });
  say(`downloading ${MODEL_FILE} (once) from ${new URL(MODEL_URL).host}…`);
  const part = `${file}.part`;
  try {
    // Fail fast when there is no network, but never cut a slow, live download short.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
    const res = await fetch(MODEL_URL, { signal: abort.signal }).finally(() => clearTimeout(timer));
    if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
    const total = Number(res.headers.get('content-length')) || 0;
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
    await pipeline(Readable.fromWeb(res.body.pipeThrough(progress)), createWriteStream(part));
    if (process.stderr.isTTY) process.stderr.write('\n');
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

function isGguf(path) {
  const fd = openSync(path, 'r');
  const magic = Buffer.alloc(4);
  readSync(fd, magic, 0, 4, 0);
  closeSync(fd);
  return magic.toString('latin1') === 'GGUF';
}

/** Endpoint engines to try, best first. */
async function engineChoices() {
  if (process.env.FLINT_MODEL) {
    const model = resolve(process.env.FLINT_MODEL);
    if (!existsSync(model)) throw new Error(`FLINT_MODEL=${process.env.FLINT_MODEL}: no such file`);
    return [{ engine: 'llama', args: ['--model', model], label: `local model ${model}` }];
  }
  const choices = [];
  const model = await fetchDefaultModel();
  if (model) choices.push({ engine: 'llama', args: ['--model', model], label: `local model ${MODEL_FILE}` });
  choices.push({
    engine: 'tiny',
    args: ['--cache-dir', join(cache, 'tiny-model')],
    label: 'tiny generated model',
    notice: 'NOTE: the tiny model has random weights, so its suggestions are random text; only the timing is real.\n' +
      '      For real suggestions set OPENAI_API_KEY, or FLINT_MODEL=/path/to/a-coder-model.gguf.',
  });
  choices.push({ engine: 'scripted', args: [], label: 'scripted replies', notice: 'NOTE: the endpoint answers from a fixed script (no model could be loaded).' });
  return choices;
}

async function startLocalEndpoint(groups, startEndpoint) {
  for (const choice of await engineChoices()) {
    try {
      const endpoint = await startEndpoint(groups, { engine: choice.engine, args: choice.args, timeoutMs: 180_000, logFile: join(cache, 'endpoint.log') });
      return { endpoint, choice };
    } catch (err) {
      say(`the ${choice.label} did not start: ${err.message.split('\n')[0]} (log: ${join(cache, 'endpoint.log')})`);
    }
  }
  throw new Error('no local endpoint could be started');
}

function portFree(port) {
  return new Promise((res) => {
    const s = createServer().once('error', () => res(false)).listen(port, '127.0.0.1', () => s.close(() => res(true)));
  });
}

/** The user's settings from an earlier run, minus the endpoint URLs this script manages. */
function previousSettings(dataDir) {
  const file = join(dataDir, 'ud', 'User', 'settings.json');
  if (!existsSync(file)) return {};
  try {
    const s = JSON.parse(readFileSync(file, 'utf8'));
    for (const k of MANAGED) if (/^(wss?|https?):\/\/127\.0\.0\.1:/.test(s[k] ?? '')) delete s[k];
    return s;
  } catch {
    say(`${file} is not plain JSON; starting from default settings (the file is rewritten).`);
    return {};
  }
}

async function main() {
  ensureInstalled();
  const { buildIfStale } = await import('../test/e2e/harness/build.mjs');
  const { ProcessGroups } = await import('../test/e2e/harness/processGroup.mjs');
  const { startCodeServer } = await import('../test/e2e/harness/codeServer.mjs');
  const { endpointSettings, startEndpoint } = await import('../test/e2e/harness/endpoint.mjs');
  buildIfStale(repoRoot);

  const folder = process.argv[2] ? resolve(process.argv[2]) : join(cache, 'sample-workspace');
  if (!process.argv[2] && !existsSync(folder)) cpSync(join(repoRoot, 'test', 'e2e', 'workspace'), folder, { recursive: true });
  const dataDir = join(cache, 'editor');
  const groups = new ProcessGroups();
  try {
    let settings = {};
    let modelLine = 'OpenAI (OPENAI_API_KEY is set)';
    let notice;
    if (!process.env.OPENAI_API_KEY) {
      const { endpoint, choice } = await startLocalEndpoint(groups, startEndpoint);
      settings = endpointSettings(endpoint);
      modelLine = `local endpoint ${endpoint.origin} (${choice.label})`;
      notice = choice.notice;
    }
    const wanted = Number(process.env.FLINT_PORT ?? 8080);
    const port = (await portFree(wanted)) ? wanted : undefined;
    const server = await startCodeServer(groups, { dataDir, port, passApiKey: true, baseSettings: { ...USER_DEFAULTS, ...previousSettings(dataDir) }, settings });
    const openFile = process.argv[2] ? undefined : join(folder, 'src', 'scratch.js');
    const url = server.pageUrl({ folder, extensionDevelopmentPaths: [repoRoot], openFile });
    console.log(`\nFlint is running in VS Code. Open:\n\n    ${url}\n\nModel: ${modelLine}`);
    if (notice) console.log(notice);
    console.log('Press Ctrl+C to stop.\n');
    await new Promise((res) => server.process.once('exit', res));
    if (!groups.stopping) say('code-server exited by itself; stopping.');
  } finally {
    await groups.stopAll();
  }
}

main().catch((err) => {
  console.error(`[flint] ${err.message}`);
  process.exitCode = 1;
});
