// Flint started the way `npm start` starts it with no key and no network (FLINT_OFFLINE=1): the
// local endpoint serves flint-code-6m from models/, and typing in a TypeScript file shows ghost
// text that is the model's greedy answer. Greedy decoding is deterministic, so the suggestion at
// three fixed places is a recorded fact (test/fixtures/offlineModel/ghostText.golden.json): a
// change to what ghost text sends changes it and fails here; record the new answers deliberately
// with FLINT_UPDATE_GOLDEN=1. The same answers come over /infill and over /v1/completions with
// the model's template.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { e2ePaths } from '../../../scripts/installE2E.mjs';
import { launchFlint } from '../../../scripts/launchFlint.mjs';
import { newPage } from '../../../support/e2e/browser.mjs';
import { waitForLine } from '../../../support/e2e/processGroup.mjs';
import { processTable, processTree } from '../../../support/e2e/processTree.mjs';
import { FAILURES_DIR, Workbench } from '../../../support/e2e/workbench.mjs';
import { BASE_SETTINGS } from '../../../support/e2e/codeServer.mjs';
import { walk } from '../../../support/e2e/flintLog.mjs';
import { sleep, until } from '../../../support/until.mjs';

const GOLDEN = resolve(import.meta.dirname, '..', '..', 'fixtures', 'offlineModel', 'ghostText.golden.json');
const UPDATE = process.env.FLINT_UPDATE_GOLDEN === '1';

const SOURCE = `import { readFileSync } from "node:fs";

export class Stack<T> {
  private items: T[] = [];

  push(item: T): void {
    this.items.push
  }

  get size(): number {
    return this.items
  }
}

export function readJson(path: string): unknown {
  const text = readFileSync(path, "utf8");
  return JSON.parse
}
`;

/** Where to type: the end of a line (0-based), and the one character typed there. */
const PLACES = [
  { name: 'push', line: 6, key: '(' },
  { name: 'size', line: 10, key: '.' },
  { name: 'parse', line: 16, key: '(' },
];

const FILE = 'src/stack.ts';
export const openFile = FILE;
// A typed bracket stays alone: the ghost text is then one piece, not split around a closing one.
// No request ahead of the key when the cursor settles: the golden answers are the model's for
// the text after the key, not a settled place's answer typed through.
export const settings = { 'editor.autoClosingBrackets': 'never', 'flint.completions.prefetch': false };

export function prepareWorkspace(workspace) {
  writeFileSync(join(workspace, FILE), SOURCE);
}

