// Tests that keep up, in a real VS Code with real runners: a TypeScript project on vitest and a
// Python project on pytest. Generate Tests on a function shows the tests as a pending edit of
// the user's test file; accepted, they run and pass in the Test Explorer. With continuous tests
// on, each save rewrites only the tests of the functions that changed into Flint's own file and
// runs it; a broken function shows a failing test with Fix the test / Fix the code, and Fix the
// code opens an inline edit of the function. User-written tests stay byte-identical.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { goToLine, lens, openPath } from '../harness/editActions.mjs';

export const endpoint = { engine: 'scripted', args: ['--script', 'test/fixtures/tests/tests.script.json'] };

export const settings = {
  'flint.completions.enable': { '*': false },
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
  'editor.autoIndent': 'none',
  'editor.formatOnSave': false,
  'flint.tests.timeoutMs': 120_000,
};

const REPO = resolve(import.meta.dirname, '..', '..', '..');

const SHAPES = `// Shapes.
export function area(w: number, h: number): number {
  return w * h;
}

export function perimeter(w: number, h: number): number {
  return 2 * (w + h);
}
`;

const USER_TESTS = `import { describe, expect, it } from 'vitest';
import { perimeter } from './shapes';

describe('perimeter (hand-written)', () => {
  it('of a unit square is 4', () => {
    expect(perimeter(1, 1)).toBe(4);
  });
});
`;

/** A TypeScript project as users have it: package.json naming vitest, and its node_modules. */
function tsProject(workspace, name) {
  const dir = join(workspace, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'shapes', private: true, type: 'module', scripts: { test: 'vitest' }, devDependencies: { vitest: '4' } }, null, 2));
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'src', 'shapes.ts'), SHAPES);
  writeFileSync(join(dir, 'src', 'shapes.test.ts'), USER_TESTS);
  return dir;
}

function pyProject(workspace) {
  const dir = join(workspace, 'py');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'pytest.ini'), '[pytest]\n');
  writeFileSync(join(dir, 'inventory.py'), '"""Prices."""\n\n\ndef total(prices):\n    return sum(prices)\n');
  return dir;
}

async function until(page, what, ok, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await ok();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(200);
  }
}

/** Replaces the text of line `n` (1-based) in the active editor with `text`. */
async function replaceLine(wb, page, n, text) {
  await goToLine(wb, page, n);
  await wb.press('Home');
  await wb.press('Home');
  await wb.press('Shift+End');
  await wb.type(text);
}

async function save(wb, page) {
  await wb.press('Control+S');
  await page.waitForFunction(() => !document.querySelector('.tabs-container .tab.active.dirty'), null, { timeout: 10_000 });
}

/** Labels of the Test Explorer's rows (expanded), e.g. "area > multiplies width by height". */
async function explorerRows(wb, page) {
  await wb.runCommand('Testing: Focus on Test Explorer View');
  await page.locator('.test-explorer .monaco-list-row').first().waitFor({ timeout: 20_000 });
  // Expand every collapsed file row.
  for (let i = 0; i < 5; i++) {
    const collapsed = page.locator('.test-explorer .monaco-list-row[aria-expanded="false"]');
    if ((await collapsed.count()) === 0) break;
    await collapsed.first().click();
  }
  return page.locator('.test-explorer .monaco-list-row').evaluateAll((rows) => rows.map((r) => ({ label: r.getAttribute('aria-label') ?? '', icon: r.querySelector('.computed-state')?.className ?? '' })));
}

async function waitForRow(wb, page, label, state) {
  return until(page, `"${label}" ${state} in the Test Explorer`, async () => {
    const rows = await explorerRows(wb, page);
    return rows.find((r) => r.label.includes(label) && r.icon.includes(`testing-${state}`));
  });
}

const toast = (page, text) => page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();

