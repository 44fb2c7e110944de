// Inline edits in a real VS Code: Ctrl+I, an instruction, the rewrite streaming into the editor
// as a live diff from the local endpoint (scripted replies), then accept, reject, redirect,
// stop, edits around and inside the region, closing the file, a failure mid-stream, a second
// edit while one is pending, and the files that are refused. Exactness is checked on disk: the files use CRLF line ends, tabs and
// no final line break, and are compared byte for byte after saving.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHAPES_LINES } from '../../../support/e2e/shapesSource.mjs';
import { editorText, goToLine, instruct, isDirty, lens, openCopy, openPath, saveAndRead, selectLines, waitForText } from '../../../support/e2e/editActions.mjs';

export const openFile = 'src/shapes.ts';

// locked.ts stands for a file the editor will not change.
export const settings = { 'files.readonlyInclude': { '**/locked.ts': true } };

export const endpoint = { engine: 'scripted', args: ['--script', 'test/fixtures/edits/inlineEdit.script.json'] };

const SOURCE = SHAPES_LINES.join('\r\n');

export const tests = [
  {
    name: 'an edit streams in as a live diff; accept leaves one undo step that restores the original',
    timeoutMs: 90_000,
    async run({ wb, page, workspace, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 25 });
      const path = await openCopy(wb, page, workspace, SOURCE, 'accept.ts');
      await selectLines(wb, page, 1, 3);
      await instruct(wb, page, 'add a doc comment to area');
      // While it streams: the new line is in the editor, the CodeLens offers Stop and Redirect.
      await lens(page, 'Generating').waitFor({ timeout: 20_000 });
      await waitForText(page, 'Area of a w');
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      // Settled: the changed line is shown twice, the original marked removed, the new one added.
      await lens(page, 'Accept').waitFor({ timeout: 30_000 });
      await waitForText(page, 'width times height');
      assert.equal((await editorText(page)).split('return w * h;').length, 3, 'the replaced line is still in the editor next to its rewrite');
      await wb.screenshot('inline-edit', { clip: { x: 340, y: 60, width: 760, height: 200 } });
      const modelLens = await lens(page, 'fast ·').textContent();
      assert.match(modelLens, /fast · gpt-5\.3-codex-spark: single file/, `the CodeLens names the model and why: ${modelLens}`);

      await wb.press('Control+Enter');
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      const accepted = await saveAndRead(wb, page, path);
      assert.equal(accepted.toString('utf8'), `/** Area of a w × h rectangle. */\r\n${SOURCE.replace('\treturn w * h;', '\treturn w * h; // width times height')}`);

      await wb.press('Control+Z');
      const undone = await saveAndRead(wb, page, path);
      assert.ok(undone.equals(Buffer.from(SOURCE)), `one undo restores the original bytes, got ${JSON.stringify(undone.toString())}`);
    },
  },
  {
    name: 'reject leaves the file byte-identical and no undo step behind; Generate Tests lenses step aside while the edit is pending',
    timeoutMs: 60_000,
    async run({ wb, page, workspace }) {
      const path = await openCopy(wb, page, workspace, SOURCE, 'reject.ts');
      await lens(page, 'Flint: Generate Tests').waitFor({ timeout: 20_000 });
      // No selection: the enclosing block of the cursor (the last function, no final line break).
      await goToLine(wb, page, 6);
      await instruct(wb, page, 'spell out the perimeter');
      await lens(page, 'Reject').waitFor({ timeout: 30_000 });
      await waitForText(page, 'w + w + h + h');
      assert.equal(await isDirty(page), true, 'the preview is in the document');
      await lens(page, 'Flint: Generate Tests').waitFor({ state: 'detached', timeout: 10_000 });

      await wb.press('Control+Backspace');
      await lens(page, 'Reject').waitFor({ state: 'detached', timeout: 10_000 });
      await lens(page, 'Flint: Generate Tests').waitFor({ timeout: 10_000 });
      assert.equal(await isDirty(page), false, 'rejecting returns the document to its saved state');
      assert.ok(readFileSync(path).equals(Buffer.from(SOURCE)));
      const before = await editorText(page);
      await wb.press('Control+Z');
      await page.waitForTimeout(300);
      assert.equal(await editorText(page), before, 'nothing is left to undo');
      assert.equal(await isDirty(page), false);
    },
  },
  {
    name: 'redirect mid-stream stops the generation and restarts with the partial output as context',
    timeoutMs: 90_000,
    async run({ wb, page, workspace, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 30 });
      const path = await openCopy(wb, page, workspace, SOURCE, 'redirect.ts');
      await selectLines(wb, page, 1, 3);
      await instruct(wb, page, 'first plan');
      await waitForText(page, 'first plan, step 2');
      await wb.press('Control+I');
      const input = page.locator('.quick-input-widget input');
      await page.locator('.quick-input-widget', { hasText: 'redirect' }).waitFor({ timeout: 10_000 });
      assert.equal(await input.inputValue(), 'first plan', 'the redirect box starts from the running instruction');
      await input.fill('second plan');
      await wb.press('Enter');
      // The scripted endpoint only answers "second plan" when the earlier partial output is in the prompt.
      await waitForText(page, 'second plan: area in one line');
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      await lens(page, 'Accept').waitFor({ timeout: 30_000 });
      assert.ok(!(await editorText(page)).includes('first plan, step'), 'nothing of the first generation is left');
      await wb.press('Control+Enter');
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      const saved = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.ok(saved.startsWith('// second plan: area in one line\r\nexport const area = '), saved);
      assert.ok(saved.endsWith('\treturn 2 * (w + h);\r\n}'), 'the rest of the file is untouched');
    },
  },
  {
    name: 'Escape stops the stream and keeps the partial result for review; the Generate Tests lenses leave mid-stream',
    timeoutMs: 60_000,
    async run({ wb, page, workspace, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 30 });
      const path = await openCopy(wb, page, workspace, SOURCE, 'stop.ts');
      await lens(page, 'Flint: Generate Tests').waitFor({ timeout: 20_000 });
      await selectLines(wb, page, 1, 3);
      await instruct(wb, page, 'stop me');
      await waitForText(page, 'kept line 3');
      // The stream never rests long enough for the editor to ask for lenses again: the Generate
      // Tests lenses leave mid-stream all the same.
      await lens(page, 'Flint: Generate Tests').waitFor({ state: 'detached', timeout: 3_000 });
      assert.equal(await lens(page, 'Accept').count(), 0, 'still streaming');
      await wb.press('Escape');
      await lens(page, 'Accept').waitFor({ timeout: 10_000 });
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      await page.waitForTimeout(500);
      assert.ok(!(await editorText(page)).includes('kept line 30'), 'nothing arrives after stopping');
      await wb.press('Control+Enter');
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      const saved = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.match(saved, /^\/\/ kept line 1\r\n/);
      assert.ok(saved.endsWith(SOURCE), 'the original lines not reached are kept');
    },
  },
  {
    name: 'a rewrite taller than the editor keeps its growing edge in view, until the user scrolls away',
    timeoutMs: 90_000,
    async run({ wb, page, workspace, endpoint }) {
      const shows = async (n) => new RegExp(`follow line ${n}(?!\\d)`).test(await editorText(page));
      // Paced so that about half of the 80 lines are still to come when the user scrolls away.
      await endpoint.setKnobs({ tokensPerSecond: 60 });
      const path = await openCopy(wb, page, workspace, SOURCE, 'follow.ts');
      await selectLines(wb, page, 1, 3);
      await instruct(wb, page, 'follow me');
      // Line 38 of the rewrite is below the first screen: the editor renders it only when scrolled there.
      await waitForText(page, 'follow line 38');
      assert.equal(await shows(1), false, 'the editor followed the stream down');
      // The wheel over the text (the 1280×800 window's editor area), as a user scrolls back up.
      await page.mouse.move(800, 400);
      for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -400);
      await page.waitForFunction(() => /follow\u00a0line\u00a01(?!\d)/.test(document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent ?? ''), null, { timeout: 10_000 });
      // The rest arrives while the user reads the top (the status bar item shows a pulse while it streams).
      assert.equal(await page.locator('.part.statusbar .statusbar-item', { hasText: 'Flint' }).locator('.codicon-pulse').count(), 1, 'still streaming');
      await page.locator('.part.statusbar .statusbar-item .codicon-pulse').waitFor({ state: 'detached', timeout: 30_000 });
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      assert.equal(await shows(1), true, 'the stream did not pull the view back down');
      // The pointer leaves the text, as it was for the tests before (a hover there can take the keyboard's place).
      await page.mouse.move(0, 0);
      await wb.press('Control+Backspace');
      await page.waitForFunction(() => !document.querySelector('.tabs-container .tab.active.dirty'), null, { timeout: 10_000 });
      assert.equal(await shows(1), false, 'rejecting took the rewrite out');
      assert.ok(readFileSync(path).equals(Buffer.from(SOURCE)));
    },
  },
  {
    name: 'typing above the region while it streams moves the edit along',
    timeoutMs: 60_000,
    async run({ wb, page, workspace, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 30 });
      const path = await openCopy(wb, page, workspace, SOURCE, 'above.ts');
      await selectLines(wb, page, 5, 7);
      await instruct(wb, page, 'rewrite slowly');
      await waitForText(page, 'slow step 2');
      await wb.press('Control+Home');
      await wb.type('const top = 1;');
      await wb.press('Enter');
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      await lens(page, 'Accept').waitFor({ timeout: 30_000 });
      await wb.press('Control+Enter');
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      const saved = (await saveAndRead(wb, page, path)).toString('utf8');
      const steps = Array.from({ length: 8 }, (_, i) => `// slow step ${i + 1}\r\n`).join('');
      const [area, perimeter] = SOURCE.split('\r\n\r\n');
      assert.equal(saved, `const top = 1;\r\n${area}\r\n\r\n${steps}${perimeter}`);
    },
  },
  {
    name: 'typing inside the region cancels the edit and keeps the typing',
    timeoutMs: 60_000,
    async run({ wb, page, workspace, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 30 });
      const path = await openCopy(wb, page, workspace, SOURCE, 'inside.ts');
      await selectLines(wb, page, 5, 7);
      await instruct(wb, page, 'rewrite slowly');
      await waitForText(page, 'slow step 2');
      // The last line of the file is the original closing brace, still in place below the new lines.
      await wb.press('Control+End');
      await wb.type(' // mine');
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'cancelled' }).first();
      await toast.waitFor({ timeout: 10_000 });
      await lens(page, 'Generating').waitFor({ state: 'detached', timeout: 10_000 });
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      const saved = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.equal(saved, `${SOURCE} // mine`);
    },
  },
  {
    name: 'a failure mid-stream restores the original and offers Retry',
    timeoutMs: 90_000,
    async run({ wb, page, workspace, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 30 });
      const path = await openCopy(wb, page, workspace, SOURCE, 'failure.ts');
      await selectLines(wb, page, 1, 3);
      // Armed last: a request of another surface while the file opens and the lines are
      // selected would take the one fault.
      await endpoint.setFaults({ errorEvent: { after: 40, times: 1 } });
      await instruct(wb, page, 'rewrite that fails');
      await waitForText(page, 'this rewrite never completes');
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'failed' }).first();
      await toast.waitFor({ timeout: 30_000 });
      assert.ok(!(await editorText(page)).includes('never completes'), 'the preview lines are gone');
      assert.equal(await isDirty(page), false);
      assert.ok(readFileSync(path).equals(Buffer.from(SOURCE)));

      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      await toast.locator('.monaco-button', { hasText: 'Retry' }).click();
      await lens(page, 'Reject').waitFor({ timeout: 30_000 });
      await waitForText(page, 'this rewrite never completes');
      await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
      await wb.press('Control+Backspace');
      await lens(page, 'Reject').waitFor({ state: 'detached', timeout: 10_000 });
      assert.equal(await isDirty(page), false);
    },
  },
  {
    name: 'closing the document while it streams cancels the edit cleanly',
    timeoutMs: 60_000,
    async run({ wb, page, workspace, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 30 });
      const path = await openCopy(wb, page, workspace, SOURCE, 'closing.ts');
      await selectLines(wb, page, 1, 3);
      await instruct(wb, page, 'stop me');
      await waitForText(page, 'kept line 2');
      // Closing asks to save; "Don't Save" reverts, then closes. A preview line landing in between
      // makes the file dirty again and the editor stays open: Flint then discards the edit, so
      // the file is clean and closes without a question the second time.
      const tab = page.locator('.tabs-container .tab', { hasText: 'closing.ts' });
      for (let attempt = 0; attempt < 2 && (await tab.count()) > 0; attempt++) {
        await tab.locator('.tab-actions .action-label').click();
        const dialog = page.locator('.monaco-dialog-box');
        if (await dialog.waitFor({ timeout: 3_000 }).then(() => true, () => false)) {
          await dialog.locator('.monaco-button', { hasText: "Don't Save" }).click();
        }
        await tab.waitFor({ state: 'detached', timeout: 3_000 }).catch(() => undefined);
      }
      assert.equal(await tab.count(), 0, 'the file closed');
      await page.waitForTimeout(1_000);
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      assert.ok(readFileSync(path).equals(Buffer.from(SOURCE)));
      await openPath(wb, page, path);
      assert.ok(!(await editorText(page)).includes('kept line'), 'nothing of the edit is left in the reopened file');
      assert.equal(await lens(page, 'Generating').count(), 0);
      assert.equal(await isDirty(page), false);
    },
  },
  {
    name: 'a second edit of a file with one pending asks to settle the first; Reject there restores the original',
    timeoutMs: 60_000,
    async run({ wb, page, workspace, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      const path = await openCopy(wb, page, workspace, SOURCE, 'second.ts');
      await selectLines(wb, page, 1, 3);
      await instruct(wb, page, 'add a doc comment to area');
      await lens(page, 'Accept').waitFor({ timeout: 30_000 });

      await wb.runCommand('Flint: Edit Selection with Instruction');
      const ask = page.locator('.notification-toast', { hasText: 'already has a pending edit' });
      await ask.waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('.quick-input-widget', { hasText: 'Flint: ' }).isVisible(), false, 'no instruction is asked for meanwhile');
      await ask.getByRole('button', { name: 'Reject' }).click();
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      await page.waitForFunction(() => !document.querySelector('.tabs-container .tab.active.dirty'), null, { timeout: 10_000 });
      assert.ok(readFileSync(path).equals(Buffer.from(SOURCE)), 'the original, byte for byte');
    },
  },
  {
    name: 'files on the deny list and read-only files are refused with a message',
    timeoutMs: 60_000,
    async run({ wb, page, workspace }) {
      const secret = join(workspace, 'src', '.env.local');
      writeFileSync(secret, 'API_TOKEN=not-for-models\n');
      await openPath(wb, page, secret);
      await wb.press('Control+I');
      const denied = page.locator('.notifications-toasts .notification-toast', { hasText: 'deny list' }).first();
      await denied.waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('.quick-input-widget input').isVisible(), false, 'no instruction is asked for');
      assert.equal(readFileSync(secret, 'utf8'), 'API_TOKEN=not-for-models\n');

      const path = await openCopy(wb, page, workspace, SOURCE, 'locked.ts');
      await selectLines(wb, page, 1, 3);
      await wb.press('Control+I');
      const input = page.locator('.quick-input-widget input');
      // Refused before asking when the file system says so, or at the first change otherwise.
      const asked = await page.locator('.quick-input-widget', { hasText: 'Flint: ' }).waitFor({ timeout: 5_000 }).then(() => true, () => false);
      if (asked) {
        await input.fill('add a doc comment to area');
        await wb.press('Enter');
      }
      await page.locator('.notifications-toasts .notification-toast', { hasText: 'read-only' }).first().waitFor({ timeout: 20_000 });
      assert.ok(readFileSync(path).equals(Buffer.from(SOURCE)));
      assert.equal(await isDirty(page), false);
    },
  },
];
