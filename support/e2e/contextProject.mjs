// A small multi-file TypeScript project for the context tests, and the steps they share: make
// every surface send a prompt from its main file, then read those prompts back through
// Flint: Show Last Prompt and search them with the editor's own Find.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goToLine, openPath } from './editActions.mjs';
import { until } from '../until.mjs';

/** The helper's signature as its own file writes it: what every prompt must carry. */
export const HELPER_SIGNATURE = 'function addCents(a: number, b: number): number';
/** A helper in a denied folder: its definition must never be in any prompt. */
export const DENIED_SIGNATURE = 'function vaultHelper(token: string): string';

const FILES = {
  'package.json': JSON.stringify({ name: 'ctx', private: true, type: 'module', devDependencies: { vitest: '4' } }, null, 2),
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', noEmit: true }, include: ['src'] }, null, 2),
  'src/money.ts': `/** Adds two amounts of money, in cents. */\nexport ${HELPER_SIGNATURE} {\n  return a + b;\n}\n`,
  'src/secret/vault.ts': `export ${DENIED_SIGNATURE} {\n  return token;\n}\n`,
  'src/checkout.ts': [
    "import { addCents } from './money';",
    "import { vaultHelper } from './secret/vault';",
    '',
    'export function checkout(prices: number[]): number {',
    '  let total = 0;',
    '  for (const p of prices) {',
    '    total = addCents(total, p);',
    '  }',
    "  vaultHelper('receipt');",
    '  return total;',
    '}',
    '',
  ].join('\n'),
};

/** Writes the project under `workspace`/ctx. */
export function writeContextProject(workspace) {
  for (const [name, text] of Object.entries(FILES)) {
    const path = join(workspace, 'ctx', name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  }
}

/** Settings of the context tests: every surface on, review on save, the vault folder denied. */
export const CONTEXT_SETTINGS = {
  'flint.review.trigger': 'onSave',
  'flint.completions.debounceMs': 0,
  'flint.context.denyList': ['**/secret/**'],
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
};

/** The rows of Show Last Prompt's picker, as "label description" texts; the picker is left open. */
async function pickerRows(wb, page) {
  await wb.pickCommand('Flint: Show Last Prompt');
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'All surfaces' }).first().waitFor({ timeout: 20_000 });
  return page.locator('.quick-input-widget .quick-input-list .monaco-list-row').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
}

/** Opens Show Last Prompt's document of `surface` ("All surfaces" for every one). */
export async function showLastPrompt(wb, page, surface) {
  await pickerRows(wb, page);
  await page.keyboard.type(surface);
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row.focused', { hasText: surface }).first().waitFor({ timeout: 10_000 });
  await wb.press('Enter');
  const tab = surface === 'All surfaces' ? 'Flint Last Prompts.md' : `${surface}.md`;
  await page.locator('.tabs-container .tab.active', { hasText: tab }).waitFor({ timeout: 20_000 });
  await page.locator('.editor-instance .monaco-editor .view-lines').first().waitFor({ timeout: 20_000 });
}

/** Searches the active editor with Find and returns what its counter says ("1 of 2", "No results"). */
export async function findCount(wb, page, text) {
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await wb.press('Control+F');
  const input = page.locator('.editor-instance .find-widget.visible textarea, .editor-instance .find-widget.visible input').first();
  await input.waitFor({ timeout: 10_000 });
  await input.fill(text);
  const counter = page.locator('.editor-instance .find-widget.visible .matchesCount');
  await page.waitForFunction(() => /of|No results/.test(document.querySelector('.editor-instance .find-widget.visible .matchesCount')?.textContent ?? ''), null, { timeout: 10_000 });
  return (await counter.textContent())?.trim() ?? '';
}

/**
 * From ctx/src/checkout.ts, makes Generate Tests, ghost text, next edit and review each send a
 * prompt: Generate Tests on the function first (its pending edit of the test file rejected, so
 * nothing else happens there), then an edit typed in the loop (ghost text as it is typed, next
 * edit after the pause) and a save (review). Waits until each has sent one.
 */
export async function sendEveryPrompt(wb, page, workspace) {
  const checkout = join(workspace, 'ctx', 'src', 'checkout.ts');
  await openPath(wb, page, checkout);
  // The first gathering runs when the file is shown; give the index its first pass.
  await page.waitForTimeout(3_000);
  await goToLine(wb, page, 5);
  await wb.runCommand('Flint: Generate Tests');
  await page.locator('.tabs-container .tab.active', { hasText: 'checkout.test.ts' }).waitFor({ timeout: 60_000 });
  // The pending edit's lenses may be scrolled out of view: its status bar item says it is ready.
  const ready = page.locator('.statusbar-item', { hasText: 'edit ready' }).first();
  await ready.waitFor({ timeout: 60_000 });
  await wb.press('Control+Backspace');
  await page.waitForFunction(() => !document.querySelector('.monaco-editor .codelens-decoration'), null, { timeout: 10_000 }).catch(() => undefined);
  await openPath(wb, page, checkout);
  await goToLine(wb, page, 7);
  await wb.press('End');
  await wb.press('Enter');
  await wb.type('total = addCents(total, 1);', { delayMs: 60 });
  await page.waitForTimeout(2_000);
  await wb.press('Escape');
  await wb.press('Control+S');
  await page.waitForFunction(() => !document.querySelector('.tabs-container .tab.active.dirty'), null, { timeout: 10_000 });
  const wanted = ['Ghost text', 'Next edit', 'Review', 'Generate Tests'];
  await until('a prompt from each of ghost text, next edit, review and Generate Tests', async () => {
    const rows = await pickerRows(wb, page);
    await wb.press('Escape');
    return wanted.every((w) => rows.some((r) => r.includes(w) && r.includes('sent ')));
  }, 120_000);
}

/** Checks that each of those prompts carries the helper's signature, and that no prompt carries the denied one. */
export async function assertPromptsCarryTheHelper(wb, page) {
  for (const surface of ['Ghost text', 'Next edit', 'Review', 'Generate Tests']) {
    await showLastPrompt(wb, page, surface);
    const count = await findCount(wb, page, HELPER_SIGNATURE);
    assert.doesNotMatch(count, /No results/, `the last ${surface} prompt carries "${HELPER_SIGNATURE}"`);
    await wb.press('Escape');
  }
  await showLastPrompt(wb, page, 'All surfaces');
  assert.match(await findCount(wb, page, DENIED_SIGNATURE), /No results/, 'no prompt carries the denied file\u2019s definition');
  await wb.press('Escape');
}
