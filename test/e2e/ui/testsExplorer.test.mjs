// The Test Explorer in a real VS Code with a real vitest: a project's test files are listed
// when the window opens (and again after a reload) before anything runs; one test runs alone;
// Cancel stops the run's processes, and so does closing the window; Run with Coverage shows in
// the Test Coverage view and the editor's gutter which lines the tests reach.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPath } from '../../../support/e2e/editActions.mjs';
import { explorerRows, runRow, vitestProject, waitForRow } from '../../../support/e2e/testExplorer.mjs';
import { isAlive } from '../../../support/e2e/processTree.mjs';
import { until } from '../../../support/until.mjs';

export const settings = {
  'flint.completions.enable': { '*': false },
  'flint.tests.timeoutMs': 120_000,
};

const PAIR_TESTS = `import { describe, expect, it } from 'vitest';

describe('pair', () => {
  it('one', () => {
    expect(1).toBe(1);
  });

  it('two', () => {
    expect(2).toBe(2);
  });
});
`;

/** A test that says where its process is and then waits a minute: the run Cancel must stop. */
const SLOW_TESTS = (pidFile) => `import { writeFileSync } from 'node:fs';
import { it } from 'vitest';

it('sleeps', async () => {
  writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
  await new Promise((resolve) => setTimeout(resolve, 60_000));
}, 120_000);
`;

const CALC = `export function add(a: number, b: number): number {
  return a + b;
}

export function sub(a: number, b: number): number {
  return a - b;
}
`;

const CALC_TESTS = `import { expect, it } from 'vitest';
import { add } from './calc';

it('adds', () => {
  expect(add(2, 3)).toBe(5);
});
`;

const PROJECT = 'listed';

/** The project is there before the window opens: its tests must be listed without a run. */
export function prepareWorkspace(workspace) {
  const dir = join(workspace, PROJECT);
  vitestProject(workspace, PROJECT, {
    'src/pair.test.ts': PAIR_TESTS,
    'src/slow.test.ts': SLOW_TESTS(join(dir, 'slow.pid')),
    'src/calc.ts': CALC,
    'src/calc.test.ts': CALC_TESTS,
  });
}


const labels = async (wb, page) => (await explorerRows(wb, page)).map((r) => r.label);
const listed = (wb, page, titles) => until(`${titles.join(', ')} listed in the Test Explorer`, async () => {
  const all = await labels(wb, page);
  return titles.every((t) => all.some((l) => l.includes(t)));
}, 60_000);

/** Starts the slow test and waits for its process to say where it is. */
async function startSlow(wb, page, dir) {
  const pidFile = join(dir, 'slow.pid');
  writeFileSync(pidFile, '');
  await runRow(wb, page, 'sleeps');
  const pid = Number(await until('the slow test to start', () => existsSync(pidFile) && readFileSync(pidFile, 'utf8'), 60_000));
  assert.ok(isAlive(pid));
  return pid;
}

async function reload(wb, page) {
  await wb.open(page.url());
  await wb.waitForDevelopmentHost();
  await wb.statusBarItem(/Tests: (off|on save)/, { timeoutMs: 60_000 });
}

/** Line numbers of the active editor with their coverage mark: "hit", "miss" or "" (none). */
const coverageMarks = (page) => page.evaluate(() => Object.fromEntries(
  [...document.querySelectorAll('.editor-instance .monaco-editor .margin-view-overlays .line-numbers')].map((d) => [d.textContent.trim(), /coverage-deco-hit/.test(d.className) ? 'hit' : /coverage-deco-miss/.test(d.className) ? 'miss' : '']),
));

export const tests = [
  {
    name: 'the test files are listed when the window opens, before any run, and a new project as it is written (a removed one leaves); one test runs alone; Cancel stops the run and its processes; a reload stops the running tests and lists them again',
    timeoutMs: 300_000,
    async run({ wb, page, workspace }) {
      const dir = join(workspace, PROJECT);
      await wb.statusBarItem(/Tests: (off|on save)/, { timeoutMs: 120_000 });
      await listed(wb, page, ['one', 'two', 'sleeps', 'adds']);
      assert.ok((await explorerRows(wb, page)).every((r) => !/testing-(passed|failed)/.test(r.icon)), 'nothing has run yet');
      // A project written behind the editor's back: the Refresh button reads the workspace again; removed, its rows go.
      vitestProject(workspace, 'extra', { 'src/more.test.ts': PAIR_TESTS.replace("'pair'", "'more'").replace("'one'", "'three'") });
      await wb.runCommand('Test: Refresh Tests');
      await listed(wb, page, ['three']);
      rmSync(join(workspace, 'extra'), { recursive: true, force: true });
      await wb.runCommand('Test: Refresh Tests');
      await until('the removed project to leave the list', async () => !(await labels(wb, page)).some((l) => l.includes('three')), 60_000);

      await runRow(wb, page, 'one');
      await waitForRow(wb, page, 'one', 'passed');
      const two = (await explorerRows(wb, page)).find((r) => r.label.includes('two'));
      assert.doesNotMatch(two.icon, /testing-(passed|failed)/, 'only the asked test ran');

      const pid = await startSlow(wb, page, dir);
      // The Testing view's own Cancel button (shown while a run is under way).
      await page.locator('.action-label[aria-label^="Cancel Test Run"]').first().click({ timeout: 10_000 });
      await until("the cancelled run's processes to be gone", () => !isAlive(pid), 15_000);

      // A reload while the slow test runs: the window's runs stop with it, and the tests are listed again before anything runs.
      const running = await startSlow(wb, page, dir);
      await reload(wb, page);
      await until('the run of the closed window to be gone', () => !isAlive(running), 15_000);
      await listed(wb, page, ['one', 'two', 'sleeps', 'adds']);
    },
  },
  {
    name: 'Run Test with Coverage: the editor marks the source lines the tests reach and those they leave untested',
    timeoutMs: 180_000,
    async run({ wb, page, workspace }) {
      await wb.statusBarItem(/Tests: (off|on save)/, { timeoutMs: 120_000 });
      await listed(wb, page, ['adds']);
      await runRow(wb, page, 'calc.test.ts', 'Run Test with Coverage');
      await waitForRow(wb, page, 'adds', 'passed', 120_000);
      // The Test Coverage view lists the source with its share of statements reached; the test file is not measured.
      const coverageView = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /test coverage/i }) });
      const row = coverageView.locator('.monaco-list-row', { hasText: 'calc.ts' }).first();
      await row.waitFor({ timeout: 30_000 });
      assert.match(await row.textContent(), /50(\.0+)?%/);
      assert.equal(await coverageView.locator('.monaco-list-row', { hasText: 'calc.test.ts' }).count(), 0);
      await openPath(wb, page, join(workspace, PROJECT, 'src', 'calc.ts'));
      // calc.ts: `add` (lines 1-3) runs, `sub` (lines 5-7) is never called.
      const marks = await until('coverage marks in the gutter of calc.ts', async () => {
        const m = await coverageMarks(page);
        return m['2'] && m['6'] ? m : undefined;
      }, 30_000);
      assert.equal(marks['2'], 'hit', `return a + b is reached: ${JSON.stringify(marks)}`);
      assert.equal(marks['6'], 'miss', `return a - b is not: ${JSON.stringify(marks)}`);
      await wb.screenshot('tests-coverage');
    },
  },
];
