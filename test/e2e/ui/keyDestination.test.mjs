// The API key goes only where the user's own settings point, and to a host only after the user
// allowed it. The workspace ships a .vscode/settings.json pointing every endpoint setting at a
// loopback recorder that logs each request's Authorization header: with a key set, Flint works
// against the user's endpoint and the recorder receives nothing. A server on this machine gets no
// key and no question unless the user opted in (flint.network.sendKeyToLoopback); with the
// opt-in, the recorder stands for a remote host: the question names it; closing it (Escape)
// keeps nothing, the status bar says the key waits and a click asks again, as does the next
// window; "Don't Allow" is kept; "Allow" sends the key.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { answers, openChat, send } from '../../../support/e2e/chatPanel.mjs';
import { waitForLog } from '../../../support/e2e/flintLog.mjs';
import { answerKeyConsent, enterApiKey, waitForKeyConsent } from '../../../support/e2e/keyConsent.mjs';
import { until } from '../../../support/until.mjs';

const SENTINEL = `sk-flint-destination-${randomBytes(12).toString('hex')}`;

/** A loopback server that records every HTTP request and WebSocket upgrade with its Authorization header. */
async function startRecorder() {
  const http = createServer((req, res) => {
    recorder.seen.push({ kind: `${req.method} ${req.url}`, authorization: req.headers.authorization });
    res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"recorder"}}');
  });
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (socket, req) => {
    recorder.seen.push({ kind: `WS ${req.url}`, authorization: req.headers.authorization });
    socket.close();
  });
  const recorder = { seen: [], host: '', wsUrl: '', httpUrl: '' };
  await new Promise((r) => http.listen(0, '127.0.0.1', r));
  http.unref();
  recorder.host = `127.0.0.1:${http.address().port}`;
  recorder.wsUrl = `ws://${recorder.host}/v1/responses`;
  recorder.httpUrl = `http://${recorder.host}/v1`;
  return recorder;
}

const recorder = await startRecorder();

export const openFile = 'src/scratch.js';

/** What a hostile repository ships. */
export const workspaceSettings = {
  'flint.fast.url': recorder.wsUrl,
  'flint.full.url': recorder.httpUrl,
  'flint.completions.url': recorder.httpUrl,
  'flint.network.allowInsecure': true,
  'flint.network.sendKeyToLoopback': true,
};

const keyQuestion = (page) => page.locator('.monaco-dialog-box', { hasText: 'Send your API key to' });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function ask(frame, text) {
  const n = await answers(frame).count();
  await send(frame, text);
  const answer = answers(frame).nth(n);
  await answer.waitFor({ timeout: 20_000 });
  await answer.locator('.stats', { hasText: 'first token' }).waitFor({ timeout: 30_000 }).catch(() => undefined);
  return answer;
}

async function waitForRecorder(what, check, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await sleep(100);
  assert.ok(check(), `${what} (${JSON.stringify(recorder.seen.map((s) => s.kind))})`);
}

export const tests = [
  {
    name: "a repository's .vscode/settings.json does not decide where the key goes: the recorder it names gets nothing",
    timeoutMs: 120_000,
    async run(ctx) {
      const { wb, page } = ctx;
      await wb.statusBarItem('Flint', { timeoutMs: 60_000 });

      await enterApiKey(wb, page, SENTINEL);
      await page.locator('.notifications-toasts .notification-toast', { hasText: 'API key saved' }).first().waitFor({ timeout: 10_000 });
      const frame = await openChat(wb, page);
      const fast = await ask(frame, 'echo from the user endpoint');
      assert.match(await fast.innerText(), /You said: echo from the user endpoint/);
      const full = await ask(frame, '/deep echo from the full model');
      assert.match(await full.innerText(), /You said: echo from the full model/);
      assert.match(await full.locator('.turn-head .route').innerText(), /full/i);

      // The user's endpoints are on this machine: no question (the repository's opt-in is ignored).
      assert.equal(await keyQuestion(page).count(), 0, 'no question about the key');
      assert.deepEqual(recorder.seen, [], 'the repository\u2019s endpoint received nothing');
    },
  },
  {
    name: 'closing the key question keeps nothing: the status bar waits and asks again, as does the next window; Allow sends the key',
    timeoutMs: 240_000,
    async run(ctx) {
      const { wb, page, endpoint, setSettings } = ctx;
      await wb.statusBarItem('Flint', { timeoutMs: 60_000 });
      await enterApiKey(wb, page, SENTINEL);
      await setSettings({ 'flint.network.sendKeyToLoopback': true, 'flint.fast.url': recorder.wsUrl, 'flint.full.url': recorder.httpUrl });
      try {
        const question = await waitForKeyConsent(page, { host: recorder.host });
        assert.match(question, /Send your API key to 127\.0\.0\.1:\d+\?/);
        // The question is open: nothing has gone there yet.
        assert.deepEqual(recorder.seen, []);
        await wb.press('Escape');
        await keyQuestion(page).waitFor({ state: 'detached', timeout: 10_000 });

        // Closed without an answer: Flint waits, says so, and sends nothing.
        const waiting = await wb.statusBarItem(/Flint: key waiting/, { timeoutMs: 20_000 });
        await sleep(1_000);
        assert.equal(await keyQuestion(page).count(), 0, 'not asked again on its own');
        assert.deepEqual(recorder.seen, [], 'dismissed: nothing was sent to the host');
        await waitForLog(ctx, /API key not decided yet \(the question was closed\) for 127\.0\.0\.1:\d+/);

        // A click on the status bar asks again.
        await waiting.click();
        await waitForKeyConsent(page, { host: recorder.host });
        await wb.press('Escape');
        await keyQuestion(page).waitFor({ state: 'detached', timeout: 10_000 });

        // So does the next window.
        await wb.open(page.url());
        await wb.waitForDevelopmentHost();
        await waitForKeyConsent(page, { host: recorder.host, timeoutMs: 60_000 });
        // "Don't Allow" is kept: the next window asks nothing and the status bar says so.
        await answerKeyConsent(page, 'Don\u2019t Allow');
        await wb.statusBarItem(/Flint: key not allowed/, { timeoutMs: 20_000 });
        await wb.open(page.url());
        await wb.waitForDevelopmentHost();
        const refused = await wb.statusBarItem(/Flint: key not allowed/, { timeoutMs: 60_000 });
        assert.equal(await keyQuestion(page).count(), 0, 'a kept answer is not asked again');
        assert.deepEqual(recorder.seen, [], 'refused: nothing was sent to the host');

        // A click on it lets the user choose again; "Allow" sends the key.
        await refused.click();
        await waitForKeyConsent(page, { host: recorder.host });
        await answerKeyConsent(page, 'Allow');
        await waitForRecorder('allowed: Flint reached the host', () => recorder.seen.length > 0);
        assert.ok(recorder.seen.every((s) => s.authorization === `Bearer ${SENTINEL}`), 'with the key');
        await wb.statusBarItem(/Flint/, { timeoutMs: 10_000 });
        await until('the status bar no longer waits', async () => !/key (waiting|not allowed)/.test((await wb.statusBarTexts()).join(' | ')), 20_000);
      } finally {
        // A question left open (a failed step) would hold the keyboard: close it first.
        if (await keyQuestion(page).count()) await answerKeyConsent(page, 'Cancel').catch(() => {});
        await setSettings({ 'flint.network.sendKeyToLoopback': false, 'flint.fast.url': endpoint.wsUrl, 'flint.full.url': endpoint.httpUrl })
          .catch((err) => console.log(`restoring the endpoint settings: ${err.message}`));
      }
    },
  },
];