export const tests = [
  {
    name: 'Generate Tests on a TypeScript function: a pending edit of the user test file; accepted, it runs and passes in the Test Explorer',
    timeoutMs: 240_000,
    async run({ wb, page, workspace }) {
      await wb.statusBarItem('Tests: off', { timeoutMs: 120_000 });
      const dir = tsProject(workspace, 'app');
      const userTests = join(dir, 'src', 'shapes.test.ts');
      await openPath(wb, page, join(dir, 'src', 'shapes.ts'));
      await lens(page, 'Flint: Generate Tests').waitFor({ timeout: 20_000 });
      await goToLine(wb, page, 3);
      await wb.runCommand('Flint: Generate Tests');
      // The user's own test file opens with the tests as a pending edit after what it had.
      await page.locator('.tabs-container .tab.active', { hasText: 'shapes.test.ts' }).waitFor({ timeout: 30_000 });
      await lens(page, 'Accept').waitFor({ timeout: 30_000 });
      assert.equal(readFileSync(userTests, 'utf8'), USER_TESTS, 'nothing is written before Accept');
      await wb.press('Control+Enter');
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      const written = await until(page, 'the accepted tests on disk', () => {
        const t = readFileSync(userTests, 'utf8');
        return t !== USER_TESTS && t;
      });
      assert.ok(written.startsWith(USER_TESTS.trimEnd()), 'the hand-written tests come first, unchanged');
      assert.match(written, /it\('multiplies width by height'/);
      await waitForRow(wb, page, 'multiplies width by height', 'passed');
      await waitForRow(wb, page, 'of a unit square is 4', 'passed');
    },
  },
  {
    name: 'continuous tests: a save rewrites only the changed function\'s tests and reruns them; a broken function fails with Fix actions; user tests untouched',
    timeoutMs: 420_000,
    async run({ wb, page, workspace }) {
      await wb.statusBarItem('Tests: off', { timeoutMs: 120_000 });
      const dir = tsProject(workspace, 'shapes');
      const source = join(dir, 'src', 'shapes.ts');
      const flintFile = join(dir, 'src', 'shapes.flint.test.ts');
      const userTests = join(dir, 'src', 'shapes.test.ts');
      await openPath(wb, page, source);
      await (await wb.statusBarItem('Tests: off')).click();
      await wb.statusBarItem('Tests: on save');

      // First save: every function gets its tests in Flint's own file, which then runs.
      await replaceLine(wb, page, 1, '// Shapes and their measures.');
      await save(wb, page);
      // While tests are written and run, the item shows a still pulse.
      await page.locator('.part.statusbar .statusbar-item', { hasText: 'Tests: on save' }).locator('.codicon-pulse').first().waitFor({ timeout: 30_000 });
      const first = await until(page, "Flint's test file", () => existsSync(flintFile) && readFileSync(flintFile, 'utf8'));
      assert.match(first, /^\/\/ flint:begin area \w+$/m);
      assert.match(first, /^\/\/ flint:begin perimeter \w+$/m);
      assert.match(first, /^import \{ area, perimeter \} from '\.\/shapes';$/m);
      await waitForRow(wb, page, 'adds each side twice', 'passed');
      const perimeterSection = (t) => t.slice(t.indexOf('// flint:begin perimeter'));

      // Change area: only its tests are written again, and rerun.
      await wb.press('Control+1');
      await replaceLine(wb, page, 3, '  return Math.abs(w * h);');
      await save(wb, page);
      const second = await until(page, 'the refreshed tests of area', () => {
        const t = readFileSync(flintFile, 'utf8');
        return t.includes('is never negative') && t;
      });
      assert.equal(perimeterSection(second), perimeterSection(first), "perimeter's tests are kept byte for byte");
      await waitForRow(wb, page, 'is never negative', 'passed');

      // Break perimeter: its regenerated test fails, with both fixes offered.
      await wb.press('Control+1');
      await replaceLine(wb, page, 7, '  return w + h;');
      await save(wb, page);
      const failure = toast(page, 'tests failed in shapes/src/shapes.flint.test.ts');
      await failure.waitFor({ timeout: 90_000 });
      await failure.locator('.monaco-button', { hasText: 'Fix the test' }).waitFor();
      await waitForRow(wb, page, 'adds each side twice', 'failed');
      await wb.screenshot('tests');
      await failure.locator('.monaco-button', { hasText: 'Fix the code' }).click();

      // Fix the code: an inline edit of perimeter in the source, with the failure as its context.
      await page.locator('.tabs-container .tab.active', { hasText: 'shapes.ts' }).waitFor({ timeout: 20_000 });
      await lens(page, 'Accept').waitFor({ timeout: 60_000 });
      await wb.press('Control+Enter');
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      await save(wb, page);
      assert.match(readFileSync(source, 'utf8'), /return 2 \* \(w \+ h\);/);
      await waitForRow(wb, page, 'adds each side twice', 'passed');

      assert.equal(readFileSync(userTests, 'utf8'), USER_TESTS, 'the user-written tests are byte-identical');
    },
  },
  {
    name: 'Python on pytest: Generate Tests creates test_inventory.py at the conventional path; continuous tests write test_inventory_flint.py; both pass',
    timeoutMs: 300_000,
    async run({ wb, page, workspace }) {
      // The window is shared with the tests above: continuous tests may already be on.
      await wb.statusBarItem(/Tests: (off|on save)/, { timeoutMs: 120_000 });
      const dir = pyProject(workspace);
      await openPath(wb, page, join(dir, 'inventory.py'));
      await goToLine(wb, page, 5);
      await wb.runCommand('Flint: Generate Tests');
      await page.locator('.tabs-container .tab.active', { hasText: 'test_inventory.py' }).waitFor({ timeout: 30_000 });
      await lens(page, 'Accept').waitFor({ timeout: 30_000 });
      await wb.press('Control+Enter');
      await until(page, 'test_inventory.py on disk', () => readFileSync(join(dir, 'test_inventory.py'), 'utf8').includes('def test_total_adds_prices'));
      await waitForRow(wb, page, 'test_total_adds_prices', 'passed');
      const userTests = readFileSync(join(dir, 'test_inventory.py'), 'utf8');

      if ((await wb.statusBarTexts()).some((t) => t.includes('Tests: off'))) await wb.runCommand('Flint: Toggle Continuous Tests');
      await wb.statusBarItem('Tests: on save');
      await openPath(wb, page, join(dir, 'inventory.py'));
      await replaceLine(wb, page, 5, '    return sum(prices, 0)');
      await save(wb, page);
      const flintFile = join(dir, 'test_inventory_flint.py');
      const written = await until(page, 'test_inventory_flint.py', () => existsSync(flintFile) && readFileSync(flintFile, 'utf8'));
      assert.match(written, /^from inventory import total$/m);
      await waitForRow(wb, page, 'test_total_of_nothing_is_zero', 'passed');
      assert.equal(readFileSync(join(dir, 'test_inventory.py'), 'utf8'), userTests, 'the user test file is untouched');
    },
  },
  {
    name: 'a denied file: Generate Tests says why and continuous tests write and run nothing for it',
    timeoutMs: 180_000,
    async run({ wb, page, workspace, setSettings }) {
      await wb.statusBarItem(/Tests: (off|on save)/, { timeoutMs: 120_000 });
      const dir = tsProject(workspace, 'private-app');
      // Continuous tests are already on from the test before: first turn them off, so that the
      // status bar saying "on save" again proves the window has read the new deny list too.
      await setSettings({ 'flint.tests.continuous': 'off' });
      await wb.statusBarItem('Tests: off');
      await setSettings({ 'flint.context.denyList': ['**/private-app/src/**'], 'flint.tests.continuous': 'onSave' });
      await wb.statusBarItem('Tests: on save');
      await openPath(wb, page, join(dir, 'src', 'shapes.ts'));
      await goToLine(wb, page, 3);
      await wb.runCommand('Flint: Generate Tests');
      await toast(page, 'matches the deny list').waitFor({ timeout: 20_000 });
      await replaceLine(wb, page, 3, '  return w * h * 1;');
      await save(wb, page);
      await page.waitForTimeout(5_000);
      assert.equal(existsSync(join(dir, 'src', 'shapes.flint.test.ts')), false, 'no tests were written for a denied file');
      assert.equal(readFileSync(join(dir, 'src', 'shapes.test.ts'), 'utf8'), USER_TESTS);
    },
  },
];
