// The API key never leaves secret storage. A sentinel key, entered the way a user does
// ("Flint: Set API Key"), goes with every request of every surface (ghost text, chat on the
// fast WebSocket and the full HTTP model, inline edits): first to an endpoint that refuses it
// (401), then to one that accepts it, then with the endpoint quoting the key back in its error
// messages. After each round the key is in none of the files the editor wrote (Flint's log and
// every other log, user and workspace settings, state), in no frame's text (webviews included)
// and in no notification. Each round also proves it looked: Flint's log records the requests.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { instruct, selectLines } from '../../../support/e2e/editActions.mjs';
import { flintLog, waitForLog, walk } from '../../../support/e2e/flintLog.mjs';
import { answerKeyConsent, enterApiKey, waitForKeyConsent } from '../../../support/e2e/keyConsent.mjs';
import { webviewFrame } from '../../../support/e2e/webviewFrame.mjs';

const HEX = randomBytes(16).toString('hex');
const SENTINEL = `sk-flint-sentinel-${HEX}`;
/**
 * What a leak looks like: any 12 characters in a row of the key's random part, in any case
 * (a truncated or masked key, an upper-cased header dump). 48 random bits: no false alarms.
 */
const NEEDLES = Array.from({ length: HEX.length - 11 }, (_, i) => HEX.slice(i, i + 12));

// Short scripted replies for each surface (ghost-text prompts mark the cursor with <|cursor|>).
const SCRIPT = {
  rules: [
    { match: { user: { regex: 'write a function named (\\w+)' } }, reply: 'Here is `$1`:\n\n```ts\nexport function $1(a: number, b: number): number {\n  return a + b;\n}\n```' },
    { match: { user: 'Instruction: add a doc comment' }, reply: '/** Distance between two points. */\nexport function distance(a: Point, b: Point): number {\n  return Math.hypot(a.x - b.x, a.y - b.y);\n}\n' },
    { match: { user: { regex: 'const total = <\\|cursor\\|>' } }, reply: 'items.length + 1;' },
  ],
  defaults: { chat: 'You said: {{user}}', completion: '' },
};
const scriptDir = mkdtempSync(join(tmpdir(), 'flint-secret-scan-'));
writeFileSync(join(scriptDir, 'script.json'), JSON.stringify(SCRIPT));
process.once('exit', () => rmSync(scriptDir, { recursive: true, force: true }));

export const openFile = 'src/shapes.ts';
// The endpoint wants another bearer token: every request carrying the sentinel gets a 401.
export const endpoint = {
  engine: 'scripted',
  args: ['--script', join(scriptDir, 'script.json'), '--token', `flint-other-${randomBytes(8).toString('hex')}`],
};
// A server on this machine gets the key only with this opt-in: here it stands for a remote one.
export const settings = { 'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' }, 'flint.network.sendKeyToLoopback': true };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const leaks = (text) => {
  const lower = text.toLowerCase();
  return NEEDLES.filter((n) => lower.includes(n));
};
const toast = (page, text) => page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
const lens = (page, text) => page.locator('.monaco-editor .codelens-decoration', { hasText: text }).first();

/** F1 → "Flint: Set API Key" → the sentinel typed into the password box → Enter. */
async function setApiKey(wb, page, endpoint) {
  await enterApiKey(wb, page, SENTINEL);
  // The first key for this endpoint: Flint asks before it sends it there.
  if (!keyAllowed) {
    await waitForKeyConsent(page, { host: new URL(endpoint.origin).host });
    await answerKeyConsent(page, 'Allow');
    keyAllowed = true;
  }
  await toast(page, 'API key saved').waitFor({ timeout: 10_000 });
}
let keyAllowed = false;

/** Brings shapes.ts to the front through its tab (a webview may hold the keyboard focus). */
async function focusShapes(page) {
  await page.locator('.tabs-container .tab', { hasText: 'shapes.ts' }).first().click();
  await page.locator('.tabs-container .tab.active', { hasText: 'shapes.ts' }).waitFor({ timeout: 10_000 });
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.locator('.editor-instance .monaco-editor.focused').waitFor({ timeout: 10_000 });
}

/** Types a new line at the end of shapes.ts, where ghost text is asked for. */
async function typeForGhostText(wb, page, text) {
  await focusShapes(page);
  await wb.gotoEnd();
  await wb.press('Enter');
  await wb.type(text, { delayMs: 40 });
}

/** Selects the `distance` function (lines 6–8 of shapes.ts), Ctrl+I, the instruction, Enter. */
async function editDistance(wb, page, instruction) {
  await focusShapes(page);
  // The shared helpers wait for the editor to take the focus back after the line box closes.
  await selectLines(wb, page, 6, 8);
  await instruct(wb, page, instruction);
}

/** The shown webview frame holding `selector`. */
const frameWith = (page, selector, what) => webviewFrame(page, selector, { what: `the ${what}` });

