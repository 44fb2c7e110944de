// Background tasks in a real VS Code changing course and testing their work, on the local
// endpoint's scripted full model (test/fixtures/tasks/redirect.script.json): Redirect mid-task
// cuts the turn in flight, keeps the work so far, and the task then does what the new instruction
// says instead of its plan's next step; a task renames a function used in three files, adds a
// test for it and runs the project's tests in its working copy, the result reaching the model,
// while the user types in a fourth file with ghost text shown and the user's files stay byte for
// byte the same until the result is applied. A relay in front of the endpoint keeps every request.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPath } from '../../../support/e2e/editActions.mjs';
import { fingerprint, touched } from '../../../support/e2e/folderFingerprint.mjs';
import { ancestors, isAlive } from '../../../support/e2e/processTree.mjs';
import { startRecordingRelay } from '../../../support/e2e/recordingRelay.mjs';
import { savedTask, startTask } from '../../../support/e2e/tasksView.mjs';
import { until } from '../../../support/until.mjs';

// Each model turn waits a little, so the task runs long enough to be watched while it runs.
export const endpoint = { engine: 'scripted', args: ['--script', 'test/fixtures/tasks/redirect.script.json', '--full-delay-ms', '700'] };
export const openFile = 'src/scratch.js';

let relay;
export const settings = async (ep) => {
  relay = await startRecordingRelay(() => ep.origin);
  // Ghost text stays on (the default); next edit is off so the fast model's requests are ghost text's.
  return { 'flint.fast.url': relay.wsUrl, 'flint.full.url': relay.httpUrl, 'flint.nextEdit.enable': { '*': false } };
};

const FILES = {
  'src/mathUtil.js': 'export function addNumbers(a, b) {\n  return a + b;\n}\n',
  'src/cart.js': "import { addNumbers } from './mathUtil.js';\n\nexport function cartTotal(items) {\n  return items.reduce((t, i) => addNumbers(t, i.price), 0);\n}\n",
  'src/stats.js': "import { addNumbers } from './mathUtil.js';\n\nexport const total = (xs) => xs.reduce(addNumbers, 0);\n",
};
const RENAMED = Object.fromEntries(Object.entries(FILES).map(([p, t]) => [p, t.replaceAll('addNumbers', 'sumNumbers')]));
/** The fourth file, where the user types while the task runs. */
const REPORT = 'src/report.js';
const REPORT_TEXT = "import { cartTotal } from './cart.js';\n\n";

export function prepareWorkspace(workspace) {
  mkdirSync(join(workspace, 'src'), { recursive: true });
  for (const [path, text] of Object.entries(FILES)) writeFileSync(join(workspace, path), text);
  writeFileSync(join(workspace, REPORT), REPORT_TEXT);
  // The project's tests (allowed without asking): node's own runner over test/.
  writeFileSync(join(workspace, 'package.json'), JSON.stringify({ name: 'cart', private: true, type: 'module', scripts: { test: 'node --test' } }));
}

/** Waits for the row to show one of `states`, and returns its text. */
const rowIn = (row, states, timeoutMs = 60_000) => until(`the task ${states.source}`, async () => {
  const t = (await row.innerText()).replace(/\s+/g, ' ');
  return states.test(t) ? t : undefined;
}, timeoutMs);

/** The log's tool calls of a saved task: `name(args)` with their results. */
const toolCalls = (record) => record.log.filter((e) => e.kind === 'tool');
const logText = (record) => record.log.map((e) => e.text ?? `${e.name}(${e.args}) ${e.result}`).join('\n');

/** The extension's process spawner `pid` runs under, if it does. */
const spawnerOf = (pid) => ancestors(pid).find((p) => /\bdist\/spawner\.js\b/.test(p.cmdline))?.pid;

const NOTES = 'write two notes, one then two';
const REDIRECT = 'instead of the second note, write notes/redirected.txt';
const RENAME = 'rename addNumbers to sumNumbers, add a test';

