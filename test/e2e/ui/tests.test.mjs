// Tests that guard the code, in a real VS Code with real runners: a multi-file TypeScript
// project on vitest and a Python project on pytest. Generate Tests on a function and on a class
// method shows the tests as a pending edit of the user's test file; accepted, they run and pass
// in the Test Explorer. With continuous tests on, a save runs the existing tests first: a planted
// regression is red in the Test Explorer, a Flint diagnostic on the changed function names the
// test, and no test file changes; Update the test changes the test only on Accept, Fix the code
// restores passing tests. Tests are added for changed functions that have none.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { goToLine, lens, openPath } from '../../../support/e2e/editActions.mjs';
import { waitForRow } from '../../../support/e2e/testExplorer.mjs';
import { until } from '../../../support/until.mjs';

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

const RECT = `export class Rect {
  constructor(
    readonly w: number,
    readonly h: number,
  ) {}

  diagonalSquared(): number {
    return this.w * this.w + this.h * this.h;
  }
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
  writeFileSync(join(dir, 'src', 'rect.ts'), RECT);
  writeFileSync(join(dir, 'src', 'shapes.test.ts'), USER_TESTS);
  return dir;
}

const INVENTORY = `"""Prices."""


def total(prices, shipping=0):
    return sum(prices) + shipping


class Cart:
    def __init__(self, items):
        self.items = items

    def count(self):
        return len(self.items)