/** Sets flint.router.mode and waits for Flint's routing item in the status bar to show it. */
async function setRoute(ctx, mode) {
  await ctx.setSettings({ 'flint.router.mode': mode });
  const label = mode[0].toUpperCase() + mode.slice(1);
  await ctx.page.waitForFunction(
    (want) => [...document.querySelectorAll('.part.statusbar .statusbar-item')].some((e) => e.innerText.trim() === want),
    label,
    { timeout: 10_000 },
  );
}

/** Sends a chat message on `route` (fast: WebSocket, full: HTTP); returns the settled answer. */
async function chat(ctx, route, text) {
  const { wb, page } = ctx;
  await setRoute(ctx, route);
  await wb.runCommand('Flint: Open Chat');
  const frame = await frameWith(page, '.composer textarea', 'chat webview');
  const before = await frame.locator('article.turn-assistant').count();
  const input = frame.locator('.composer textarea');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await frame.waitForFunction(
    (n) => ['done', 'failed'].includes(document.querySelectorAll('article.turn-assistant')[n]?.dataset.status),
    before,
    { timeout: 30_000 },
  );
  await setRoute(ctx, 'auto');
  const answer = frame.locator('article.turn-assistant').nth(before);
  assert.match(await answer.locator('.turn-head').innerText(), new RegExp(route, 'i'), `the answer came from the ${route} model`);
  return answer;
}

/** Opens the latency report and Flint's log (the log view must show `logged`, a line of its tail). */
async function openReportAndLog(wb, page, logged) {
  await wb.runCommand('Flint: Show Latency Report');
  await (await frameWith(page, 'main#report', 'latency report')).locator('main#report').waitFor({ timeout: 20_000 });
  await wb.runCommand('Flint: Show Log');
  await page.locator('.part.panel .monaco-editor .view-lines', { hasText: logged }).first().waitFor({ timeout: 20_000 });
}

/** A file's bytes as text; '' when code-server removed it since the folder was listed (locks). */
function readIfStillThere(file) {
  try {
    return readFileSync(file).toString('latin1');
  } catch (err) {
    if (err.code === 'ENOENT') return '';
    throw err;
  }
}

/**
 * Every file code-server wrote (all logs, user settings, state) and every file of the workspace
 * (its settings included), every frame's text and form values, every notification.
 */
async function scan(ctx) {
  const { page, server, workspace, wb } = ctx;
  const found = [];
  const files = [...walk(server.scratch), ...walk(workspace)];
  for (const file of files) {
    const hit = leaks(readIfStillThere(file));
    if (hit.length) found.push(`file ${file} holds ${hit[0]}`);
  }
  const frames = page.frames();
  const texts = [];
  for (const frame of frames) {
    const text = await frame.evaluate(() => [
      document.title,
      document.body?.innerText ?? '',
      // Also what is not laid out (chat chunks scrolled out of view, hidden elements).
      document.body?.textContent ?? '',
      ...[...document.querySelectorAll('input, textarea')].map((e) => e.value),
    ].join('\n')).catch((err) => {
      if (frame.isDetached()) return ''; // gone since the list was taken: nothing left to show
      throw err;
    });
    texts.push(text);
    const hit = leaks(text);
    if (hit.length) found.push(`frame ${frame.url().slice(0, 100)} shows ${hit[0]}`);
  }
  await wb.runCommand('Notifications: Show Notifications');
  const center = page.locator('.notifications-center');
  await center.waitFor({ timeout: 10_000 });
  const notes = await center.locator('.notification-list-item').allInnerTexts();
  for (const n of notes) if (leaks(n).length) found.push(`notification "${n}"`);
  await wb.runCommand('Notifications: Hide Notifications');
  return { found, files, frames: texts, notes };
}

/** The scan found nothing, and it covered the settings files, the webviews and Flint's log. */
function assertClean(ctx, result, { webviews }) {
  assert.deepEqual(result.found, [], `the API key leaked:\n${result.found.join('\n')}`);
  const userSettings = join(ctx.server.dirs.user, 'settings.json');
  const workspaceSettings = join(ctx.workspace, '.vscode', 'settings.json');
  for (const f of [userSettings, workspaceSettings]) assert.ok(result.files.includes(f) && existsSync(f), `scanned ${f}`);
  for (const w of webviews) assert.ok(result.frames.some((t) => t.includes(w)), `scanned a frame showing "${w}"`);
  const log = flintLog(ctx);
  assert.ok(log.file && result.files.includes(log.file) && log.text.length > 0, 'Flint\u2019s log exists, is not empty and was scanned');
}

/** How long ghost text rests after a refused key (completionEngine), plus a margin. */
const GHOST_PAUSE_MS = 16_000;
let ghostPauseEnds = 0;

