// The router in a real VS Code against the local endpoint, which serves the fast and the full
// model names (the full one slower): a chat message naming two files goes to the full model
// with both files attached and the answer says why; /fast and the status-bar routing picker
// override it; an inline edit forced with /deep runs on the full model and its CodeLens says
// so; with the full model unreachable the fast one answers and says why; with WebSockets
// refused, requests go over HTTP and the status bar says so. Files @-mentioned from the
// completion list go along; secret files are never offered.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { answers, openChat, send } from '../../../support/e2e/chatPanel.mjs';
import { instruct, lens, selectLines, waitForText } from '../../../support/e2e/editActions.mjs';
import { waitForLog } from '../../../support/e2e/flintLog.mjs';

export const openFile = 'src/shapes.ts';

export const endpoint = { engine: 'scripted', args: ['--script', 'test/fixtures/scripted/router.json'] };

/** Sends `text` and waits for its answer to finish: its head (route, model, reasons) and text. */
async function ask(frame, text) {
  const before = await answers(frame).count();
  await send(frame, text);
  return answered(frame, before);
}

/** Waits for answer number `n` to finish. */
async function answered(frame, n) {
  const answer = answers(frame).nth(n);
  await answer.waitFor({ timeout: 20_000 });
  await answer.locator('.stats', { hasText: 'first token' }).waitFor({ timeout: 30_000 });
  assert.equal(await answer.getAttribute('data-status'), 'done');
  return {
    route: await answer.locator('.turn-head .route').innerText(),
    model: await answer.locator('.turn-head .model').innerText(),
    reasons: await answer.locator('.turn-head .reasons').innerText(),
    // textContent: chunks out of view are not laid out, and innerText would skip them.
    text: await answer.textContent(),
  };
}

