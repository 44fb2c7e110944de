// The Test Explorer of a real VS Code, driven as a user does: its rows, their states, their
// buttons; and the vitest projects the tests run in.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { until } from '../until.mjs';

const REPO = resolve(import.meta.dirname, '..', '..');

/** A TypeScript project on vitest as users have it: package.json naming vitest, its node_modules, and `files` (path in it → text). */
export function vitestProject(workspace, name, files) {
  const dir = join(workspace, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module', scripts: { test: 'vitest' }, devDependencies: { vitest: '4' } }, null, 2));
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Labels and states of the Test Explorer's rows, every file and group expanded. */
export async function explorerRows(wb, page) {
  await wb.runCommand('Testing: Focus on Test Explorer View');
  const any = await page.locator('.test-explorer .monaco-list-row').first().waitFor({ timeout: 20_000 }).then(() => true, () => false);
  if (!any) return [];
  for (let i = 0; i < 40; i++) {
    const collapsed = page.locator('.test-explorer .monaco-list-row[aria-expanded="false"]');
    if ((await collapsed.count()) === 0) break;
    await collapsed.first().click();
  }
  return page.locator('.test-explorer .monaco-list-row').evaluateAll((rows) => rows.map((r) => ({ label: r.getAttribute('aria-label') ?? '', icon: r.querySelector('.computed-state')?.className ?? '' })));
}

/** Waits for a row whose label holds `label` to show `state` (passed, failed, …). */
export function waitForRow(wb, page, label, state, timeoutMs = 60_000) {
  return until(`"${label}" ${state} in the Test Explorer`, async () => {
    const rows = await explorerRows(wb, page);
    return rows.find((r) => r.label.includes(label) && r.icon.includes(`testing-${state}`));
  }, timeoutMs);
}

/** Runs one row of the Test Explorer with its own button ("Run Test", "Run Test with Coverage"). */
export async function runRow(wb, page, label, action = 'Run Test') {
  await explorerRows(wb, page);
  const row = page.locator('.test-explorer .monaco-list-row', { hasText: label }).first();
  await row.hover();
  await row.locator(`.action-label[aria-label="${action}"]`).click();
}
