// Editor actions of the inline-edit tests: go to a line, select lines, give an instruction, read the CodeLens.

/** Moves the cursor to line `n` (1-based) through Quick Open's ":" mode. */
export async function goToLine(wb, page, n) {
  await wb.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.fill(`:${n}`);
  await page.locator('.quick-input-widget', { hasText: `line ${n}` }).waitFor({ timeout: 10_000 });
  await wb.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: 10_000 });
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
