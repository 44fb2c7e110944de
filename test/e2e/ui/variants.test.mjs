// Explore Variants in a real VS Code: five rewrites of a selection stream side by side in a
// view (scripted endpoint, one reply per approach); picking the third leaves exactly that one
// pending in the document, Accept and one undo restore the original; Escape stops every
// variant keeping its partial text; a failed variant offers Retry; refused files get a message.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHAPES_LINES } from '../../../support/e2e/shapesSource.mjs';
import { editorText, lens, openCopy, openPath, saveAndRead, selectLines } from '../../../support/e2e/editActions.mjs';
import { webviewFrame } from '../../../support/e2e/webviewFrame.mjs';

export const openFile = 'src/shapes.ts';
// Ghost text and next edit off: their requests would take the fault a test arms for the variants.
export const settings = { 'flint.completions.enable': { '*': false }, 'flint.nextEdit.enable': { '*': false } };
export const endpoint = { engine: 'scripted', args: ['--script', 'test/fixtures/variants/variants.script.json'] };

const SOURCE = SHAPES_LINES.join('\r\n');
const APPROACHES = ['direct', 'concise', 'readable', 'fast', 'defensive'];

/** The variants view's frame, as shown (an earlier view behind it keeps its frame in the page). */
const variantsFrame = (page) => webviewFrame(page, '.grid .card', { what: 'the variants view' });

/** Ctrl+Shift+I on the selection, the instruction, Enter; resolves the view's frame. */
async function explore(wb, page, instruction) {
  await wb.press('Control+Shift+I');
  const input = page.locator('.quick-input-widget input');
  await page.locator('.quick-input-widget', { hasText: 'variants of' }).waitFor({ timeout: 10_000 });
  await input.fill(instruction);
  await wb.press('Enter');
  return variantsFrame(page);
}

const statuses = (frame) => frame.locator('.card').evaluateAll((cards) => cards.map((c) => c.dataset.status));
const cardText = (frame, i) => frame.locator('.card').nth(i).locator('.body').evaluate((b) => b.textContent);

async function waitForStatuses(frame, accept, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = await statuses(frame);
    if (accept(last)) return last;
    await frame.page().waitForTimeout(100);
  }
  throw new Error(`card statuses stayed ${JSON.stringify(last)}`);
}

