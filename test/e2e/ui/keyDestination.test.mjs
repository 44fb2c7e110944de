// The API key goes only where the user's own settings point, and to a host only after the user
// allowed it. The workspace ships a .vscode/settings.json pointing every endpoint setting at a
// loopback recorder that logs each request's Authorization header: with a key set, Flint works
// against the user's endpoint and the recorder receives nothing. Pointing a user setting at the
// recorder asks first (the dialog names the host); Cancel sends nothing; Allow sends the key.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { answers, openChat, send } from '../harness/chatPanel.mjs';
import { waitForLog } from '../harness/flintLog.mjs';
import { answerKeyConsent, enterApiKey, waitForKeyConsent } from '../harness/keyConsent.mjs';

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
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function ask(frame, text) {
  const n = await answers(frame).count();
  await send(frame, text);
  const answer = answers(frame).nth(n);
  await answer.waitFor({ timeout: 20_000 });
  await answer.locator('.stats', { hasText: 'first token' }).waitFor({ timeout: 30_000 }).catch(() => undefined);
  return answer;
}

export const tests = [
  {
    name: "a repository's .vscode/settings.json does not decide where the key goes: the recorder it names gets nothing",
    timeoutMs: 120_000,
    async run(ctx) {
      const { wb, page, endpoint } = ctx;
      await wb.statusBarItem('Flint', { timeoutMs: 60_000 });

      await enterApiKey(wb, page, SENTINEL);
      // The only host asked about is the user's endpoint, never the repository's.
      const question = await waitForKeyConsent(page, { host: new URL(endpoint.origin).host });
      assert.doesNotMatch(question, new RegExp(recorder.host));
      await answerKeyConsent(page, 'Allow');

      const frame = await openChat(wb, page);
      const fast = await ask(frame, 'echo from the user endpoint');
      assert.match(await fast.innerText(), /You said: echo from the user endpoint/);
      const full = await ask(frame, '/deep echo from the full model');
      assert.match(await full.innerText(), /You said: echo from the full model/);
      assert.match(await full.locator('.turn-head .route').innerText(), /full/i);

      assert.deepEqual(recorder.seen, [], 'the repository\u2019s endpoint received nothing');
    },
  },
  {
    name: 'a new endpoint in user settings is asked about first: Cancel sends nothing there, Allow sends the key',
    timeoutMs: 150_000,
    async run(ctx) {
      const { wb, page, endpoint, setSettings } = ctx;
      await wb.statusBarItem('Flint', { timeoutMs: 60_000 });
      await setSettings({ 'flint.full.url': recorder.httpUrl });
      try {
        const question = await waitForKeyConsent(page, { host: recorder.host });
        assert.match(question, /Send your API key to 127\.0\.0\.1:\d+\?/);
        // The question is open: nothing has gone there yet.
        assert.deepEqual(recorder.seen, []);
        await answerKeyConsent(page, 'Cancel');

        const frame = await openChat(wb, page);
        await ask(frame, '/deep after cancel');
        await sleep(1_000);
        assert.deepEqual(recorder.seen, [], 'declined: nothing was sent to the new host');
        await waitForLog(ctx, /API key not allowed for 127\.0\.0\.1:\d+/);

        // Entering the key again asks again about declined hosts; this time the user allows it.
        await enterApiKey(wb, page, SENTINEL);
        await waitForKeyConsent(page, { host: recorder.host });
        await answerKeyConsent(page, 'Allow');
        await ask(frame, '/deep after allow');
        const deadline = Date.now() + 20_000;
        while (!recorder.seen.some((s) => s.kind.startsWith('POST')) && Date.now() < deadline) await sleep(100);
        const posts = recorder.seen.filter((s) => s.kind.startsWith('POST'));
        assert.ok(posts.length > 0, `allowed: the full model's request reached the new host (${JSON.stringify(recorder.seen.map((s) => s.kind))})`);
        assert.equal(posts[0].authorization, `Bearer ${SENTINEL}`);
      } finally {
        // A question left open (a failed step) would hold the keyboard: close it first.
        if (await page.locator('.monaco-dialog-box', { hasText: 'Send your API key to' }).count()) await answerKeyConsent(page, 'Cancel').catch(() => {});
        await setSettings({ 'flint.full.url': endpoint.httpUrl }).catch((err) => console.log(`restoring flint.full.url: ${err.message}`));
      }
    },
  },
];
