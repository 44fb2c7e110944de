// Review as you go in a real VS Code: a saved change with a planted bug gets a Flint squiggle on
// its line (and a row in the Problems panel) from the local endpoint's scripted review; editing
// the flagged line withdraws it at once; its Quick Fix becomes the ordinary pending inline edit,
// and Accept fixes the line in one undo step; Dismiss keeps the finding away for that code.
import assert from 'node:assert/strict';
import { goToLine, lens, openCopy, saveAndRead } from '../../../support/e2e/editActions.mjs';
import { flintLog, waitForLog } from '../../../support/e2e/flintLog.mjs';

// Ghost text and next edit off: their requests would answer while the test types.
export const settings = { 'flint.completions.enable': { '*': false }, 'flint.nextEdit.enable': { '*': false }, 'flint.review.trigger': 'onSave' };
export const endpoint = { engine: 'scripted', args: ['--script', 'test/fixtures/review/review.script.json'] };

const SOURCE = [
  '// Sums the prices of the items.',
  'function total(items) {',
  '  let sum = 0;',
  '  for (let i = 0; i < items.length; i++) {',
  '    sum += items[i].price;',
  '  }',
  '  return sum;',
  '}',
  '',
  'module.exports = { total };',
  '',
].join('\n');
const BUGGY = SOURCE.replace('i < items.length', 'i <= items.length');
const MESSAGE = 'The loop reads one element past the end of items, so the last price is undefined.';

/** Texts of the lines that carry a Flint error squiggle in the active editor. */
async function squiggledLines(page) {
  return page.evaluate(() => {
    const editor = document.querySelector('.editor-instance .monaco-editor');
    if (!editor) return [];
    const tops = [...editor.querySelectorAll('.view-overlays > div')].filter((d) => d.querySelector('.squiggly-error, .squiggly-warning')).map((d) => d.style.top);
    return [...editor.querySelectorAll('.view-lines > .view-line')].filter((l) => tops.includes(l.style.top)).map((l) => l.textContent.replace(/\u00a0/g, ' '));
  });
}

async function waitForSquiggle(page, text, timeout = 30_000) {
  await page.waitForFunction(
    (want) => {
      const editor = document.querySelector('.editor-instance .monaco-editor');
      const tops = [...editor.querySelectorAll('.view-overlays > div')].filter((d) => d.querySelector('.squiggly-error, .squiggly-warning')).map((d) => d.style.top);
      return [...editor.querySelectorAll('.view-lines > .view-line')].some((l) => tops.includes(l.style.top) && l.textContent.replace(/\u00a0/g, ' ').includes(want));
    },
    text,
    { timeout },
  );
}

async function waitForNoSquiggle(page, timeout) {
  await page.waitForFunction(() => !document.querySelector('.editor-instance .monaco-editor .view-overlays .squiggly-error, .editor-instance .monaco-editor .view-overlays .squiggly-warning'), null, { timeout });
}