export async function launch(groups) {
  const dataDir = mkdtempSync(join(tmpdir(), 'flint-start-'));
  groups.onStop(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { ...process.env, FLINT_OFFLINE: '1' };
  delete env.OPENAI_API_KEY;
  delete env.FLINT_MODEL;
  return launchFlint(groups, { dataDir, userDefaults: BASE_SETTINGS, env, logFile: join(dataDir, 'endpoint.log') });
}

/** The ghost text once it has stopped changing (it grows when more lines arrive). */
async function settledGhostText(wb, want, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  let since = Date.now();
  for (;;) {
    const text = await wb.ghostText();
    if (text !== last) {
      last = text;
      since = Date.now();
    }
    if (want !== undefined && text === want) return text;
    if (want === undefined && text && Date.now() - since > 2000) return text;
    if (Date.now() > deadline) return last;
    await sleep(100);
  }
}

/** Every Flint log of this code-server (it serves this file's window alone). */
function flintLogs(server) {
  return walk(join(server.dirs.ud, 'logs')).filter((f) => f.endsWith('/Flint.log')).map((f) => readFileSync(f, 'utf8')).join('\n');
}

/** Puts the file back as it is on disk (it is never saved), and waits until it is no longer dirty. */
async function revert(wb) {
  await wb.runCommand('File: Revert File');
  await until('the file reverted', async () => (await wb.page.locator('.tabs-container .tab.active.dirty').count()) === 0, 20_000);
}

/** Resolves once the endpoint has recorded no new request for 400 ms (at most 10 s). */
async function requestsQuiet(endpoint) {
  let count = (await endpoint.requests()).length;
  let since = Date.now();
  await until('the endpoint quiet', async () => {
    const now = (await endpoint.requests()).length;
    if (now !== count) [count, since] = [now, Date.now()];
    return Date.now() - since >= 400;
  }, 10_000);
}

/** The lower right of the window: the status bar item and the notification above it. */
async function statusBarClip(page) {
  const size = page.viewportSize();
  return { x: size.width - 640, y: size.height - 220, width: 640, height: 220 };
}

/**
 * Types at each place of the file as it is on disk (reverted: no other file is opened, so no
 * other file's lines ride along in the prompt); checks each suggestion and its prompt's size.
 */
async function typeAtPlaces(ctx, route) {
  const { wb, endpoint } = ctx;
  const golden = UPDATE ? {} : JSON.parse(readFileSync(GOLDEN, 'utf8'));
  // A fresh extension host: no suggestion cached by an earlier test answers without a request.
  await wb.page.reload({ waitUntil: 'domcontentloaded' });
  await wb.waitForEditor({ name: FILE.split('/').pop(), timeoutMs: 60_000 });
  // Flint is active (its status bar item is up) before the first keystroke asks it anything.
  await wb.statusBarItem('Flint', { timeoutMs: 60_000 });
  await revert(wb);
  for (const place of PLACES) {
    await wb.press('Escape');
    await wb.press('Control+Home');
    for (let i = 0; i < place.line; i++) await wb.press('ArrowDown');
    await wb.press('End');
    // The cursor's arrival may ask for the line as it is (before the key): let that request be
    // recorded first, so the one checked below is the typed key's.
    await requestsQuiet(endpoint);
    await endpoint.clearRequests();
    await wb.type(place.key);
    const shown = await settledGhostText(wb, golden[place.name]?.ghostText);
    // Listed as soon as its prompt is evaluated.
    const requests = await until('the endpoint recorded the request', async () => {
      const r = await endpoint.requests();
      return r.length > 0 ? r : undefined;
    }, 30_000);
    assert.ok(requests.every((r) => r.route === route), `ghost text asked over ${route}: ${JSON.stringify(requests)}`);
    const answer = { ghostText: shown, promptTokens: requests[0].promptTokens };
    if (UPDATE) golden[place.name] = answer;
    // The prompt's size in the model's own tokens: /v1/completions with the model's template
    // evaluates exactly what /infill does.
    else assert.deepEqual(answer, golden[place.name], `the model's greedy answer after "${place.key}" at line ${place.line + 1}`);
  }
  if (UPDATE) writeFileSync(GOLDEN, `${JSON.stringify(golden, null, 2)}\n`);
}

/**
 * `npm start` itself, offline, with a cache of its own (code-server linked in from the real one);
 * resolves once it printed the URL to open.
 */
async function npmStart() {
  const cache = mkdtempSync(join(tmpdir(), 'flint-npm-start-'));
  const { codeServerDir, repoRoot } = e2ePaths();
  symlinkSync(codeServerDir, join(cache, codeServerDir.split('/').pop()));
  const env = { ...process.env, FLINT_CACHE: cache, FLINT_OFFLINE: '1' };
  delete env.OPENAI_API_KEY;
  delete env.FLINT_MODEL;
  delete env.FLINT_PORT;
  // Not in a process group of the harness: what it started is what this test checks it stops.
  const child = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // However the test ends (an interrupted run included), nothing it started stays behind.
  const kill = () => {
    for (const pid of processTree(child.pid)) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
  };
  process.once('exit', kill);
  cleanups.push(() => {
    kill();
    process.off('exit', kill);
    rmSync(cache, { recursive: true, force: true });
  });
  const [, url] = await waitForLine(child, /^\s+(http:\/\/127\.0\.0\.1:\d+\/\?\S+)$/, 120_000, 'npm start');
  return { child, url, cache };
}

const cleanups = [];
async function runCleanups() {
  for (const fn of cleanups.splice(0)) await fn();
}

/** Alive and not a zombie waiting to be reaped. */
function running(pid) {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Sends `signal` to npm alone and checks that everything it started (endpoint, code-server) stops. */
async function stopsEverything(child, signal) {
  const started = processTree(child.pid, processTable()).filter((pid) => pid !== child.pid);
  const names = processTable().filter((p) => started.includes(p.pid)).map((p) => p.cmdline);
  assert.ok(names.some((c) => c.includes('endpoint.mjs')) && names.some((c) => c.includes('code-server')), `npm start runs the endpoint and code-server: ${names.join(' | ')}`);
  process.kill(child.pid, signal);
  await until(`every process npm start started ends after ${signal}`, () => !started.some(running), 20_000)
    .catch((err) => {
      throw new Error(`${err.message}; still running: ${processTable().filter((p) => started.includes(p.pid) && running(p.pid)).map((p) => p.cmdline).join(' | ')}`);
    });
}

export const tests = [
  {
    name: 'FLINT_OFFLINE=1 npm start reaches a ready editor whose ghost text comes from flint-code-6m; SIGTERM to npm stops everything',
    timeoutMs: 180_000,
    async run({ page }) {
      const { child, url, cache } = await npmStart();
      try {
        assert.match(readFileSync(join(cache, 'endpoint.log'), 'utf8'), /model flint-code-6m\.gguf: context 2048 tokens, fill-in-the-middle, no chat template, no tools, 1 thread/);
        const other = await newPage(page.context().browser());
        try {
          const wb = new Workbench(other);
          await wb.open(url);
          await wb.waitForEditor({ name: 'scratch.js' });
          await wb.statusBarItem('Flint', { timeoutMs: 60_000 });
          await wb.gotoEnd();
          await wb.type('\nfunction greet(name) {\n  return ');
          assert.notEqual((await wb.waitForGhostText({ timeoutMs: 60_000 })).trim(), '');
          await wb.statusBarItem(/flint-code-6m \d/, { timeoutMs: 60_000 }).catch(async (err) => {
            await wb.screenshot('offlineModel-npm-start', { dir: FAILURES_DIR });
            throw new Error(`${err.message.split('\n')[0]}; status bar: ${(await wb.statusBarTexts()).join(' | ')}`);
          });
        } finally {
          await other.context().close().catch(() => {});
        }
        await stopsEverything(child, 'SIGTERM');
      } finally {
        await runCleanups();
      }
    },
  },
  {
    name: 'npm start stops everything when npm gets SIGHUP alone (its terminal went away)',
    timeoutMs: 150_000,
    async run() {
      const { child } = await npmStart();
      try {
        await stopsEverything(child, 'SIGHUP');
      } finally {
        await runCleanups();
      }
    },
  },
  {
    name: 'the status bar names the local model; inline edits and background tasks say why a completion model leaves them off',
    timeoutMs: 120_000,
    async run(ctx) {
      const { wb, page } = ctx;
      await wb.statusBarItem('Flint', { timeoutMs: 60_000 });
      await revert(wb);
      await wb.press('Control+Home');
      for (let i = 0; i < PLACES[0].line; i++) await wb.press('ArrowDown');
      await wb.press('End');
      await wb.type(PLACES[0].key);
      // After an answer, the item names the model that gave it, with its speed.
      const item = await wb.statusBarItem(/flint-code-6m .*tok\/s/, { timeoutMs: 60_000 });
      await item.hover();
      const hover = page.locator('.monaco-hover, .workbench-hover', { hasText: 'Ghost text only' }).first();
      await hover.waitFor({ timeout: 10_000 });
      const tooltip = await hover.innerText();
      assert.match(tooltip, /Model: flint-code-6m, on this machine/);
      assert.match(tooltip, /inline edits, variants, review, tests and chat need a model that follows instructions/);
      await wb.press('Escape');
      await wb.runCommand('Flint: Edit Selection with Instruction');
      await page.locator('.notifications-toasts .notification-toast', { hasText: 'Inline edits are off' }).first().waitFor({ timeout: 20_000 });
      assert.equal(await page.locator('.quick-input-widget input').isVisible(), false, 'no instruction was asked for');
      assert.match(flintLogs(ctx.server), /ghost text only: flint-code-6m is a completion model/);
      await wb.screenshot('offline-model', { clip: await statusBarClip(page) });
      // A background task says which model it needs and how to get one, before asking what to do.
      await wb.runCommand('Flint: Start Background Task');
      const tasksOff = page.locator('.notifications-toasts .notification-toast', { hasText: 'Background tasks are off' }).first();
      await tasksOff.waitFor({ timeout: 20_000 });
      assert.match((await tasksOff.innerText()).replace(/\s+/g, ' '), /flint-code-6m is a completion model .* calls tools \(function calling\)\. Set an API key .* Qwen2\.5-Coder Instruct/);
      assert.equal(await page.locator('.quick-input-widget', { hasText: 'What should the background task do?' }).isVisible(), false, 'no task was asked for');
    },
  },
  {
    name: 'typing in TypeScript shows the offline model\'s greedy answer as ghost text, over /infill',
    timeoutMs: 150_000,
    async run(ctx) {
      await typeAtPlaces(ctx, 'infill');
    },
  },
  {
    name: 'the same answers over /v1/completions with the model\'s fill-in-the-middle template',
    timeoutMs: 150_000,
    async run(ctx) {
      await ctx.setSettings({ 'flint.completions.api': 'completions', 'flint.completions.fimTemplate': 'flint' });
      try {
        await typeAtPlaces(ctx, 'completions');
      } finally {
        await ctx.setSettings({ 'flint.completions.api': 'infill' });
      }
    },
  },
];
