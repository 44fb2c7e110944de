// Next-edit prediction in a real VS Code: recorded edit sequences typed into the editor, the
// local endpoint's scripted engine answering the model's part. A rename offers the next
// occurrences (Tab to jump, Tab to accept, one after the other); a new parameter offers the
// call sites below; one undo restores the text before an accept and withdraws what was shown;
// Escape dismisses with nothing changed; a reply that invents code is dropped and logged.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { editorText, goToLine, isDirty, openCopy, saveAndRead, waitForText } from '../harness/editActions.mjs';
import { waitForLog } from '../harness/flintLog.mjs';

const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'nextEdit', 'nextEdit.script.json');

export const openFile = 'src/shapes.ts';

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

const HINT = '.monaco-editor .view-lines';
const hintShown = (page, text) => waitForText(page, text, 20_000);
async function hintGone(page, text) {
  await page.waitForFunction(
    ([sel, want]) => ![...document.querySelectorAll(sel)].some((e) => e.textContent.replace(/\u00a0/g, ' ').includes(want)),
    [HINT, text],
    { timeout: 10_000 },
  );
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
    timeoutMs: 90_000,
    async run({ wb, page, workspace }) {
      await wb.statusBarItem('Flint', { timeoutMs: 120_000 });
      const path = await openCopy(wb, page, workspace, RENAME, 'rename.ts');
      await renameFirst(wb, page);
      await hintShown(page, 'Tab to jump to the next edit');
      assert.equal(await page.locator('.monaco-editor .view-overlays .cdr, .monaco-editor .view-overlays > div > div').count() > 0, true);
      await wb.press('Tab');
      await hintShown(page, 'Tab to accept, Escape to dismiss (1 more)');
      await wb.screenshot('next-edit', { clip: { x: 340, y: 60, width: 760, height: 200 } });
      await wb.press('Tab');
      // The next occurrence is offered at once, without a new request.
      await hintShown(page, 'Tab to accept, Escape to dismiss');
      let text = await editorText(page);
      assert.ok(text.includes('total += item;'), text);
      await wb.press('Tab');
      if (!(await editorText(page)).includes('total: ${total}')) await wb.press('Tab');
      await waitForText(page, 'total: ${total}');
      const saved = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.equal(saved, RENAME.replaceAll('count', 'total'));
    },
  },
  {
    name: 'a new parameter offers a call site below as "Tab to jump"; Tab accepts; one undo restores the text before it',
    timeoutMs: 90_000,
    async run({ wb, page, workspace }) {
      await wb.statusBarItem('Flint', { timeoutMs: 120_000 });
      const path = await openCopy(wb, page, workspace, GREET, 'greet.ts');
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
    name: 'Escape dismisses the prediction and changes nothing',
    timeoutMs: 60_000,
    async run(ctx) {
      const { wb, page, workspace } = ctx;
      await wb.statusBarItem('Flint', { timeoutMs: 120_000 });
      const path = await openCopy(wb, page, workspace, RENAME, 'dismiss.ts');
      await renameFirst(wb, page);
      try { await hintShown(page, 'Tab to jump'); } catch (e) { console.log((await import('../harness/flintLog.mjs')).flintLog(ctx).text.slice(-6000)); console.log(await editorText(page)); throw e; }
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
    timeoutMs: 60_000,
    async run(ctx) {
      const { wb, page, workspace } = ctx;
      await wb.statusBarItem('Flint', { timeoutMs: 120_000 });
      const path = await openCopy(wb, page, workspace, GREET, 'invented.ts');
      await wb.press('Control+End');
      await wb.type('const invented = true;');
      await waitForLog(ctx, /next edit: reply dropped, it does not line up with lines 1-\d+ of src\/invented\.ts: keeps only/);
      assert.ok(!(await editorText(page)).includes('Escape to dismiss'));
      const saved = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.equal(saved, `${GREET}const invented = true;`);
    },
  },
];
