// Next-edit prediction in a real VS Code: recorded edit sequences typed into the editor, the
// local endpoint's scripted engine answering the model's part. A rename offers the next
// occurrences (Tab to jump, Tab to accept, one after the other); a new parameter offers the
// call sites below; new code typed at a line end asks nothing, a cursor move after it asks at
// the new line; one undo restores the text before an accept and withdraws what was shown;
// Escape dismisses with nothing changed; a reply that invents code is dropped and logged.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { goToLine, instruct, isDirty, lens, openCopy, openPath, saveAndRead, selectLines, waitForText } from '../../../support/e2e/editActions.mjs';
import { flintLog, waitForLog } from '../../../support/e2e/flintLog.mjs';

const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'nextEdit', 'nextEdit.script.json');

export const endpoint = { engine: 'scripted', args: ['--script', FIXTURE] };

// Ghost text off (next edit still offers its insertions through the provider), no suggest widget.
export const settings = {
  'flint.completions.enable': { '*': false },
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'editor.suggestOnTriggerCharacters': false,
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
};

const RENAME = ['export function summarize(items: number[]): string {', '  let count = 0;', '  for (const item of items) {', '    count += item;', '  }', '  return `total: ${count}`;', '}', ''].join('\n');
const GREET = ['function greet(name) {', '  return `Hello, ${name}`;', '}', '', "const a = greet('Ada');", "const b = greet('Grace');", ''].join('\n');

/**
 * Text drawn by decorations (the editor puts it in CSS ::before/::after content, not in the
 * line's text) in the active editor, joined.
 */
const DECORATION_TEXT = () =>
  [...document.querySelectorAll('.editor-instance .monaco-editor .view-lines span')]
    .flatMap((e) => [getComputedStyle(e, '::before').content, getComputedStyle(e, '::after').content])
    .filter((c) => c && c !== 'none' && c !== 'normal')
    .map((c) => c.replace(/^"|"$/g, '').replace(/\\/g, ''))
    .join(' ')
    .replace(/\u00a0/g, ' ');

async function hintShown(page, text, timeout = 20_000) {
  await page.waitForFunction(([fn, want]) => new Function(`return (${fn})()`)().includes(want), [DECORATION_TEXT.toString(), text], { timeout });
}

async function hintGone(page, text) {
  await page.waitForFunction(([fn, want]) => !new Function(`return (${fn})()`)().includes(want), [DECORATION_TEXT.toString(), text], { timeout: 10_000 });
}

/** Writes and opens a file; the first Quick Open of a fresh window can miss on a loaded machine, so once more. */
async function openFresh(wb, page, workspace, text, name) {
  await wb.statusBarItem('Flint', { timeoutMs: 120_000 });
  try {
    return await openCopy(wb, page, workspace, text, name);
  } catch {
    await wb.press('Escape');
    const path = resolve(workspace, 'src', name);
    await openPath(wb, page, path);
    return path;
  }
}

/** Renames `count` to `total` on line 2 the way a user does: delete the word, type the new one. */
async function renameFirst(wb, page) {
  await goToLine(wb, page, 2);
  await wb.press('End');
  for (let i = 0; i < 5; i++) await wb.press('ArrowLeft');
  for (let i = 0; i < 5; i++) await wb.press('Backspace');
  await wb.type('total');
}

