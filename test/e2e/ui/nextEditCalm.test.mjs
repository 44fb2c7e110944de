// Next edit stays calm in a real VS Code: a shown prediction moves neither the cursor nor the
// view until Tab; a click elsewhere dismisses it; and one rejected with Escape is not offered
// again on its line for 5 s (the reply offering it again goes to the line after it instead),
// while after the cool-down it is. The local endpoint's scripted engine answers the model's part.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { goToLine, openCopy, saveAndRead } from '../../../support/e2e/editActions.mjs';
import { until } from '../../../support/until.mjs';

const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'nextEdit', 'nextEdit.script.json');

export const endpoint = { engine: 'scripted', args: ['--script', FIXTURE] };
export const settings = {
  'flint.completions.enable': { '*': false },
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'editor.suggestOnTriggerCharacters': false,
};

const RENAME = ['export function summarize(items: number[]): string {', '  let count = 0;', '  for (const item of items) {', '    count += item;', '  }', '  return `total: ${count}`;', '}', ''].join('\n');

/** Text the editor draws with decorations (CSS ::before/::after content), joined. */
const DECORATION_TEXT = () =>
  [...document.querySelectorAll('.editor-instance .monaco-editor .view-lines span')]
    .flatMap((e) => [getComputedStyle(e, '::before').content, getComputedStyle(e, '::after').content])
    .filter((c) => c && c !== 'none' && c !== 'normal')
    .map((c) => c.replace(/^"|"$/g, '').replace(/\\/g, ''))
    .join(' ')
    .replace(/\u00a0/g, ' ');
const decorations = (page) => page.evaluate((fn) => new Function(`return (${fn})()`)(), DECORATION_TEXT.toString());
const hintShown = (page, text, timeout = 20_000) =>
  page.waitForFunction(([fn, want]) => new Function(`return (${fn})()`)().includes(want), [DECORATION_TEXT.toString(), text], { timeout });
const hintGone = (page, text) =>
  page.waitForFunction(([fn, want]) => !new Function(`return (${fn})()`)().includes(want), [DECORATION_TEXT.toString(), text], { timeout: 10_000 });

/** The cursor as the status bar shows it ("Ln 2, Col 15") and the editor's scroll position. */
async function where(wb, page) {
  const cursor = (await wb.statusBarTexts()).find((t) => /^Ln \d+, Col \d+/.test(t));
  const scrollTop = await page.evaluate(() => document.querySelector('.editor-instance .monaco-editor .monaco-scrollable-element')?.scrollTop ?? -1);
  return { cursor, scrollTop };
}

/** Renames `count` to `total` on line 2 the way a user does. */
async function renameFirst(wb, page) {
  await goToLine(wb, page, 2);
  await wb.press('End');
  for (let i = 0; i < 5; i++) await wb.press('ArrowLeft');
  for (let i = 0; i < 5; i++) await wb.press('Backspace');
  await wb.type('total');
}

/** Types a letter on line 2 and takes it back: an edit that asks again, after a pause. */
async function nudge(wb) {
  await wb.type('x');
  await wb.press('Backspace');
}

async function open(ctx, name) {
  const { wb, page, workspace } = ctx;
  await wb.statusBarItem('Flint', { timeoutMs: 120_000 });
  return openCopy(wb, page, workspace, RENAME, name);
}

export const tests = [
  {
    name: 'a shown prediction moves neither the cursor nor the view until Tab; a click elsewhere dismisses it',
    timeoutMs: 120_000,
    async run(ctx) {
      const { wb, page } = ctx;
      await open(ctx, 'calm.ts');
      await renameFirst(wb, page);
      // The status bar shows the cursor a moment after it moves: wait for it after "total".
      const before = await until('the status bar shows the cursor after the rename', async () => {
        const now = await where(wb, page);
        return now.cursor === 'Ln 2, Col 12' && now;
      });
      await hintShown(page, 'Tab to jump to the next edit, Escape to dismiss (1 more)');
      await page.waitForTimeout(300);
      assert.deepEqual(await where(wb, page), before, 'the prediction moved neither the cursor nor the view');
      // A click on another line (the last one) dismisses it.
      await page.locator('.editor-instance .monaco-editor .view-line').nth(6).click();
      await hintGone(page, 'Escape to dismiss');
    },
  },
  {
    name: 'a next edit rejected with Escape is not offered again on that line within 5 s; after it, it is',
    timeoutMs: 150_000,
    async run(ctx) {
      const { wb, page } = ctx;
      const path = await open(ctx, 'cooldown.ts');
      await renameFirst(wb, page);
      // Two occurrences predicted: line 4 first (1 more), then line 6.
      await hintShown(page, 'Tab to jump to the next edit, Escape to dismiss (1 more)');
      await wb.press('Escape');
      const rejectedAt = Date.now();
      await hintGone(page, 'Escape to dismiss');

      // The same reply again, within the cool-down: line 4 is skipped, line 6 alone is offered.
      await nudge(wb);
      await hintShown(page, 'Tab to jump to the next edit, Escape to dismiss');
      const shown = await decorations(page);
      assert.ok(Date.now() - rejectedAt < 5_000, `the second prediction came within the cool-down (${Date.now() - rejectedAt} ms)`);
      assert.doesNotMatch(shown, /1 more/, `only one edit is offered: ${shown}`);
      await wb.press('Tab');
      await hintShown(page, 'Tab to accept, Escape to dismiss');
      await wb.press('Tab');
      await hintGone(page, 'Escape to dismiss');
      let saved = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.equal(saved, RENAME.replace('let count', 'let total').replace('${count}', '${total}'), 'line 4, rejected, was not offered; line 6 was');

      // After the cool-down line 4 is offered again.
      const wait = 5_000 - (Date.now() - rejectedAt) + 200;
      if (wait > 0) await page.waitForTimeout(wait);
      await goToLine(wb, page, 2, 13);
      await nudge(wb);
      await hintShown(page, 'Tab to jump to the next edit, Escape to dismiss');
      await wb.press('Tab');
      await hintShown(page, 'Tab to accept, Escape to dismiss');
      await wb.press('Tab');
      await hintGone(page, 'Escape to dismiss');
      saved = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.equal(saved, RENAME.replaceAll('count', 'total'));
    },
  },
];