`;

function pyProject(workspace) {
  const dir = join(workspace, 'py');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'pytest.ini'), '[pytest]\n');
  writeFileSync(join(dir, 'inventory.py'), INVENTORY);
  return dir;
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

const toast = (page, text) => page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();

/** Texts of the lines that carry an error squiggle in the active editor. */
async function waitForSquiggle(page, text, timeout = 30_000) {
  await page.waitForFunction(
    (want) => {
      const editor = document.querySelector('.editor-instance .monaco-editor');
      const tops = [...editor.querySelectorAll('.view-overlays > div')].filter((d) => d.querySelector('.squiggly-error')).map((d) => d.style.top);
      return [...editor.querySelectorAll('.view-lines > .view-line')].some((l) => tops.includes(l.style.top) && l.textContent.replace(/\u00a0/g, ' ').includes(want));
    },
    text,
    { timeout },
  );
}

/** Opens the Quick Fix menu on line `n` and picks the action named `label` with the keyboard. */
async function quickFix(wb, page, n, label) {
  await goToLine(wb, page, n);
  await wb.press('End');
  await wb.press('Control+.');
  await page.locator('.action-widget .monaco-list-row', { hasText: label }).first().waitFor({ timeout: 10_000 });
  const focused = page.locator('.action-widget .monaco-list-row.focused');
  for (let i = 0; i < 8 && !((await focused.textContent().catch(() => '')) ?? '').includes(label); i++) await wb.press('ArrowDown');
  assert.match((await focused.textContent()) ?? '', new RegExp(label));
  await wb.press('Enter');
  await page.locator('.action-widget').waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Accepts the pending inline edit in the active editor. */
async function accept(wb, page) {
  await lens(page, 'Accept').waitFor({ timeout: 60_000 });
  await wb.press('Control+Enter');
  await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
}

/** The Python steps: Generate Tests, tests added for a class method, a planted regression. */
async function pythonFlow({ wb, page, workspace }) {
  // The window is shared with the tests above: continuous tests may already be on.
  await wb.statusBarItem(/Tests: (off|on save)/, { timeoutMs: 120_000 });
  const dir = pyProject(workspace);
  await openPath(wb, page, join(dir, 'inventory.py'));
  await goToLine(wb, page, 5);
  await wb.runCommand('Flint: Generate Tests');
  await page.locator('.tabs-container .tab.active', { hasText: 'test_inventory.py' }).waitFor({ timeout: 30_000 });
  await accept(wb, page);
  await until('test_inventory.py on disk', () => readFileSync(join(dir, 'test_inventory.py'), 'utf8').includes('def test_total_adds_shipping'), 60_000);
  await waitForRow(wb, page, 'test_total_adds_shipping', 'passed');
  const userTests = readFileSync(join(dir, 'test_inventory.py'), 'utf8');

  if ((await wb.statusBarTexts()).some((t) => t.includes('Tests: off'))) await wb.runCommand('Flint: Toggle Continuous Tests');
  await wb.statusBarItem('Tests: on save');
  await openPath(wb, page, join(dir, 'inventory.py'));
  // A save asks tests only for the functions it changed: Cart.count, which has none.
  await replaceLine(wb, page, 13, '        return len(list(self.items))');
  await save(wb, page);
  const flintFile = join(dir, 'test_inventory_flint.py');
  const written = await until('test_inventory_flint.py', () => existsSync(flintFile) && readFileSync(flintFile, 'utf8'), 60_000);
  assert.match(written, /^from inventory import Cart$/m);
  assert.match(written, /^# flint:begin Cart\.count \w+$/m);
  await waitForRow(wb, page, 'test_count_counts_items', 'passed');

  await replaceLine(wb, page, 5, '    return sum(prices) - shipping');
  await save(wb, page);
  await toast(page, 'regression in total').waitFor({ timeout: 90_000 });
  await waitForRow(wb, page, 'test_total_adds_shipping', 'failed');
  assert.equal(readFileSync(join(dir, 'test_inventory.py'), 'utf8'), userTests, 'the user test file is untouched');
  assert.equal(readFileSync(flintFile, 'utf8'), written, "Flint's test file is untouched");
}

/** The "Flint Tests" output of the window, for a failure's report. */
function flintTestsOutput(server) {
  const found = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.includes('Flint Tests')) found.push(readFileSync(join(dir, e.name), 'utf8'));
    }
  };
  try {
    walk(join(server.dirs.ud, 'logs'));
  } catch {
    // No logs yet.
  }
  return found.join('\n').slice(-6000);
}

export const tests = [
  {
    name: 'Generate Tests on a TypeScript function and on a class method: pending edits of the user test files; accepted, they run and pass in the Test Explorer',
    timeoutMs: 300_000,
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
      await accept(wb, page);
      const written = await until('the accepted tests on disk', () => {
        const t = readFileSync(userTests, 'utf8');
        return t !== USER_TESTS && t;
      }, 60_000);
      assert.ok(written.startsWith(USER_TESTS.trimEnd()), 'the hand-written tests come first, unchanged');
      assert.match(written, /it\('multiplies width by height'/);
      await waitForRow(wb, page, 'multiplies width by height', 'passed');
      await waitForRow(wb, page, 'of a unit square is 4', 'passed');

      // A class method, found by the parser: its lens, and a new test file at the conventional path.
      await openPath(wb, page, join(dir, 'src', 'rect.ts'));
      await lens(page, 'Flint: Generate Tests').waitFor({ timeout: 20_000 });
      await goToLine(wb, page, 8);
      await wb.runCommand('Flint: Generate Tests');
      await page.locator('.tabs-container .tab.active', { hasText: 'rect.test.ts' }).waitFor({ timeout: 30_000 });
      await accept(wb, page);
      await until('rect.test.ts on disk', () => readFileSync(join(dir, 'src', 'rect.test.ts'), 'utf8').includes('new Rect(3, 4).diagonalSquared()'), 60_000);
      await waitForRow(wb, page, 'adds the squares of both sides', 'passed');
    },
  },
  {
    name: 'continuous tests: a planted regression is red with a diagnostic naming the test and no test file changes; Update the test applies only on Accept; Fix the code restores passing tests',
    timeoutMs: 480_000,
    async run({ wb, page, workspace }) {
      await wb.statusBarItem('Tests: off', { timeoutMs: 120_000 });
      const dir = tsProject(workspace, 'shapes');
      const source = join(dir, 'src', 'shapes.ts');
      const flintFile = join(dir, 'src', 'shapes.flint.test.ts');
      const userTests = join(dir, 'src', 'shapes.test.ts');
      await openPath(wb, page, source);
      await (await wb.statusBarItem('Tests: off')).click();
      await wb.statusBarItem('Tests: on save');

      // First save changes area, which has no tests: the user's tests of perimeter run, area gets Flint's.
      await replaceLine(wb, page, 3, '  return h * w;');
      await save(wb, page);
      await page.locator('.part.statusbar .statusbar-item', { hasText: 'Tests: on save' }).locator('.codicon-pulse').first().waitFor({ timeout: 30_000 });
      const flint = await until("Flint's test file", () => existsSync(flintFile) && readFileSync(flintFile, 'utf8'), 60_000);
      assert.match(flint, /^\/\/ flint:begin area \w+$/m);
      assert.doesNotMatch(flint, /flint:begin perimeter/, 'perimeter has tests of its own: Flint adds none');
      await waitForRow(wb, page, 'multiplies width by height', 'passed');
      await waitForRow(wb, page, 'of a unit square is 4', 'passed');

      // Plant a regression (+ becomes -) and save: the existing test fails, red, with a diagnostic, and nothing is rewritten.
      await wb.press('Control+1');
      await replaceLine(wb, page, 7, '  return 2 * (w - h);');
      const savedAt = Date.now();
      await save(wb, page);
      const regression = toast(page, 'regression in perimeter');
      await regression.waitFor({ timeout: 90_000 });
      const verdictMs = Date.now() - savedAt;
      await waitForRow(wb, page, 'of a unit square is 4', 'failed');
      await wb.press('Control+1');
      await waitForSquiggle(page, 'export function perimeter');
      assert.equal(readFileSync(userTests, 'utf8'), USER_TESTS, 'the failing test is left as it was');
      assert.equal(readFileSync(flintFile, 'utf8'), flint, "Flint's test file is left as it was");
      assert.match((await wb.statusBarTexts()).join(' | '), /shapes\.test\.ts: 1 regression/, 'the status bar names the file and the regression');
      await wb.press('Control+Shift+M');
      const problem = page.locator('.markers-panel .monaco-list-row', { hasText: 'of a unit square is 4' }).first();
      await problem.waitFor({ timeout: 10_000 });
      assert.match((await problem.textContent()).replace(/\u00a0/g, ' '), /Regression: "perimeter \(hand-written\) > of a unit square is 4".*passed before and fails now/);
      await wb.screenshot('tests-regression');
      await wb.press('Control+Shift+M');
      console.log(`      save to regression shown: ${verdictMs} ms`);

      // Update the test (an intended change): a pending edit of that test; the file changes only on Accept.
      // From the notification, or (once it has gone to the notification center) the diagnostic's Quick Fix.
      if (await regression.isVisible()) await regression.locator('.monaco-button', { hasText: 'Update the test' }).click();
      else await quickFix(wb, page, 6, 'Update the test');
      await page.locator('.tabs-container .tab.active', { hasText: 'shapes.test.ts' }).waitFor({ timeout: 20_000 });
      await lens(page, 'Accept').waitFor({ timeout: 60_000 });
      assert.equal(readFileSync(userTests, 'utf8'), USER_TESTS, 'nothing is written before Accept');
      await accept(wb, page);
      await until('the updated test on disk', () => readFileSync(userTests, 'utf8').includes('expect(perimeter(1, 1)).toBe(0);'), 60_000);
      await waitForRow(wb, page, 'of a unit square is 4', 'passed');

      // Another regression, in area; Fix the code from the diagnostic's Quick Fix restores passing tests.
      await openPath(wb, page, source);
      await replaceLine(wb, page, 3, '  return w / h;');
      await save(wb, page);
      await toast(page, 'regression in area').waitFor({ timeout: 90_000 });
      await waitForRow(wb, page, 'multiplies width by height', 'failed');
      await wb.press('Control+1');
      await waitForSquiggle(page, 'export function area');
      await quickFix(wb, page, 2, 'Fix the code');
      await accept(wb, page);
      await save(wb, page);
      assert.match(readFileSync(source, 'utf8'), /return w \* h;/);
      await waitForRow(wb, page, 'multiplies width by height', 'passed');
      assert.equal(readFileSync(flintFile, 'utf8'), flint, "Flint's test file is left as it was");
    },
  },
  {
    name: 'Python on pytest: Generate Tests creates test_inventory.py; continuous tests add tests for a class method and report a planted regression without touching the tests',
    timeoutMs: 300_000,
    async run(ctx) {
      try {
        await pythonFlow(ctx);
      } catch (err) {
        console.log(flintTestsOutput(ctx.server));
        throw err;
      }
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