export const tests = [
  {
    name: 'a refused key (401 on every request) is in no log, error, webview, setting or notification',
    timeoutMs: 180_000,
    async run(ctx) {
      const { wb, page } = ctx;
      await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
      await setApiKey(wb, page, ctx.endpoint);

      await typeForGhostText(wb, page, 'export function add(a, b) {');
      await waitForLog(ctx, /Ghost text request #\d+ failed \(auth\)/);
      ghostPauseEnds = Date.now() + GHOST_PAUSE_MS;

      const fast = await chat(ctx, 'fast', 'write a function named add');
      assert.equal(await fast.getAttribute('data-status'), 'failed');
      assert.match(await fast.locator('.error').innerText(), /ws:\/\/.*refused the API key \(HTTP 401\)/);
      const full = await chat(ctx, 'full', 'write a function named sub');
      assert.equal(await full.getAttribute('data-status'), 'failed');
      // The full model refused the key before answering: the fast one was tried, and refused it too.
      assert.match(await full.locator('.turn-head .reasons').innerText(), /full model unavailable \(no valid API key\): ran on the fast model/);
      assert.match(await full.locator('.error').innerText(), /ws:\/\/.*refused the API key \(HTTP 401\)/);

      await editDistance(wb, page, 'add a doc comment');
      await toast(page, 'refused the API key').waitFor({ timeout: 30_000 });

      await openReportAndLog(wb, page, 'request: edit failed via');
      const result = await scan(ctx);
      assertClean(ctx, result, { webviews: ['write a function named sub', 'Distributions'] });
      assert.ok(result.notes.some((n) => /edit of src\/shapes\.ts failed/.test(n)), `the failed edit was notified: ${result.notes.join(' | ')}`);
      const log = flintLog(ctx).text;
      assert.match(log, /API key stored in secret storage/);
      assert.match(log, /ws:\/\/\S+ refused the API key \(HTTP 401\)/);
      assert.match(log, /http:\/\/\S+ refused the API key \(HTTP 401\)/);
    },
  },
  {
    name: 'an accepted key, and the endpoint quoting it back in errors, is in none of them either',
    timeoutMs: 180_000,
    async run(ctx) {
      const { wb, page, endpoint } = ctx;
      await endpoint.setKnobs({ token: SENTINEL });

      const fast = await chat(ctx, 'fast', 'write a function named add');
      assert.equal(await fast.getAttribute('data-status'), 'done');
      await fast.locator('.code-block pre code', { hasText: 'return a + b;' }).waitFor({ timeout: 10_000 });
      const full = await chat(ctx, 'full', 'write a function named sub');
      assert.equal(await full.getAttribute('data-status'), 'done');

      await editDistance(wb, page, 'add a doc comment');
      await lens(page, 'Reject').waitFor({ timeout: 30_000 });
      await wb.press('Control+Backspace');
      await lens(page, 'Reject').waitFor({ state: 'detached', timeout: 10_000 });

      // Ghost text rests for a while after a refused key: wait that out rather than race it.
      await sleep(ghostPauseEnds - Date.now());
      await typeForGhostText(wb, page, 'const total = ');
      await wb.waitForGhostText({ contains: 'items.length', timeoutMs: 30_000 });
      await wb.press('Escape');

      // The endpoint quotes the key in its error messages, as some services do.
      const quoted = (status, code) => ({ errorEvent: { after: 0, status, code, message: `Incorrect API key provided: ${SENTINEL}.` } });
      await endpoint.setFaults(quoted(401, 'invalid_api_key'));
      await typeForGhostText(wb, page, 'let more = ');
      await waitForLog(ctx, /Ghost text request #\d+ failed \(auth\): .*Incorrect API key provided/);
      const refused = await chat(ctx, 'fast', 'write a function named mul');
      assert.equal(await refused.getAttribute('data-status'), 'failed');
      assert.match(await refused.locator('.error').innerText(), /refused the API key \(HTTP 401\): Incorrect API key provided/);
      await endpoint.setFaults(quoted(500, 'server_error'));
      const failed = await chat(ctx, 'full', 'write a function named div');
      assert.equal(await failed.getAttribute('data-status'), 'failed');
      assert.match(await failed.locator('.error').innerText(), /Incorrect API key provided/);
      await editDistance(wb, page, 'add a doc comment');
      await toast(page, 'Incorrect API key provided').waitFor({ timeout: 30_000 });
      await endpoint.setFaults({});

      await openReportAndLog(wb, page, 'request: edit failed via');
      const result = await scan(ctx);
      assertClean(ctx, result, { webviews: ['write a function named div', 'Distributions'] });
      assert.ok(result.notes.some((n) => /edit of src\/shapes\.ts failed .*Incorrect API key provided/.test(n)), `the quoted error was notified: ${result.notes.join(' | ')}`);
    },
  },
];