export const tests = [
  {
    name: 'a chat message naming two files streams from the full model with both files, badged with the reason',
    timeoutMs: 90_000,
    async run({ wb, page, endpoint }) {
      await endpoint.setKnobs({ fullDelayMs: 300, fullTokensPerSecond: 60 });
      const frame = await openChat(wb, page);
      const answered = ask(frame, 'compare src/shapes.ts with src/inventory.py');
      // Mid-stream at the full model's pace: marked busy.
      await frame.locator('article.turn-assistant[aria-busy="true"]').waitFor({ timeout: 20_000 });
      const a = await answered;
      assert.equal(a.route.toLowerCase(), 'full');
      assert.equal(a.model, 'gpt-5.3-codex');
      assert.match(a.reasons, /full model: 2 files referenced/);
      // The endpoint answers this only when both files' content came with the message.
      assert.match(a.text, /Both files arrived/);
      await wb.screenshot('router-chat');
    },
  },
  {
    name: '@-mentions completed from the workspace go with the message; a secret file is never offered',
    timeoutMs: 90_000,
    async run({ wb, page, workspace, endpoint }) {
      await endpoint.setKnobs({ fullDelayMs: 0, fullTokensPerSecond: 1000 });
      // Created together: the plain one being offered shows the list saw both.
      writeFileSync(join(workspace, 'src', '.env.local'), 'API_TOKEN=not-for-models\n');
      writeFileSync(join(workspace, 'src', 'notes.md'), '# Notes\n');
      const frame = await openChat(wb, page);
      const input = frame.locator('.composer textarea');
      const option = (path) => frame.getByRole('option', { name: path, exact: true });
      await input.click();
      await input.pressSequentially('compare @src/');
      await option('src/notes.md').waitFor({ timeout: 10_000 });
      const offered = await frame.getByRole('option').allTextContents();
      assert.ok(offered.includes('src/shapes.ts') && offered.includes('src/inventory.py'), `offered: ${offered}`);
      assert.ok(!offered.some((p) => p.includes('.env')), `a secret file was offered: ${offered}`);
      await input.pressSequentially('sha');
      await frame.locator('#mention-0', { hasText: 'src/shapes.ts' }).waitFor({ timeout: 10_000 });
      await input.press('Enter');
      await input.pressSequentially('with @inv');
      await option('src/inventory.py').waitFor({ timeout: 10_000 });
      await input.press('Tab');
      assert.equal(await input.inputValue(), 'compare @src/shapes.ts with @src/inventory.py ');

      const before = await answers(frame).count();
      await input.press('Enter');
      const a = await answered(frame, before);
      assert.equal(a.route.toLowerCase(), 'full');
      assert.match(a.reasons, /full model: 2 files referenced/);
      assert.match(a.text, /Both files arrived/);
    },
  },
  {
    name: 'the status-bar routing picker forces the fast model, says so on the answer, and goes back to automatic',
    timeoutMs: 90_000,
    async run({ wb, page }) {
      /** Picks `choice` from the routing item's quick pick and waits for the item to say `shown`. */
      const pickRoute = async (choice, shown) => {
        await (await wb.statusBarItem(/^\s*(Auto|Fast|Full)\s*$/)).click();
        await page.locator('.quick-input-widget', { hasText: 'which model answers chat and edits' }).waitFor({ timeout: 10_000 });
        await page.locator('.quick-input-widget .monaco-list-row', { hasText: choice }).first().click();
        await wb.statusBarItem(shown, { timeoutMs: 10_000 });
      };
      await pickRoute('Always fast', /^\s*Fast\s*$/);
      const frame = await openChat(wb, page);
      const a = await ask(frame, 'compare src/shapes.ts with src/inventory.py once more');
      assert.equal(a.route.toLowerCase(), 'fast');
      assert.match(a.reasons, /setting flint\.router\.mode = fast/);
      await pickRoute('Automatic', /^\s*Auto\s*$/);
      const b = await ask(frame, 'compare src/shapes.ts with src/inventory.py again');
      assert.equal(b.route.toLowerCase(), 'full');
    },
  },
  {
    name: '/fast keeps the same message on the fast model, and says it was forced',
    timeoutMs: 60_000,
    async run({ wb, page }) {
      const frame = await openChat(wb, page);
      const a = await ask(frame, '/fast compare src/shapes.ts with src/inventory.py');
      assert.equal(a.route.toLowerCase(), 'fast');
      assert.equal(a.model, 'gpt-5.3-codex-spark');
      assert.match(a.reasons, /forced by \/fast/);
    },
  },
  {
    name: 'an inline edit forced with /deep runs on the full model and its CodeLens says so',
    timeoutMs: 90_000,
    async run({ wb, page }) {
      await page.locator('.tabs-container .tab', { hasText: 'shapes.ts' }).first().click();
      await selectLines(wb, page, 6, 8);
      await instruct(wb, page, '/deep document distance');
      const modelLens = lens(page, 'full ·');
      await modelLens.waitFor({ timeout: 30_000 });
      assert.match(await modelLens.textContent(), /full · gpt-5\.3-codex: forced by \/deep/);
      await lens(page, 'Accept').waitFor({ timeout: 30_000 });
      await wb.press('Control+Enter');
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      await waitForText(page, 'Straight-line distance between two points.');
    },
  },
  {
    name: 'with the full model unreachable, the fast model answers and the answer says why',
    timeoutMs: 60_000,
    async run(ctx) {
      const { wb, page, endpoint, setSettings } = ctx;
      // Nothing listens on port 9 (discard) here.
      await setSettings({ 'flint.full.url': 'http://127.0.0.1:9/v1' });
      try {
        await waitForLog(ctx, /connection settings changed: .*full http:\/\/127\.0\.0\.1:9\/v1/);
        const frame = await openChat(wb, page);
        const a = await ask(frame, '/deep say hello');
        assert.equal(a.route.toLowerCase(), 'fast');
        assert.equal(a.model, 'gpt-5.3-codex-spark');
        assert.match(a.reasons, /full model unavailable \(cannot reach it\): ran on the fast model/);
        assert.match(a.text, /You said: say hello/);
      } finally {
        await setSettings({ 'flint.full.url': endpoint.httpUrl });
      }
    },
  },
  {
    name: 'with WebSockets refused, the status bar says requests go over HTTP, and chat still answers',
    timeoutMs: 60_000,
    async run({ wb, page, endpoint, setSettings }) {
      await endpoint.setFaults({ refuseWebSocket: {} });
      try {
        // A transport setting change reconnects: the new sockets are refused.
        await setSettings({ 'flint.request.stallTimeoutMs': 9_000 });
        const item = await wb.statusBarItem('over HTTP', { timeoutMs: 30_000 });
        assert.match(await item.innerText(), /Flint: over HTTP/);
        const frame = await openChat(wb, page);
        const a = await ask(frame, 'hello over http');
        assert.equal(a.route.toLowerCase(), 'fast');
        assert.match(a.text, /You said: hello over http/);
      } finally {
        await endpoint.setFaults({});
        await setSettings({ 'flint.request.stallTimeoutMs': 10_000 });
      }
    },
  },
];
