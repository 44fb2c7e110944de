// Editor actions of the inline-edit tests: open a file, go to a line, select lines, give an
// instruction, read the CodeLens, save and read back.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Opens a file by its absolute path through Quick Open (new files are not indexed yet). */
export async function openPath(wb, page, path) {
  await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
  const name = path.split('/').pop();
  // Success is the tab in the active group with its editor focused (see waitForFocusedEditor).
  const opened = (timeoutMs) => wb.waitForFocusedEditor(name, { timeoutMs }).then(() => true, () => false);
  // On a loaded machine the list can change under the click: try again from a closed box.
  for (let attempt = 0; attempt < 3; attempt++) {
    await wb.quickOpen(path);
    const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: name }).first();
    await row.click({ timeout: 10_000 }).catch(() => undefined);
    if (await opened(5_000)) return;
    await wb.press('Escape');
  }
  if (!(await opened(20_000))) throw new Error(`${name} did not open with its editor focused after three tries`);
}

/** Writes `text` to src/`name` in the workspace, opens it, and returns its path. */
export async function openCopy(wb, page, workspace, text, name) {
  const path = join(workspace, 'src', name);
  writeFileSync(path, text);
  await openPath(wb, page, path);
  return path;
}

/** Moves the cursor to line `n` (1-based), and to `column` when given, through Quick Open's ":" mode. */
export async function goToLine(wb, page, n, column) {
  const input = await wb.quickOpen(column ? `:${n}:${column}` : `:${n}`);
  await page.locator('.quick-input-widget', { hasText: `line ${n}` }).waitFor({ timeout: 10_000 });
  await wb.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: 10_000 });
  // The editor takes the focus back a moment after the box hides: keys pressed before that are lost.
  await page.waitForFunction(() => document.activeElement?.closest('.editor-instance .monaco-editor'), null, { timeout: 10_000 });
}

/** Selects whole lines `from`..`to` (1-based) with the keyboard. */
export async function selectLines(wb, page, from, to) {
  await goToLine(wb, page, from);
  await wb.press('Home');
  await wb.press('Home');
  for (let i = from; i <= to; i++) await wb.press('Shift+ArrowDown');
}

/** Ctrl+I, the instruction, Enter. */
export async function instruct(wb, page, instruction) {
  await wb.press('Control+I');
  const input = page.locator('.quick-input-widget input');
  await page.locator('.quick-input-widget', { hasText: 'Flint: ' }).waitFor({ timeout: 10_000 });
  await input.fill(instruction);
  await wb.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: 10_000 });
}

export const lens = (page, text) => page.locator('.monaco-editor .codelens-decoration', { hasText: text }).first();

export async function waitForText(page, text, timeout = 20_000) {
  await page.waitForFunction(
    (want) => [...document.querySelectorAll('.editor-instance .monaco-editor .view-lines')].some((e) => e.textContent.replace(/\u00a0/g, ' ').includes(want)),
    text,
    { timeout },
  );
}

/** The text of the active editor, with the editor's no-break spaces as spaces. */
export async function editorText(page) {
  return (await page.locator('.editor-instance .monaco-editor .view-lines').first().textContent()).replace(/\u00a0/g, ' ');
}

/** Whether the active editor has unsaved changes. */
export async function isDirty(page) {
  return (await page.locator('.tabs-container .tab.active.dirty').count()) > 0;
}

/** Saves the active editor and returns the file's bytes. */
export async function saveAndRead(wb, page, path) {
  await wb.press('Control+S');
  await page.waitForFunction(() => !document.querySelector('.tabs-container .tab.active.dirty'), null, { timeout: 10_000 });
  return readFileSync(path);
}
