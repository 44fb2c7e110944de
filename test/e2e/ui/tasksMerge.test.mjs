// A background task's result merged into what the user typed meanwhile, in a real VS Code on
// the local endpoint's scripted models: the task changes three files while the user edits two
// of them (one where the task also changed it, saved; one elsewhere, left unsaved); the review
// shows the three files; Accept All applies the task's clear hunks around every character the
// user typed and shows the overlap as a conflict (the user's text, the task's, the original);
// the fast model's merge is one pending edit, one Undo takes it back, and one Undo per file
// restores the text before the apply. A second task: one hunk accepted alone, the rest with
// Accept All, everything saved, the window reloaded, and Revert Task brings back every file
// byte for byte.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { editorText, goToLine, isDirty, lens, openPath, saveAndRead, waitForText } from '../../../support/e2e/editActions.mjs';
import { until } from '../../../support/until.mjs';
import { startTask } from '../../../support/e2e/tasksView.mjs';

export const endpoint = { engine: 'scripted', args: ['--script', 'test/fixtures/tasks/merge.script.json'] };
export const settings = { 'flint.completions.enable': { '*': false }, 'flint.nextEdit.enable': { '*': false } };
export const openFile = 'src/scratch.js';

const BASE = {
  'alpha.js': '// alpha: prices\nexport const TAX = 0.2;\n\nexport function net(price) {\n  return price;\n}\n\nexport function gross(price) {\n  return price * (1 + TAX);\n}\n',
  'beta.js': "// beta: names\nexport function greet(name) {\n  return 'Hello, ' + name;\n}\n\nexport function shout(name) {\n  return greet(name).toUpperCase();\n}\n",
  'gamma.js': '// gamma: lists\nexport function first(xs) {\n  return xs[0];\n}\n',
};
const TAX = ['export const TAX = 0.2;', 'export const TAX = 0.25;'];
const GROSS = ['  return price * (1 + TAX);', '  return Math.round(price * (1 + TAX) * 100) / 100;'];
const GREET = ["  return 'Hello, ' + name;", '  return `Hello, ${name}!`;'];
const FIRST = ['  return xs[0];', '  return xs.length > 0 ? xs[0] : undefined;'];
const TASK = {
  'alpha.js': BASE['alpha.js'].replace(...TAX).replace(...GROSS),
  'beta.js': BASE['beta.js'].replace(...GREET),
  'gamma.js': BASE['gamma.js'].replace(...FIRST),
};
/** What the user types at the end of a line: in alpha where the task changed it too, in beta clear of the task. */
const TYPED = { 'alpha.js': [9, ' // with tax'], 'beta.js': [7, ' // loud'] };
const typedInto = (name, text) => {
  const [line, typed] = TYPED[name];
  return text.split('\n').map((l, i) => (i === line - 1 ? l + typed : l)).join('\n');
};

export function prepareWorkspace(workspace) {
  for (const folder of ['one', 'two']) {
    mkdirSync(join(workspace, folder), { recursive: true });
    for (const [name, text] of Object.entries(BASE)) writeFileSync(join(workspace, folder, name), text);
  }
}

const read = (workspace, folder, name) => readFileSync(join(workspace, folder, name), 'utf8');

/** Starts a task from the command palette; returns its row in the Tasks view. */
async function waitDone(row) {
  const state = await until('the task settled', async () => {
    const t = (await row.innerText()).replace(/\s+/g, ' ');
    return /done|failed|stopped/.test(t) && t;
  }, 90_000);
  assert.match(state, /done · .* 3 files changed/, `the task is done with three files changed: ${state}`);
}

/** Opens the review of the task on `folder` and checks it lists the three files. */
async function openReview(wb, page, folder) {
  await wb.runCommand('Flint: Review Task Result');
  await page.locator('.tabs-container .tab.active', { hasText: `Task result: Tidied the prices, the greeting and the first item of a list in ${folder}.` }).waitFor({ timeout: 20_000 });
  const titles = page.locator('.multiDiffEditor:visible .multiDiffEntry .file-path .title.modified');
  await until('the review lists three files', async () => (await titles.count()) === 3, 20_000);
  const shown = (await titles.allTextContents()).map((t) => t.trim());
  assert.deepEqual(shown.map((t) => /\w+\.js/.exec(t)?.[0]).sort(), ['alpha.js', 'beta.js', 'gamma.js'], `the review shows the three files: ${shown}`);
}

/** Opens `folder/name` through Quick Open, picking the row of that folder (both folders hold a file of that name). */
async function openIn(wb, page, folder, name) {
  await wb.quickOpen(`${folder}/${name}`);
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: name }).filter({ hasText: folder }).first().click({ timeout: 10_000 });
  await page.locator('.breadcrumbs-control', { hasText: folder }).first().waitFor({ timeout: 10_000 });
  await page.locator('.editor-instance .monaco-editor.focused .view-lines').waitFor({ timeout: 20_000 });
}

/** Types `typed` at the end of line `line` of the open file. */
async function typeAtEnd(wb, page, line, typed) {
  await goToLine(wb, page, line);
  await wb.press('End');
  await wb.type(typed);
}

