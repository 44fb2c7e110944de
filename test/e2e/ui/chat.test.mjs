// The side-panel chat in a real VS Code against the local endpoint: an answer streams in as
// Markdown, Escape stops it, a message sent while it streams redirects it, Insert puts a code
// block at the editor's cursor, Apply shows one as a pending diff, and the conversation is
// still there after a window reload.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { answers, openChat, send } from '../../../support/e2e/chatPanel.mjs';
import { editorText, lens, openPath, saveAndRead, waitForText } from '../../../support/e2e/editActions.mjs';
import { walk } from '../../../support/e2e/flintLog.mjs';
import { webviewFrame } from '../../../support/e2e/webviewFrame.mjs';

export const openFile = 'src/scratch.js';

// Its own endpoint: the tests slow its replies down to interrupt them.
export const endpoint = { engine: 'scripted' };

export const tests = [
  {
    name: 'a message streams in as Markdown with its route and timings',
    timeoutMs: 90_000,
    async run({ wb, page, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 40 });
      const frame = await openChat(wb, page);
      await send(frame, 'write a function named add');
      const answer = answers(frame).last();
      // Mid-stream: the answer is marked busy and the Stop button is offered.
      await frame.locator('article.turn-assistant[aria-busy="true"]').waitFor({ timeout: 20_000 });
      await frame.locator('.composer button.stop:not([hidden])').waitFor({ timeout: 5_000 });
      // The status bar's Flint item shows a pulse while anything generates.
      await page.locator('.part.statusbar .statusbar-item', { hasText: 'Flint' }).locator('.codicon-pulse').first().waitFor({ timeout: 5_000 });
      await answer.locator('.code-block pre code', { hasText: 'return a + b;' }).waitFor({ timeout: 20_000 });
      await answer.locator('.stats', { hasText: 'first token' }).waitFor({ timeout: 20_000 });
      assert.equal(await answer.getAttribute('data-status'), 'done');
      // textContent: as the answer ends it leaves content-visibility visible for auto, and until
      // the next frame decides it is on screen innerText reads a skipped subtree as ''.
      assert.match(await answer.locator('.turn-head').textContent(), /fast/i);
      assert.match(await answer.locator('.turn-head .reasons').textContent(), /fast model/);
      assert.equal(await answer.locator('code').first().textContent(), 'add');
      assert.equal(await frame.locator('.composer textarea').inputValue(), '', 'the composer is cleared once the message is accepted');
      await wb.screenshot('chat');
    },
  },
  {
    name: 'Escape stops the answer at once and keeps the partial text',
    timeoutMs: 90_000,
    async run({ wb, page, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 15 });
      const frame = await openChat(wb, page);
      const before = await answers(frame).count();
      await send(frame, 'tell me a long story');
      const answer = answers(frame).nth(before);
      await answer.locator('.markdown p').first().waitFor({ timeout: 20_000 });
      await frame.locator('.composer textarea').press('Escape');
      await answer.locator('.badge-stopped').waitFor({ timeout: 5_000 });
      // The badge is set at once, the text it stopped at on the next frame, painted together.
      // textContent: chunks scrolled out of view are not laid out, and innerText skips them.
      await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const partial = await answer.locator('.markdown').textContent();
      await page.waitForTimeout(1_000);
      assert.equal(await answer.locator('.markdown').textContent(), partial, 'no text arrives after the stop');
      assert.ok(partial.length > 0 && !partial.includes('The last point'), `partial answer kept: ${partial}`);
      await frame.locator('.composer button.stop[hidden]').waitFor({ state: 'attached', timeout: 5_000 });
      await answer.locator('button.retry').waitFor({ timeout: 5_000 });
    },
  },
  {
    name: 'a message sent while an answer streams redirects it',
    timeoutMs: 90_000,
    async run({ wb, page, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 15 });
      const frame = await openChat(wb, page);
      const before = await answers(frame).count();
      await send(frame, 'tell me a long story');
      await answers(frame).nth(before).locator('.markdown p').first().waitFor({ timeout: 20_000 });
      await endpoint.setKnobs({ tokensPerSecond: 400 });
      await send(frame, 'hello');
      await frame.locator('article.turn-user .badge-redirect').last().waitFor({ timeout: 10_000 });
      await answers(frame).nth(before).locator('.badge-redirected').waitFor({ timeout: 10_000 });
      const redirected = answers(frame).last();
      await redirected.locator('.markdown', { hasText: 'Hello! I am the Flint test endpoint' }).waitFor({ timeout: 20_000 });
      await frame.locator('article.turn-assistant[data-status="done"]').last().waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'Insert puts a code block at the cursor of the editor',
    timeoutMs: 90_000,
    async run({ wb, page, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      await wb.openFile('src/scratch.js');
      await wb.gotoEnd();
      const frame = await openChat(wb, page);
      await send(frame, 'write a function named multiply');
      const answer = answers(frame).last();
      await answer.locator('.code-block pre code', { hasText: 'multiply' }).waitFor({ timeout: 20_000 });
      await answer.getByRole('button', { name: 'Insert code at cursor' }).click();
      await frame.locator('.composer-status', { hasText: 'Inserted into src/scratch.js' }).waitFor({ timeout: 10_000 });
      // The editor renders spaces as no-break spaces.
      await page.waitForFunction(
        () => document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent?.replace(/\u00a0/g, ' ').includes('export function multiply(a: number'),
        null,
        { timeout: 10_000 },
      );
    },
  },
  {
    name: 'Apply shows a code block as a pending diff in the editor; Accept is one undo step',
    timeoutMs: 90_000,
    async run({ wb, page, workspace, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      const path = join(workspace, 'src', 'apply.ts');
      const original = 'export const answer = 42;\n';
      writeFileSync(path, original);
      await openPath(wb, page, path);
      const frame = await openChat(wb, page);
      await send(frame, 'write a function named subtract');
      const answer = answers(frame).last();
      await answer.locator('.code-block pre code', { hasText: 'subtract' }).waitFor({ timeout: 20_000 });
      await answer.getByRole('button', { name: 'Apply code' }).click();
      await frame.locator('.composer-status', { hasText: 'Showing the change to src/apply.ts' }).waitFor({ timeout: 10_000 });
      // The same live diff as an inline edit: the new code added, the old line still shown as removed.
      await lens(page, 'Accept').waitFor({ timeout: 20_000 });
      await waitForText(page, 'export function subtract(a: number, b: number): number {');
      assert.ok((await editorText(page)).includes('export const answer = 42;'), 'the replaced line stays visible until the change is settled');
      assert.equal(readFileSync(path, 'utf8'), original, 'nothing is written before the change is accepted');

      await lens(page, 'Accept').locator('a', { hasText: 'Accept' }).first().click();
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      const applied = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.match(applied, /^export function subtract\(a: number, b: number\): number \{\n {2}return a \+ b;\n\}\n?$/, `applied: ${JSON.stringify(applied)}`);

      await wb.press('Control+Z');
      assert.equal((await saveAndRead(wb, page, path)).toString('utf8'), original, 'one undo restores the file');
    },
  },
  {
    // The chat remembers the last text editor while a webview tab is in front; that editor's
    // ranges go stale when its file shrinks meanwhile.
    name: 'no selection chip from an editor hidden behind a webview tab while its file shrank; the next message still goes out',
    timeoutMs: 90_000,
    async run({ wb, page, endpoint, server, workspace }) {
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      const path = join(workspace, 'src', 'long.js');
      writeFileSync(path, Array.from({ length: 80 }, (_, i) => `const v${i} = ${i};`).join('\n') + '\n');
      await wb.openFile('src/long.js');
      await wb.press('Control+End');
      await wb.press('Shift+ArrowUp');
      await wb.runCommand('Flint: Show Latency Report');
      // The report takes the focus once its page has loaded: wait for that, or under load it
      // takes it back from the chat opened next.
      const report = await webviewFrame(page, 'main#report', { timeoutMs: 20_000, what: 'the latency report webview' });
      await report.waitForFunction(() => document.hasFocus(), null, { timeout: 20_000 });
      writeFileSync(path, 'const v0 = 0;\n');
      const frame = await openChat(wb, page);
      // The hidden editor's selection is stale (line 80 of a file now one line long): no chip.
      await frame.locator('.context-chips .chip-context').waitFor({ state: 'detached', timeout: 10_000 });
      const before = await answers(frame).count();
      await send(frame, 'write a function named add');
      await answers(frame).nth(before).locator('.code-block pre code', { hasText: 'return a + b;' }).waitFor({ timeout: 20_000 });
      assert.doesNotMatch(hostLogs(server), /Illegal value for line/);
    },
  },
  {
    name: 'the conversation is still there after a window reload, and in Chat History',
    timeoutMs: 120_000,
    async run({ wb, page, endpoint, server }) {
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      const message = 'write a function named divide';
      const frame = await openChat(wb, page);
      await send(frame, message);
      const answer = answers(frame).last();
      await answer.locator('.code-block pre code', { hasText: 'divide' }).waitFor({ timeout: 20_000 });
      await frame.locator('article.turn-assistant[data-status="done"]').last().waitFor({ timeout: 20_000 });
      const texts = await frame.locator('article.turn-user .turn-text').allTextContents();
      assert.ok(texts.includes(message), `messages before reload: ${texts}`);
      // The workbench writes workspace state a moment after it changes, as before a user's reload:
      // wait until the answer is stored too, not only the message.
      await waitForStoredState(page, server, message);
      await waitForStoredState(page, server, 'export function divide(');
      await wb.open(page.url());
      await wb.waitForDevelopmentHost();
      // Flint's status bar item shows once the extension has activated in the new window.
      await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
      const after = await openChat(wb, page);
      await after.locator('article.turn-user .turn-text', { hasText: message }).waitFor({ timeout: 30_000 });
      assert.deepEqual(await after.locator('article.turn-user .turn-text').allTextContents(), texts);
      await after.locator('article.turn-assistant .code-block', { hasText: 'divide' }).waitFor({ timeout: 10_000 });
      await wb.runCommand('Flint: Chat History');
      await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: texts[0] }).first().waitFor({ timeout: 10_000 });
      await wb.press('Escape');
    },
  },
];

/** Everything the window's processes logged: an extension's uncaught error lands there. */
function hostLogs(server) {
  return walk(join(server.dirs.ud, 'logs')).filter((f) => f.endsWith('.log')).map((f) => readFileSync(f, 'utf8')).join('\n');
}

/** Whether `needle` is in the workbench's stored state: the browser's IndexedDB or a file code-server wrote. */
async function stateHolds(page, server, needle) {
  const inBrowser = await page.evaluate(async (needle) => {
    const request = (r) => new Promise((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await request(indexedDB.open(name));
      try {
        for (const store of db.objectStoreNames) {
          const values = await request(db.transaction(store).objectStore(store).getAll());
          if (values.some((v) => (typeof v === 'string' ? v : JSON.stringify(v ?? null)).includes(needle))) return true;
        }
      } finally {
        db.close();
      }
    }
    return false;
  }, needle);
  return inBrowser || walk(server.dirs.ud).some((f) => f.includes('.vscdb') && readFileSync(f).includes(needle));
}

async function waitForStoredState(page, server, needle, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await stateHolds(page, server, needle))) {
    if (Date.now() > deadline) throw new Error(`the workbench did not store "${needle}" within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