export const tests = [
  {
    name: 'Redirect mid-task cuts the turn in flight, keeps the work so far, and the task does what the new instruction says',
    timeoutMs: 180_000,
    async run({ wb, page, workspace, endpoint: ep, server }) {
      relay.requests.length = 0;
      await openPath(wb, page, join(workspace, 'src/scratch.js'));
      const before = fingerprint(workspace);
      // The second turn streams a long plan at two tokens a second (about a minute): the redirect
      // lands while it is in flight. Set before the task starts: the endpoint reads it per request.
      const knobs = await ep.setKnobs({});
      await ep.setKnobs({ fullTokensPerSecond: 2 });
      try {
        await ep.clearRequests();
        const row = await startTask(wb, page, NOTES);
        await row.click();
        await page.locator('.tabs-container .tab.active', { hasText: NOTES.slice(0, 30) }).waitFor({ timeout: 20_000 });
        const streaming = await until('the second turn streaming its plan in the log', async () => {
          const text = await wb.editorText();
          return text.includes('Now the second note') ? text : undefined;
        }, 60_000);
        assert.ok(streaming.includes('▸ create_file({"path":"notes/one.txt"'), `the first turn's call is done: ${streaming.slice(0, 800)}`);
        assert.match(await row.innerText(), /running/);

        // The row's own Redirect action, then the new instruction in the box it opens.
        await row.hover();
        await row.locator('.action-label[aria-label="Redirect Background Task"]').click({ timeout: 10_000 });
        await page.locator('.quick-input-widget', { hasText: `New instruction for "${NOTES}"` }).waitFor({ timeout: 20_000 });
        await page.locator('.quick-input-widget input').fill(REDIRECT);
        await page.keyboard.press('Enter');

        const done = await rowIn(row, /done|failed|stopped/, 90_000);
        assert.match(done, /done · \d+ s · \d+ turns · .* · 2 files changed/, `the row shows the redirected task done: ${done}`);
        const record = await savedTask(server, NOTES, (r) => r.state === 'done');
        const log = logText(record);
        assert.equal(record.summary, 'Wrote notes/redirected.txt as redirected; the second note was left out.', 'the task ended as the new instruction led it');
        assert.ok(log.includes(`redirected: ${REDIRECT}`), `the log shows the redirect: ${log.slice(0, 1500)}`);
        assert.deepEqual(toolCalls(record).map((c) => JSON.parse(c.args).path), ['notes/one.txt', 'notes/redirected.txt'], 'the first note, then the redirected file: the plan\'s second note never');
        // The turn in flight was cut: its plan never finished streaming, and Flint left its stream before the end.
        assert.ok(log.includes('Now the second note') && !log.includes('END OF THE SECOND NOTE PLAN'), 'the cut turn streamed part of its plan only');
        const turns = relay.requests.filter((r) => r.kind === 'http' && (r.body.includes(NOTES) || r.body.includes('Created notes/')));
        assert.deepEqual(turns.map((r) => r.cut), [false, true, false, false], 'four turns, the second one cut');
        assert.ok(turns[1].body.includes('Created notes/one.txt') && !turns[1].body.includes(REDIRECT), 'the cut turn was the one after the first note');
        // The next turn's request carried the instruction; the script answers it only after two earlier responses (the work kept: the cut one too).
        const carried = relay.holding(REDIRECT).filter((r) => r.kind === 'http');
        assert.ok(carried.length >= 1, 'a request to the full model carried the new instruction');
        assert.ok(carried[0].body.includes('Created notes/one.txt'), 'with the first turn\'s result before it');
        assert.ok(carried[0].body.includes('Now the second note') && carried[0].body.indexOf('Now the second note') < carried[0].body.indexOf(REDIRECT), 'and the text the cut turn had streamed, before the instruction');

        // The work so far is kept in the working copy; the plan's second note never happened.
        const copy = record.workingCopy.root;
        assert.equal(readFileSync(join(copy, 'notes/one.txt'), 'utf8'), 'the first note\n', 'the first turn\'s file is kept');
        assert.equal(readFileSync(join(copy, 'notes/redirected.txt'), 'utf8'), 'written after the redirect\n');
        assert.equal(existsSync(join(copy, 'notes/two.txt')), false, 'the original plan\'s next step did not happen');
        assert.deepEqual(touched(before, fingerprint(workspace)), [], 'no file of the user folder changed');
        const toasts = await page.locator('.notifications-toasts .notification-toast').allTextContents();
        assert.deepEqual(toasts.filter((t) => /command not found/i.test(t)), [], 'the click on the running row ran its command');
      } finally {
        await ep.setKnobs({ fullTokensPerSecond: knobs.fullTokensPerSecond });
      }
    },
  },
  {
    name: 'a task renames a function in three files, adds a test and runs it in its working copy while the user types with ghost text in a fourth file',
    timeoutMs: 240_000,
    async run({ wb, page, workspace, server }) {
      await openPath(wb, page, join(workspace, 'src/scratch.js'));
      const before = fingerprint(workspace);
      const row = await startTask(wb, page, RENAME);

      // The user goes on in a fourth file: ghost text shows while the task runs.
      await openPath(wb, page, join(workspace, REPORT));
      await wb.gotoEnd();
      await wb.type('export const reportTitle = ', { delayMs: 40 });
      const ghost = await wb.waitForGhostText({ contains: "'Cart report';", timeoutMs: 60_000 });
      assert.ok(ghost.includes("'Cart report';"), `the ghost text: ${ghost}`);
      assert.match(await row.innerText(), /running|waiting/, 'the task runs while the ghost text shows');
      assert.deepEqual(touched(before, fingerprint(workspace)), [], 'no file of the user folder changed while the task ran');

      // The task's test run holds until this test removes the file it writes where it runs.
      const copy = realpathSync((await savedTask(server, RENAME, function withCopy(r) { return r.workingCopy?.root; })).workingCopy.root);
      const mark = join(copy, 'test-run.json');
      const ran = await until('the task running its tests', () => {
        try {
          return JSON.parse(readFileSync(mark, 'utf8'));
        } catch {
          return undefined;
        }
      }, 120_000, 200);
      assert.equal(ran.cwd, copy, 'the tests run in the working copy');
      assert.notEqual(ran.cwd, realpathSync(workspace), 'not in the user folder');
      assert.ok(isAlive(ran.pid) && spawnerOf(ran.pid), 'the test process runs under the process spawner');
      assert.match(await row.innerText(), /running/, 'the row says running while the tests run');
      assert.equal(readFileSync(join(copy, 'src/stats.js'), 'utf8'), RENAMED['src/stats.js'], 'the working copy holds the rename');
      assert.ok((await wb.ghostText()).includes("'Cart report';"), 'the ghost text is still shown');
      assert.deepEqual(touched(before, fingerprint(workspace)), [], 'no file of the user folder changed while the tests ran');
      rmSync(mark);

      // Every poll until it is done: the user's files are unchanged.
      const done = await until('the task done in the Tasks view', async () => {
        const t = (await row.innerText()).replace(/\s+/g, ' ');
        assert.deepEqual(touched(before, fingerprint(workspace)), [], `no file of the user folder changed while the task ran (${t})`);
        if (/failed|stopped/.test(t)) assert.fail(`the task ended without finishing: ${t}`);
        return /done/.test(t) ? t : undefined;
      }, 90_000);
      assert.match(done, /done · \d+ s · 9 turns · .* · 4 files changed/, `the row shows the finished task: ${done}`);
      const record = await savedTask(server, RENAME, (r) => r.state === 'done');
      const tests = toolCalls(record).find((c) => c.name === 'run_tests');
      assert.ok(tests.result.includes(`ran in ${copy}`) && /# pass 1\n# fail 0/.test(tests.result), `the test run's output is in the log: ${tests.result}`);
      // The script's answer quotes the pass count from the test output it was sent.
      assert.equal(record.summary, 'Renamed addNumbers to sumNumbers in three files and added test/sumNumbers.test.js; the tests pass (1 passed).');
      assert.ok(relay.holding('# pass 1').some((r) => r.kind === 'http'), 'the test result reached the model');
      assert.equal(existsSync(join(workspace, 'test')), false, 'the test file is in the working copy only');

      // Applied: only then do the user's files change (the fourth file, unsaved, not at all).
      await row.hover();
      await row.locator('.action-label[aria-label="Review Task Result"]').click({ timeout: 10_000 });
      await page.locator('.tabs-container .tab', { hasText: 'Task result' }).first().waitFor({ timeout: 20_000 });
      await wb.pickCommand('Flint: Accept All of Task Result');
      // The redirected task waits for review too; the review in front decides, and no "Which task?" is asked.
      const asked = page.locator('.quick-input-widget', { hasText: 'Which task?' });
      await until('the rename and the new test applied to the user files', async () => {
        assert.equal(await asked.isVisible(), false, 'Accept All asked which task with a review in front');
        return Object.entries(RENAMED).every(([p, t]) => readFileSync(join(workspace, p), 'utf8') === t) && existsSync(join(workspace, 'test/sumNumbers.test.js'));
      }, 30_000);
      const added = readFileSync(join(workspace, 'test/sumNumbers.test.js'), 'utf8');
      assert.match(added, /import \{ sumNumbers \} from '\.\.\/src\/mathUtil\.js';/);
      assert.deepEqual(touched(before, fingerprint(workspace)).sort(), [...Object.keys(FILES), 'test/sumNumbers.test.js'].sort(), 'the three renamed files and the test changed, nothing else');
      assert.equal(readFileSync(join(workspace, REPORT), 'utf8'), REPORT_TEXT, 'the fourth file, typed in but unsaved, is as it was on disk');
    },
  },
];