export const tests = [
  {
    name: 'a task merges into what the user typed meanwhile: clear hunks apply around every typed character, the overlap is a conflict the fast model merges as one step, one Undo per file restores the text before the apply',
    timeoutMs: 240_000,
    async run({ wb, page, workspace, endpoint }) {
      await wb.waitForEditor({ name: 'scratch.js' });
      // Each of the task's turns waits long enough for the user to type while it runs.
      await endpoint.setKnobs({ fullDelayMs: 4_000 });
      const row = await startTask(wb, page, 'tidy the folder one');
      // The snapshot is taken before it runs: typing before that would be part of the task's base.
      await until('the task running', async () => /running/.test(await row.innerText()), 30_000);

      await openPath(wb, page, join(workspace, 'one/alpha.js'));
      await typeAtEnd(wb, page, ...TYPED['alpha.js']);
      const alphaSaved = (await saveAndRead(wb, page, join(workspace, 'one/alpha.js'))).toString('utf8');
      assert.equal(alphaSaved, typedInto('alpha.js', BASE['alpha.js']));
      await openPath(wb, page, join(workspace, 'one/beta.js'));
      await typeAtEnd(wb, page, ...TYPED['beta.js']);
      const betaTyped = typedInto('beta.js', BASE['beta.js']);
      await waitForText(page, "toUpperCase(); // loud");
      const stateAfterTyping = (await row.innerText()).replace(/\s+/g, ' ');
      assert.match(stateAfterTyping, /running/, `the user typed while the task ran: ${stateAfterTyping}`);
      await endpoint.setKnobs({ fullDelayMs: 0 });
      await waitDone(row);
      assert.equal(await isDirty(page), true, 'beta.js is left unsaved');
      assert.equal(read(workspace, 'one', 'gamma.js'), BASE['gamma.js'], 'the task worked in its copy');
      // The task's edit of alpha.js came after the user saved it: it was checked against the saved text and refused once
      // (the script answers that refusal alone with this text, then sends the edit again).
      const log = page.locator('.tabs-container .tab.active', { hasText: 'tidy the folder one' });
      await until('the log opened from its row', async () => {
        await row.click();
        return log.waitFor({ timeout: 3_000 }).then(() => true, () => false);
      }, 20_000);
      await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
      await wb.press('Control+End');
      await waitForText(page, 'The user changed that line too');

      await openReview(wb, page, 'one');
      await wb.runCommand('Notifications: Clear All Notifications');
      // The command asks a question of its own: the palette is not waited for to close.
      await wb.pickCommand('Flint: Accept All of Task Result');
      // The overlap is asked about: the user's text, the task's and the original are shown; nothing of it lands silently.
      const question = page.locator('.quick-input-widget', { hasText: 'Conflict: one/alpha.js:9' });
      await question.waitFor({ timeout: 30_000 });
      for (const side of ['price * (1 + TAX); // with tax', 'Math.round(price * (1 + TAX) * 100) / 100;']) {
        await page.locator('.monaco-diff-editor .view-line', { hasText: side }).first().waitFor({ timeout: 10_000 });
      }
      await page.locator('.tab', { hasText: 'original-one_alpha.js_9' }).first().waitFor({ timeout: 10_000 });
      const picks = (await question.locator('.monaco-list-row').allTextContents()).map((t) => t.trim());
      for (const label of ['Keep yours', "Take the task's", 'Keep both', 'Resolve with the fast model']) assert.ok(picks.some((p) => p.includes(label)), `the conflict offers "${label}": ${picks}`);
      assert.equal(read(workspace, 'one', 'alpha.js'), alphaSaved, 'nothing of alpha.js applied before the pick');
      await wb.screenshot('task-review-conflict');

      await question.locator('.monaco-list-row', { hasText: 'Resolve with the fast model' }).click();
      // The clear hunks land: alpha's first (saved, it was not dirty), gamma's, and beta's into the unsaved buffer.
      await until('gamma.js applied', () => read(workspace, 'one', 'gamma.js') === TASK['gamma.js'], 30_000);
      assert.equal(read(workspace, 'one', 'alpha.js'), typedInto('alpha.js', BASE['alpha.js'].replace(...TAX)), 'alpha.js: the clear hunk applied, the conflict keeps the user\'s line until the merge is accepted');
      assert.equal(read(workspace, 'one', 'beta.js'), BASE['beta.js'], 'beta.js stays unsaved: its file is untouched');

      // The merge streams into alpha.js as a pending edit; accepted, it is one undo step.
      await lens(page, 'Accept').waitFor({ timeout: 60_000 });
      await waitForText(page, '* 100) / 100; // with tax');
      await wb.press('Control+Enter');
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      const merged = typedInto('alpha.js', TASK['alpha.js']);
      assert.equal((await saveAndRead(wb, page, join(workspace, 'one/alpha.js'))).toString('utf8'), merged, 'alpha.js: the task\'s change and every character the user typed');
      await wb.press('Control+Z');
      assert.equal((await saveAndRead(wb, page, join(workspace, 'one/alpha.js'))).toString('utf8'), typedInto('alpha.js', BASE['alpha.js'].replace(...TAX)), 'one Undo takes the merge back');
      await wb.press('Control+Z');
      assert.equal((await saveAndRead(wb, page, join(workspace, 'one/alpha.js'))).toString('utf8'), alphaSaved, 'one more Undo restores alpha.js as it was before the apply');

      await openPath(wb, page, join(workspace, 'one/beta.js'));
      assert.equal(await isDirty(page), true, 'beta.js is still unsaved after the apply');
      await waitForText(page, 'return `Hello, ${name}!`;');
      assert.match(await editorText(page), /toUpperCase\(\); \/\/ loud/, 'the unsaved typing is kept');
      await wb.press('Control+Z');
      assert.equal((await saveAndRead(wb, page, join(workspace, 'one/beta.js'))).toString('utf8'), betaTyped, 'one Undo restores beta.js as the user had it, unsaved typing included');

      await openPath(wb, page, join(workspace, 'one/gamma.js'));
      await waitForText(page, 'xs.length > 0');
      await wb.press('Control+Z');
      await waitForText(page, 'return xs[0];');
      assert.equal((await saveAndRead(wb, page, join(workspace, 'one/gamma.js'))).toString('utf8'), BASE['gamma.js'], 'one Undo restores gamma.js');
    },
  },
  {
    name: 'one hunk accepted alone applies only that hunk; after Accept All, a save and a reload, Revert Task restores every file byte for byte',
    timeoutMs: 240_000,
    async run({ wb, page, workspace, endpoint }) {
      // A window shared with the test above: its conflict's editors are closed (all saved) first.
      await wb.runCommand('View: Close All Editor Groups');
      await endpoint.setKnobs({ fullDelayMs: 0 });
      const row = await startTask(wb, page, 'tidy the folder two');
      await waitDone(row);
      // The user types in beta.js and leaves it unsaved: the text before the apply is that buffer.
      await openIn(wb, page, 'two', 'beta.js');
      await typeAtEnd(wb, page, ...TYPED['beta.js']);
      await waitForText(page, 'toUpperCase(); // loud');
      const before = { 'alpha.js': BASE['alpha.js'], 'beta.js': typedInto('beta.js', BASE['beta.js']), 'gamma.js': BASE['gamma.js'] };

      await openReview(wb, page, 'two');
      // The cursor on the task's first hunk of alpha.js: only that hunk lands.
      await openIn(wb, page, 'two', 'alpha.js');
      await goToLine(wb, page, 2);
      await wb.runCommand('Flint: Accept Hunk of Task Result');
      await until('the hunk applied', () => read(workspace, 'two', 'alpha.js') !== BASE['alpha.js'], 20_000);
      assert.equal(read(workspace, 'two', 'alpha.js'), BASE['alpha.js'].replace(...TAX), 'only the hunk under the cursor applied');
      assert.equal(read(workspace, 'two', 'gamma.js'), BASE['gamma.js'], 'no other file changed');
      await waitForText(page, 'TAX = 0.25;');
      assert.match(await editorText(page), /return price \* \(1 \+ TAX\);/, 'the file\'s other hunk is still to review');

      await wb.runCommand('Flint: Accept All of Task Result');
      await until('the rest applied', () => read(workspace, 'two', 'alpha.js') === TASK['alpha.js'] && read(workspace, 'two', 'gamma.js') === TASK['gamma.js'], 30_000);
      await wb.runCommand('File: Save All Files');
      await until('beta.js saved', () => read(workspace, 'two', 'beta.js') === typedInto('beta.js', TASK['beta.js']), 20_000);
      // The file is on disk a moment before the editor drops its dirty mark; closing earlier asks to save.
      await page.locator('.tabs-container .tab.dirty').first().waitFor({ state: 'detached', timeout: 10_000 });
      // Closed before the reload: an editor the workbench still keeps a backup of comes back unsaved and older than its file.
      await wb.runCommand('View: Close All Editor Groups');
      await page.locator('.tabs-container .tab', { hasText: 'beta.js' }).waitFor({ state: 'detached', timeout: 10_000 });

      await wb.open(page.url());
      await wb.waitForDevelopmentHost();
      await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
      await wb.pickCommand('Flint: Revert Task');
      // With the first test's apply also revertible, the task is picked by its summary.
      const which = page.locator('.quick-input-widget', { hasText: 'Which task?' });
      if (await which.waitFor({ timeout: 5_000 }).then(() => true, () => false)) {
        await which.locator('.monaco-list-row', { hasText: 'in two.' }).first().click();
      }
      await page.locator('.notification-toast', { hasText: 'the task was reverted' }).waitFor({ timeout: 30_000 });
      // A buffer the reload brought back unsaved is reverted in place and stays unsaved: saved here to compare the bytes.
      await wb.runCommand('File: Save All Files');
      await until('every file saved as it was before the apply', () => Object.entries(before).every(([name, text]) => read(workspace, 'two', name) === text), 10_000).catch(() => undefined);
      for (const [name, text] of Object.entries(before)) assert.equal(read(workspace, 'two', name), text, `${name} restored byte for byte`);
    },
  },
];
