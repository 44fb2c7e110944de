// Continuous tests on a Python project on pytest whose tests Flint has never run, in a real
// VS Code: the first save of a planted bug is reported as a regression (its tests run on the text
// as it was opened, in a copy of the project); it lands on the function that changed although
// another function holds three nested helpers of one name; and the bug undone and saved at once,
// while Flint is still writing tests for another changed function, clears the regression with no
// other action (and those tests are written on the fix's save).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { editorText, goToLine, openPath } from '../../../support/e2e/editActions.mjs';
import { walk } from '../../../support/e2e/flintLog.mjs';
import { waitForRow } from '../../../support/e2e/testExplorer.mjs';
import { until } from '../../../support/until.mjs';

export const endpoint = { engine: 'scripted', args: ['--script', 'test/fixtures/tests/testsOnSave.script.json'] };

export const settings = {
  'flint.completions.enable': { '*': false },
  'flint.review.trigger': 'off',
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
  'editor.autoIndent': 'none',
  'editor.formatOnSave': false,
  'flint.tests.timeoutMs': 120_000,
  'flint.tests.continuous': 'onSave',
};

const CALC = `"""Calculations."""


def scale(x, k):
    return x * k


def outer(xs):
    def helper(x):
        return x + 1
    ys = [helper(x) for x in xs]
    def helper(x):
        return x * 2
    zs = [helper(y) for y in ys]
    def helper(x):
        return x - 3
    return [helper(z) for z in zs]


def half(x):
    return x / 2
`;

// The test of scale calls it by another name: nothing but the change says which function it is about.
const TESTS = `from calc import outer, scale as grow


def test_grow_doubles():
    assert grow(2, 2) == 4


def test_outer():
    assert outer([1]) == [1]
`;

function project(workspace) {
  const dir = join(workspace, 'calcs');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'pytest.ini'), '[pytest]\n');
  writeFileSync(join(dir, 'calc.py'), CALC);
  writeFileSync(join(dir, 'test_calc.py'), TESTS);
  return dir;
}

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

/** The line numbers (1-based) that carry an error squiggle in the active editor. */
function squiggleLines(page) {
  return page.evaluate(() => {
    const editor = document.querySelector('.editor-instance .monaco-editor');
    const tops = new Set([...editor.querySelectorAll('.view-overlays > div')].filter((d) => d.querySelector('.squiggly-error')).map((d) => d.style.top));
    return [...editor.querySelectorAll('.margin-view-overlays > div')].filter((d) => tops.has(d.style.top)).map((d) => Number(d.querySelector('.line-numbers')?.textContent)).filter((n) => n > 0).sort((a, b) => a - b);
  });
}

async function waitForSquiggles(page, want, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  let seen = [];
  while (Date.now() < deadline) {
    seen = await squiggleLines(page);
    if (JSON.stringify(seen) === JSON.stringify(want)) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(seen, want, 'the lines with a regression squiggle');
}

const toast = (page, text) => page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
const busy = (page) => page.locator('.part.statusbar .statusbar-item', { hasText: 'Tests: on save' }).locator('.codicon-pulse').first();

export const tests = [
  {
    name: 'pytest, never run before: a first-save regression is reported on the changed function beside nested helpers of one name; undone and saved at once while Flint is busy, it clears',
    timeoutMs: 300_000,
    async run({ wb, page, workspace, endpoint: ep, server }) {
      await wb.statusBarItem('Tests: on save', { timeoutMs: 120_000 });
      const dir = project(workspace);
      await openPath(wb, page, join(dir, 'calc.py'));
      // Writing tests takes a while: Flint is still at it when the fix is saved.
      await ep.setKnobs({ firstTokenDelayMs: 8_000 });

      // half changes (it has no tests: Flint will write some), then the bug in scale.
      await replaceLine(wb, page, 21, '    return x / 2.0');
      await replaceLine(wb, page, 5, '    return x - k');
      const savedAt = Date.now();
      await save(wb, page);
      await toast(page, 'regression in scale').waitFor({ timeout: 90_000 });
      console.log(`      first save to regression shown: ${Date.now() - savedAt} ms`);
      await waitForSquiggles(page, [4]);
      await busy(page).waitFor({ timeout: 10_000 });

      // Undone (Ctrl+Z until the line is back: the edit stops the work under way, as typing does) and saved at once, nothing else done.
      for (let i = 0; i < 40; i++) {
        const before = await editorText(page);
        if (before.includes('return x * k')) break;
        await wb.press('Control+Z');
        // Under load the view draws an undo a moment later: the text is read again once it did, so no undo goes too far.
        await until('the undo drawn', async () => (await editorText(page)) !== before || undefined, 3_000).catch(() => undefined);
      }
      assert.match(await editorText(page), /return x \* k/);
      assert.match(await editorText(page), /return x \/ 2\.0/, 'only the bug was undone');
      const fixedAt = Date.now();
      await save(wb, page);
      await waitForSquiggles(page, [], 60_000);
      console.log(`      fix saved to regression cleared: ${Date.now() - fixedAt} ms`);
      await ep.setKnobs({ firstTokenDelayMs: 0 });
      await waitForRow(wb, page, 'test_grow_doubles', 'passed');
      await waitForRow(wb, page, 'test_outer', 'passed');
      // The tests of half, cut short by the undo, are written on the fix's save.
      await until('test_calc_flint.py with the tests of half', () => existsSync(join(dir, 'test_calc_flint.py')) && readFileSync(join(dir, 'test_calc_flint.py'), 'utf8').includes('def test_half_of_four'), 60_000);

      // Every save read the deny list (files.exclude, a resource-scoped setting): never without a resource.
      const hostLogs = walk(join(server.dirs.ud, 'logs')).filter((f) => /exthost[^/]*\.log$/.test(f));
      assert.ok(hostLogs.length > 0, 'the extension host logs');
      for (const f of hostLogs) assert.doesNotMatch(readFileSync(f, 'utf8'), /without providing a resource[^\n]*files\.exclude/, f);
    },
  },
];