export const tests = [
  {
    name: 'a rename offers the next occurrences: Tab jumps, Tab accepts, one after the other',
    timeoutMs: 180_000,
    async run({ wb, page, workspace }) {
      const path = await openFresh(wb, page, workspace, RENAME, 'rename.ts');
      await renameFirst(wb, page);
      // The whole hint: one for an earlier state of the line may still be on screen for a moment.
      await hintShown(page, 'Tab to jump to the next edit, Escape to dismiss (1 more)');
      await wb.press('Tab');
      await hintShown(page, 'Tab to accept, Escape to dismiss (1 more)');
      await wb.screenshot('next-edit', { clip: { x: 340, y: 60, width: 760, height: 200 } });
      await wb.press('Tab');
      await waitForText(page, 'total += item;');
      // The next occurrence is offered at once, without a new request: two lines down, a jump.
      await hintShown(page, 'Tab to jump to the next edit, Escape to dismiss');
      await wb.press('Tab');
      await hintShown(page, 'Tab to accept, Escape to dismiss');
      await wb.press('Tab');
      await waitForText(page, 'total: ${total}');
      await hintGone(page, 'Escape to dismiss');
      const saved = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.equal(saved, RENAME.replaceAll('count', 'total'));
    },
  },
  {
    name: 'a new parameter offers a call site below as "Tab to jump"; Tab accepts; one undo restores the text before it',
    timeoutMs: 180_000,
    async run({ wb, page, workspace }) {
      const path = await openFresh(wb, page, workspace, GREET, 'greet.ts');
      await goToLine(wb, page, 1);
      await wb.press('End');
      for (let i = 0; i < 3; i++) await wb.press('ArrowLeft');
      await wb.type(', punctuation');
      const edited = GREET.replace('greet(name)', 'greet(name, punctuation)');
      await hintShown(page, 'Tab to jump to the next edit, Escape to dismiss (1 more)');
      await wb.press('Tab');
      await hintShown(page, 'Tab to accept');
      await wb.press('Tab');
      await waitForText(page, "greet('Ada', '!')");
      // The second call site is offered next.
      await hintShown(page, 'Tab to accept, Escape to dismiss');
      const accepted = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.equal(accepted, edited.replace("greet('Ada')", "greet('Ada', '!')"));
      await wb.press('Control+Z');
      await page.waitForFunction(() => !document.querySelector('.editor-instance .view-lines')?.textContent.includes("'Ada', '!'"), null, { timeout: 10_000 });
      await hintGone(page, 'Escape to dismiss');
      const undone = await saveAndRead(wb, page, path);
      assert.equal(undone.toString('utf8'), edited, 'one undo restores the text before the accept');
    },
  },
  {
    name: 'new code typed at a line end asks nothing; moving the cursor to another line then asks there, once',
    timeoutMs: 180_000,
    async run(ctx) {
      const { wb, page, workspace } = ctx;
      const path = await openFresh(wb, page, workspace, GREET, 'moves.ts');
      await goToLine(wb, page, 5);
      await wb.press('End');
      const logBefore = flintLog(ctx).text.length;
      await wb.type(' // first');
      await wb.press('ArrowDown');
      // The scripted reply answers only a request whose cursor is on line 6: an insertion at the
      // cursor, offered as ghost text.
      await wb.waitForGhostText({ contains: '// second' });
      await page.waitForTimeout(500);
      const asked = flintLog(ctx).text.slice(logBefore).split('\n').filter((l) => l.includes('request: next-edit'));
      assert.equal(asked.length, 1, `one request, made by the move:\n${asked.join('\n')}`);
      await wb.press('Tab');
      await waitForText(page, "greet('Grace'); // second");
      const saved = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.equal(saved, GREET.replace("greet('Ada');", "greet('Ada'); // first").replace("greet('Grace');", "greet('Grace'); // second"));
    },
  },
  {
    name: 'Escape dismisses the prediction and changes nothing',
    timeoutMs: 180_000,
    async run(ctx) {
      const { wb, page, workspace } = ctx;
      const path = await openFresh(wb, page, workspace, RENAME, 'dismiss.ts');
      await renameFirst(wb, page);
      await hintShown(page, 'Tab to jump');
      await wb.press('Escape');
      await hintGone(page, 'Tab to jump');
      await page.waitForTimeout(500);
      assert.equal(await isDirty(page), true);
      const saved = readFileSync(path, 'utf8') === RENAME ? (await saveAndRead(wb, page, path)).toString('utf8') : '';
      assert.equal(saved, RENAME.replace('let count', 'let total'), 'only the user\'s own edit is in the file');
    },
  },
  {
    name: 'a reply that does not line up with the window is dropped and logged, never applied',
    timeoutMs: 180_000,
    async run(ctx) {
      const { wb, page, workspace } = ctx;
      const path = await openFresh(wb, page, workspace, GREET, 'invented.ts');
      await wb.press('Control+End');
      await wb.type('const invented = true;');
      await waitForLog(ctx, /next edit: reply dropped, it does not line up with lines 1-\d+ of src\/invented\.ts: keeps only/);
      await page.waitForTimeout(500);
      assert.equal(await page.evaluate((fn) => new Function(`return (${fn})()`)().includes('Escape to dismiss'), DECORATION_TEXT.toString()), false, 'nothing is shown');
      const saved = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.equal(saved, `${GREET}const invented = true;`);
    },
  },
  {
    name: 'an inline edit streaming a rename gets no prediction while it is pending',
    timeoutMs: 180_000,
    async run(ctx) {
      const { wb, page, workspace, endpoint } = ctx;
      const path = await openFresh(wb, page, workspace, RENAME, 'pending.ts');
      const logBefore = flintLog(ctx).text.length;
      // Slow enough that the first renamed line sits in the document, the rest not yet, for
      // longer than the prediction debounce: what a user's own rename looks like to next edit.
      await endpoint.setKnobs({ tokensPerSecond: 30 });
      await selectLines(wb, page, 1, 7);
      await instruct(wb, page, 'rename count to total');
      await waitForText(page, 'let total = 0;');
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      await lens(page, 'Accept').waitFor({ timeout: 30_000 });
      // Nothing to wait for when nothing may happen: give a prediction time to be asked and drawn.
      await page.waitForTimeout(2000);
      const shown = await page.evaluate((fn) => new Function(`return (${fn})()`)(), DECORATION_TEXT.toString());
      assert.equal(shown.includes('Escape to dismiss'), false, `no prediction is drawn inside the pending edit: ${shown}`);
      const logged = flintLog(ctx).text.slice(logBefore).split('\n').filter((l) => l.includes('next edit'));
      assert.deepEqual(logged, [], 'next edit asked nothing about the rewrite');
      await wb.press('Control+Enter');
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      assert.equal((await saveAndRead(wb, page, path)).toString('utf8'), RENAME.replaceAll('count', 'total'));
    },
  },
];