export const tests = [
  {
    name: 'five variants stream side by side; picking the third leaves exactly it pending; accept and one undo restore the original',
    timeoutMs: 240_000,
    async run({ wb, page, workspace, endpoint }) {
      // The first test of a fresh window waits for Flint to start on a loaded machine.
      await wb.statusBarItem('Flint', { timeoutMs: 120_000 });
      await endpoint.setKnobs({ tokensPerSecond: 4 });
      const path = await openCopy(wb, page, workspace, SOURCE, 'pick.ts');
      await selectLines(wb, page, 1, 3);
      const frame = await explore(wb, page, 'try variants');
      assert.equal(await frame.locator('.card').count(), 5, 'five cards');
      // All five stream at once: each shows its own first lines before any has finished.
      await waitForStatuses(frame, (s) => s.every((x) => x === 'streaming'), 60_000);
      for (let i = 0; i < 5; i++) {
        await frame.locator('.card').nth(i).locator('.row.added', { hasText: `${APPROACHES[i]} note 1` }).waitFor({ timeout: 20_000 });
      }
      assert.ok((await statuses(frame)).every((x) => x === 'streaming'), 'none finished while all showed text');
      const route = await frame.locator('.card').nth(2).locator('.route').textContent();
      assert.match(route, /^fast · gpt-5\.3-codex-spark: /, `the card names its route and reason: ${route}`);
      await endpoint.setKnobs({ tokensPerSecond: 200 });
      await page.waitForTimeout(600);
      await wb.screenshot('variants');
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      await waitForStatuses(frame, (s) => s.every((x) => x === 'done'));
      const stats = await frame.locator('.card').nth(2).locator('.stats').textContent();
      assert.match(stats, /first token \d+(\.\d+)? ?ms · [\d,]+ tok\/s · \d+ tokens · \+\d+ −\d+/, stats);
      assert.ok(readFileSync(path).equals(Buffer.from(SOURCE)), 'nothing touched the document before a pick');

      await frame.locator('.card').nth(0).locator('header').click();
      await page.keyboard.press('3');
      await lens(page, 'Accept').waitFor({ timeout: 20_000 });
      const shown = await editorText(page);
      assert.ok(shown.includes('variant readable'), 'variant 3 is pending');
      for (const other of ['variant direct', 'variant concise', 'variant fast', 'variant defensive']) assert.ok(!shown.includes(other), `${other} is not in the editor`);

      await wb.press('Control+Enter');
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      const accepted = (await saveAndRead(wb, page, path)).toString('utf8');
      const notes = Array.from({ length: 8 }, (_, i) => `// readable note ${i + 1}\r\n`).join('');
      const rewritten = `${notes}export function area(width: number, height: number): number {\r\n\tconst result = width * height; // variant readable\r\n\treturn result;\r\n}`;
      assert.equal(accepted, SOURCE.replace(SHAPES_LINES.slice(0, 3).join('\r\n'), rewritten));
      await wb.press('Control+Z');
      const undone = await saveAndRead(wb, page, path);
      assert.ok(undone.equals(Buffer.from(SOURCE)), `one undo restores the original bytes, got ${JSON.stringify(undone.toString())}`);
    },
  },
  {
    name: 'Escape stops every variant and keeps its partial text; a failed variant shows Retry; closing the view ends the rest',
    timeoutMs: 240_000,
    async run({ wb, page, workspace, endpoint }) {
      // Slow enough that the others still stream when the view has loaded on a busy machine.
      await endpoint.setKnobs({ tokensPerSecond: 2 });
      await endpoint.setFaults({ errorEvent: { after: 12, times: 1 } });
      const path = await openCopy(wb, page, workspace, SOURCE, 'stop.ts');
      await selectLines(wb, page, 1, 3);
      const frame = await explore(wb, page, 'try variants');
      const retry = frame.locator('.card[data-status="failed"] button.action', { hasText: 'Retry' });
      await retry.waitFor({ timeout: 30_000 });
      assert.equal((await statuses(frame)).filter((s) => s === 'failed').length, 1, 'one variant failed, the others go on');
      await waitForStatuses(frame, (s) => s.filter((x) => x === 'streaming').length === 4, 60_000);
      for (let i = 0; i < 5; i++) await frame.locator('.card').nth(i).locator('.row.added', { hasText: 'note 2' }).waitFor({ timeout: 20_000 }).catch(() => undefined);

      await frame.locator('.card').nth(0).locator('header').click();
      await page.keyboard.press('Escape');
      const stopped = await waitForStatuses(frame, (s) => s.filter((x) => x === 'stopped').length === 4);
      assert.equal(stopped.filter((s) => s === 'failed').length, 1);
      const texts = [];
      for (let i = 0; i < 5; i++) texts.push(await cardText(frame, i));
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      await page.waitForTimeout(700);
      for (let i = 0; i < 5; i++) {
        if (stopped[i] !== 'stopped') continue;
        assert.match(texts[i], new RegExp(`${APPROACHES[i]} note 1`), `variant ${i + 1} keeps its partial text`);
        assert.equal(await cardText(frame, i), texts[i], `nothing arrives in variant ${i + 1} after stopping`);
      }
      assert.ok(readFileSync(path).equals(Buffer.from(SOURCE)), 'stopping leaves the document as it was');

      const failed = stopped.indexOf('failed');
      await retry.click();
      await waitForStatuses(frame, (s) => s[failed] === 'done');
      await frame.locator('.card').nth(failed).locator('.row.added', { hasText: `variant ${APPROACHES[failed]}` }).waitFor({ timeout: 10_000 });

      // A slow exploration closed mid-stream: the endpoint's log shows no response left running.
      await endpoint.setKnobs({ tokensPerSecond: 2 });
      await selectLinesInEditor(wb, page, path);
      const again = await explore(wb, page, 'try variants');
      await waitForStatuses(again, (s) => s.every((x) => x === 'streaming'), 60_000);
      await wb.runCommand('View: Close Editor');
      await page.waitForTimeout(300);
      assert.equal(await page.locator('.tabs-container .tab', { hasText: 'Variants:' }).count(), 0, 'the view is closed');
      assert.ok(readFileSync(path).equals(Buffer.from(SOURCE)));
    },
  },
  {
    name: 'a file on the deny list is refused with a message and no view opens',
    timeoutMs: 60_000,
    async run({ wb, page, workspace }) {
      const secret = join(workspace, 'src', '.env.variants');
      writeFileSync(secret, 'API_TOKEN=not-for-models\n');
      await openPath(wb, page, secret);
      const views = page.locator('.tabs-container .tab', { hasText: 'Variants:' });
      const before = await views.count();
      await wb.press('Control+Shift+I');
      const denied = page.locator('.notifications-toasts .notification-toast', { hasText: 'deny list' }).first();
      await denied.waitFor({ timeout: 10_000 });
      await page.waitForTimeout(500);
      assert.equal(await views.count(), before, 'no view opened');
      assert.equal(readFileSync(secret, 'utf8'), 'API_TOKEN=not-for-models\n');
    },
  },
];

/** Brings the file's editor back and selects its first function again. */
async function selectLinesInEditor(wb, page, path) {
  await openPath(wb, page, path);
  await selectLines(wb, page, 1, 3);
}