/** Puts the cursor on line 4's code, opens the Quick Fix menu and picks the action named `label`. */
async function quickFix(wb, page, label) {
  await goToLine(wb, page, 4);
  await wb.press('End');
  await wb.press('Control+.');
  await page.locator('.action-widget .monaco-list-row', { hasText: label }).first().waitFor({ timeout: 10_000 });
  // The menu keeps the pointer away from its rows until it settles: pick with the keyboard.
  const focused = page.locator('.action-widget .monaco-list-row.focused');
  for (let i = 0; i < 8 && !((await focused.textContent().catch(() => '')) ?? '').includes(label); i++) await wb.press('ArrowDown');
  assert.match((await focused.textContent()) ?? '', new RegExp(label), `the Quick Fix menu offers "${label}"`);
  await wb.press('Enter');
  await page.locator('.action-widget').waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Times the Flint log says line 4 of src/dismiss.js was reviewed. */
function reviewsOfLine4(ctx) {
  return flintLog(ctx).text.split('review src/dismiss.js:4-4').length - 1;
}

/** Flint activates late on a loaded machine: wait for its status bar item before the first step. */
async function flintReady(wb) {
  await wb.statusBarItem('Flint', { timeoutMs: 120_000 });
}

/** openCopy, once more when a loaded machine shows the tab later than Quick Open waits for it. */
async function openSource(wb, page, workspace, name) {
  return openCopy(wb, page, workspace, SOURCE, name).catch(async () => {
    await wb.press('Escape');
    return openCopy(wb, page, workspace, SOURCE, name);
  });
}

/** Plants the bug by typing it: line 4's `<` becomes `<=` (an unsaved change to review). */
async function plantBug(wb, page) {
  const column = '  for (let i = 0; i <'.length + 1;
  await goToLine(wb, page, 4, column);
  await wb.statusBarItem(`Ln 4, Col ${column}`, { timeoutMs: 10_000 });
  await wb.type('=');
}

export const tests = [
  {
    name: 'a saved bug gets a squiggle with its message; editing the line withdraws it; the Quick Fix is a pending edit that Accept applies in one undo step',
    timeoutMs: 240_000,
    async run(ctx) {
      const { wb, page, workspace } = ctx;
      await flintReady(wb);
      const path = await openSource(wb, page, workspace, 'sum.js');
      await plantBug(wb, page);
      // Nothing is reviewed before the save.
      assert.deepEqual(await squiggledLines(page), []);
      const saved = await saveAndRead(wb, page, path);
      assert.equal(saved.toString('utf8'), BUGGY);

      await waitForSquiggle(page, 'i <= items.length');
      assert.deepEqual(await squiggledLines(page), ['  for (let i = 0; i <= items.length; i++) {'], 'only the planted line is flagged');
      // The Problems panel lists it with its source and line.
      await wb.press('Control+Shift+M');
      const problem = page.locator('.markers-panel .monaco-list-row', { hasText: MESSAGE }).first();
      await problem.waitFor({ timeout: 10_000 });
      const row = (await problem.textContent()).replace(/\u00a0/g, ' ');
      assert.match(row, /Flint/, `the problem names its source: ${row}`);
      assert.match(row, /\[Ln 4, Col 3\]/, `the problem is on line 4: ${row}`);
      const { height } = page.viewportSize();
      await wb.screenshot('review', { clip: { x: 348, y: 60, width: 780, height: Math.min(height - 82, 560) } });
      await wb.press('Control+Shift+M');

      // Editing the flagged line takes the squiggle away without waiting for a review.
      await goToLine(wb, page, 4);
      await wb.press('End');
      await wb.type(' ');
      await waitForNoSquiggle(page, 2_000);
      await wb.press('Backspace');
      await saveAndRead(wb, page, path);
      await waitForSquiggle(page, 'i <= items.length');

      // The Quick Fix shows the replacement as the ordinary pending edit.
      await quickFix(wb, page, 'Flint: fix');
      await lens(page, 'Accept').waitFor({ timeout: 20_000 });
      await wb.press('Control+Enter');
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      const fixed = await saveAndRead(wb, page, path);
      assert.equal(fixed.toString('utf8'), SOURCE, 'Accept puts the fixed line in the file');
      await waitForNoSquiggle(page, 5_000);

      // One undo step takes the whole fix back.
      await wb.press('Control+Z');
      const undone = await saveAndRead(wb, page, path);
      assert.equal(undone.toString('utf8'), BUGGY, 'one undo restores the line as it was');
    },
  },
  {
    name: 'Dismiss keeps the finding away for that code, even when its indentation changes; a reply naming lines outside the change is dropped with a log line',
    timeoutMs: 200_000,
    async run(ctx) {
      const { wb, page, workspace } = ctx;
      await flintReady(wb);
      const path = await openSource(wb, page, workspace, 'dismiss.js');
      await plantBug(wb, page);
      await saveAndRead(wb, page, path);
      await waitForSquiggle(page, 'i <= items.length');
      await quickFix(wb, page, 'Flint: dismiss');
      await waitForNoSquiggle(page, 5_000);

      // The same code moved right: reviewed again (the log says so), and still not shown.
      const before = reviewsOfLine4(ctx);
      await goToLine(wb, page, 4);
      await wb.press('Home');
      await wb.type(' ');
      await saveAndRead(wb, page, path);
      const deadline = Date.now() + 20_000;
      while (reviewsOfLine4(ctx) <= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      assert.ok(reviewsOfLine4(ctx) > before, 'the changed line was reviewed again');
      assert.deepEqual(await squiggledLines(page), [], 'the dismissed finding stays away');

      // A reply about line 1 for a change on line 8 is refused whole: logged, nothing shown, no dialog.
      await goToLine(wb, page, 8);
      await wb.press('End');
      await wb.type(' // flint-plant-outside');
      await saveAndRead(wb, page, path);
      await waitForLog(ctx, /review src\/dismiss\.js:8-8: reply dropped, a finding names lines 1-1, outside the changed lines 8-8/);
      assert.deepEqual(await squiggledLines(page), []);
      assert.equal(await page.locator('.notifications-toasts .notification-toast', { hasText: 'Flint' }).count(), 0, 'no notification about the bad reply');
    },
  },
  {
    name: 'a denied file is never reviewed: saving sends nothing and Review Changes Now says why',
    timeoutMs: 150_000,
    async run(ctx) {
      const { wb, page, workspace } = ctx;
      await flintReady(wb);
      const path = await openSource(wb, page, workspace, '.env.review');
      await plantBug(wb, page);
      await saveAndRead(wb, page, path);
      await wb.runCommand('Flint: Review Changes Now');
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'deny list' }).first();
      await toast.waitFor({ timeout: 20_000 });
      assert.match((await toast.textContent()) ?? '', /Flint does not send src\/\.env\.review to a model/);
      assert.deepEqual(await squiggledLines(page), []);
      assert.doesNotMatch(flintLog(ctx).text, /review src\/\.env\.review/, 'no review request for the denied file');
    },
  },
];
