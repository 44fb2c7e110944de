// The guards around background tasks in a real VS Code, on the local endpoint's scripted full
// model: a command asks consent and Deny is honoured (the model reads the refusal, the command
// never ran); Stop kills the running test process and keeps the working copy and log; a window
// reload mid-task shows it stopped, and Resume finishes it from its last completed turn; a
// deny-listed file the model asks for is refused and its content is in no request Flint sent
// (a relay in front of the endpoint keeps every one); "Run as background task" on a chat answer
// starts a task with that request and the chat so far; a command that leaves a server running in
// the background returns, and the server is stopped with it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answers, openChat, send } from '../../../support/e2e/chatPanel.mjs';
import { startRecordingRelay } from '../../../support/e2e/recordingRelay.mjs';
import { until } from '../../../support/until.mjs';
import { startTask, taskRow } from '../../../support/e2e/tasksView.mjs';
import { ancestors, carrying, environOf, isAlive } from '../../../support/e2e/processTree.mjs';

/** The extension's process spawner `pid` runs under, if it does. */
const spawnerOf = (pid) => ancestors(pid).find((p) => /\bdist\/spawner\.js\b/.test(p.cmdline))?.pid;

// Outside the workspace and its working copies: where the commands leave their traces.
const scratch = mkdtempSync(join(tmpdir(), 'flint-task-guards-'));
process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
const CONSENT_MARK = join(scratch, 'consent-ran');
const SLOW_PID = join(scratch, 'slow.pid');
const WAIT_PID = join(scratch, 'wait.pid');
const WAITED = join(scratch, 'waited');
const SERVER_PID = join(scratch, 'server.pid');
const SECRET = `SECRET_${randomBytes(8).toString('hex')}`;
const MARK_COMMAND = `node ${join(scratch, 'mark.mjs')}`;
const WAIT_COMMAND = `node ${join(scratch, 'wait.mjs')}`;
// A server started in the background, holding the command's output.
const SERVER_COMMAND = `node ${join(scratch, 'server.mjs')} & echo started`;
writeFileSync(join(scratch, 'server.mjs'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(SERVER_PID)}, String(process.pid));\nsetInterval(() => {}, 1000);\n`);
writeFileSync(join(scratch, 'mark.mjs'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(CONSENT_MARK)}, 'ran');\n`);
// Waits until killed the first time; a second run (after Resume) finds the mark and ends at once.
writeFileSync(join(scratch, 'wait.mjs'), [
  "import { existsSync, writeFileSync } from 'node:fs';",
  `if (existsSync(${JSON.stringify(WAITED)})) { console.log('waited already'); process.exit(0); }`,
  `writeFileSync(${JSON.stringify(WAITED)}, '');`,
  `writeFileSync(${JSON.stringify(WAIT_PID)}, String(process.pid));`,
  'setTimeout(() => {}, 120_000);',
  '',
].join('\n'));

const calls = (...list) => ({ calls: list.map(([name, args]) => ({ name, arguments: args })) });
writeFileSync(join(scratch, 'script.json'), JSON.stringify({
  rules: [
    { match: { toolOutput: 'the user denied running' }, reply: 'Denied: the marker was not written.' },
    { match: { user: 'consent check, write the marker', turn: 0 }, reply: calls(['run_command', { command: MARK_COMMAND }]) },
    { match: { user: 'stop check, run the slow tests', turn: 0 }, reply: calls(['run_tests', {}]) },
    { match: { toolOutput: 'waited already' }, reply: 'Resumed and finished.' },
    { match: { toolOutput: 'Created notes/resumed.txt' }, reply: calls(['run_command', { command: WAIT_COMMAND }]) },
    { match: { user: 'resume check, note then wait', turn: 0 }, reply: calls(['create_file', { path: 'notes/resumed.txt', content: 'written before the reload\n' }]) },
    { match: { toolOutput: 'is a secret file' }, reply: 'The .env file is secret: not read.' },
    { match: { toolOutput: 'left running in the background were stopped' }, reply: 'The server stopped with its command.' },
    { match: { user: 'leftover check, start a server', turn: 0 }, reply: calls(['run_command', { command: SERVER_COMMAND }]) },
    { match: { user: 'secret check, read the env file', turn: 0 }, reply: calls(['read_file', { path: '.env' }]) },
    { match: { user: { regex: '^Task: split the shapes module[\\s\\S]*The conversation so far:\\nUser: /fast what is in the shapes module\\?[\\s\\S]*Assistant: You said: split the shapes module' } }, reply: 'The chat answer came along.' },
  ],
  defaults: { chat: 'You said: {{user}}', completion: '' },
}));

export const endpoint = { engine: 'scripted', args: ['--script', join(scratch, 'script.json')] };
export const openFile = 'src/scratch.js';

let relay;
export const settings = async (ep) => {
  relay = await startRecordingRelay(() => ep.origin);
  return {
    'flint.fast.url': relay.wsUrl,
    'flint.full.url': relay.httpUrl,
    'flint.completions.enable': { '*': false },
    'flint.nextEdit.enable': { '*': false },
    'flint.tasks.allowedCommands': [WAIT_COMMAND, SERVER_COMMAND],
  };
};

export function prepareWorkspace(workspace) {
  writeFileSync(join(workspace, '.env'), `API_TOKEN=${SECRET}\n`);
  // The project's test command (allowed without asking): a test that writes where it runs, then waits.
  writeFileSync(join(workspace, 'package.json'), JSON.stringify({ name: 'guards', private: true, scripts: { test: 'node slow.test.mjs' } }));
  writeFileSync(join(workspace, 'slow.test.mjs'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(SLOW_PID)}, JSON.stringify({ pid: process.pid, parent: process.ppid, cwd: process.cwd() }));\nsetTimeout(() => {}, 120_000);\n`);
}


/** Waits for the row to show one of `states`, and returns its text. */
const rowIn = (row, states, timeoutMs = 60_000) => until(`the task ${states.source}`, async () => {
  const t = (await row.innerText()).replace(/\s+/g, ' ');
  return states.test(t) ? t : undefined;
}, timeoutMs);

/** Opens the task's log with one click on its (settled) row and returns the log's text. */
async function openLog(wb, page, row, instruction, expected) {
  await row.click();
  await page.locator('.tabs-container .tab.active', { hasText: instruction.slice(0, 30) }).waitFor({ timeout: 10_000 });
  return until(`the log showing "${expected}"`, async () => {
    const text = await wb.editorText();
    return text.includes(expected) ? text : undefined;
  }, 20_000);
}

export const tests = [
  {
    name: 'a command asks consent with its folder; Deny reaches the model as a tool error and the command never runs',
    timeoutMs: 120_000,
    async run({ wb, page }) {
      const instruction = 'consent check, write the marker';
      const row = await startTask(wb, page, instruction);
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'wants to run' }).first();
      await toast.waitFor({ timeout: 30_000 });
      const asked = (await toast.innerText()).replace(/\s+/g, ' ');
      assert.ok(asked.includes(MARK_COMMAND), `the exact command is shown: ${asked}`);
      assert.match(asked, /in \/\S+ \(its working copy of \/\S+\)/, `the folder it runs in is shown: ${asked}`);
      await rowIn(row, /waiting for consent/, 10_000);
      await toast.getByRole('button', { name: 'Deny' }).click();
      assert.match(await rowIn(row, /done|failed|stopped/), /done/);
      const log = await openLog(wb, page, row, instruction, 'Denied: the marker was not written.');
      assert.ok(log.includes('the user denied running'), `the log shows the refusal the model read: ${log.slice(0, 800)}`);
      assert.equal(existsSync(CONSENT_MARK), false, 'the denied command never ran');
    },
  },
  {
    name: "Stop kills the task's running test process and keeps its working copy and log",
    timeoutMs: 120_000,
    async run({ wb, page, workspace }) {
      const instruction = 'stop check, run the slow tests';
      const row = await startTask(wb, page, instruction);
      const ran = JSON.parse(await until('the slow test running', () => existsSync(SLOW_PID) && readFileSync(SLOW_PID, 'utf8'), 60_000));
      assert.ok(isAlive(ran.pid), 'the test process runs');
      assert.ok(spawnerOf(ran.pid), 'the test process was started by the process spawner, not the extension host');
      assert.notEqual(ran.cwd, workspace, 'the tests run in the working copy, not in the user folder');
      await wb.runCommand('Flint: Stop Background Task');
      assert.match(await rowIn(row, /done|failed|stopped/, 20_000), /stopped/);
      await until('the test process and its parent gone', () => !isAlive(ran.pid) && !isAlive(ran.parent), 15_000);
      const log = await openLog(wb, page, row, instruction, 'stopped by you');
      const copy = /working copy \((?:copy|git worktree)\): (\S+)/.exec(log)?.[1];
      assert.ok(copy && existsSync(copy), `the working copy is kept: ${copy}`);
      assert.ok(existsSync(join(copy, 'slow.test.mjs')), 'the working copy holds the project');
      assert.ok(ran.cwd.startsWith(copy), `the tests ran in the working copy (${ran.cwd})`);
    },
  },
  {
    name: 'a window reload mid-task shows it stopped with its log and changes, and Resume finishes it from the last completed turn',
    timeoutMs: 180_000,
    async run({ wb, page }) {
      const instruction = 'resume check, note then wait';
      await startTask(wb, page, instruction);
      const pid = Number(await until('the second turn running its command', () => existsSync(WAIT_PID) && readFileSync(WAIT_PID, 'utf8'), 60_000));
      assert.ok(isAlive(pid));
      const spawner = spawnerOf(pid);
      assert.ok(spawner, 'the command was started by the process spawner');
      // Every process the spawner started carries its owner mark, by which none may outlive the window.
      const mark = environOf(spawner).find((e) => e.startsWith('FLINT_SPAWN_OWNER='));
      assert.ok(mark && carrying(mark).includes(pid), `the command carries its spawner's mark (${mark})`);
      await wb.open(page.url());
      await wb.waitForDevelopmentHost();
      await wb.statusBarItem('Flint', { timeoutMs: 60_000 });
      await until("the closed window's command and process spawner gone", () => !isAlive(pid) && !isAlive(spawner), 15_000);
      await until("no process of the closed window's spawner is left", () => carrying(mark).length === 0, 5_000);
      const after = await taskRow(wb, page, instruction);
      assert.match(await rowIn(after, /stopped/, 20_000), /stopped · \d+ s · \d+ turns? · .* · 1 file changed/);
      const log = await openLog(wb, page, after, instruction, 'the window was closed or reloaded');
      assert.ok(log.includes('▸ create_file({"path":"notes/resumed.txt"'), `the log of the first run is kept: ${log.slice(0, 800)}`);
      // The row's own Resume button (other stopped tasks may be listed).
      await after.hover();
      await after.locator('.action-label[aria-label="Resume Background Task"]').click({ timeout: 10_000 });
      assert.match(await rowIn(after, /done|failed/), /done · \d+ s · \d+ turns · .* · 1 file changed/);
      const resumed = await until('the log showing the end', async () => {
        const text = await wb.editorText();
        return text.includes('Resumed and finished.') ? text : undefined;
      }, 20_000);
      assert.equal(resumed.split('▸ create_file(').length - 1, 1, `the first turn was not done again: ${resumed.slice(0, 1200)}`);
    },
  },
  {
    name: 'a deny-listed file the model asks for is refused, and its content is in no request sent',
    timeoutMs: 120_000,
    async run({ wb, page }) {
      const instruction = 'secret check, read the env file';
      const row = await startTask(wb, page, instruction);
      assert.match(await rowIn(row, /done|failed|stopped/), /done/);
      const log = await openLog(wb, page, row, instruction, 'The .env file is secret: not read.');
      assert.ok(log.includes('✗ read_file({"path":".env"})'), `the log shows the call, failed: ${log.slice(0, 800)}`);
      assert.ok(log.includes("is a secret file (Flint's deny list)"), 'the read was refused');
      assert.ok(relay.holding(instruction).length >= 1, "the relay saw the task's requests");
      assert.ok(relay.holding('is a secret file').length >= 1, "the refusal reached the model");
      assert.deepEqual(relay.holding(SECRET), [], `the secret is in none of the ${relay.requests.length} requests sent`);
    },
  },
  {
    name: '"Run as background task" on a chat answer from the full model starts a task with its request and the chat so far',
    timeoutMs: 120_000,
    async run({ wb, page }) {
      const frame = await openChat(wb, page);
      await send(frame, '/fast what is in the shapes module?');
      await until('the first answer', async () => (await answers(frame).last().getAttribute('data-status')) === 'done', 30_000);
      await send(frame, '/deep split the shapes module');
      const full = answers(frame).last();
      await until('the full model\'s answer', async () => (await full.getAttribute('data-status')) === 'done' && (await full.innerText()).includes('You said: split the shapes module'), 30_000);
      assert.equal(await answers(frame).first().locator('button.run-task').count(), 0, 'a fast answer offers no task');
      await full.locator('button.run-task', { hasText: 'Run as background task' }).click();
      await frame.locator('.composer-status', { hasText: 'Background task started: split the shapes module' }).waitFor({ timeout: 20_000 });
      const row = await taskRow(wb, page, 'split the shapes module');
      assert.match(await rowIn(row, /done|failed|stopped/), /done/);
      await openLog(wb, page, row, 'split the shapes module', 'The chat answer came along.');
    },
  },
  {
    name: 'a command that leaves a server running in the background returns, and the server is stopped with it',
    timeoutMs: 120_000,
    async run({ wb, page }) {
      const instruction = 'leftover check, start a server';
      const started = Date.now();
      const row = await startTask(wb, page, instruction);
      const pid = Number(await until('the server running', () => existsSync(SERVER_PID) && readFileSync(SERVER_PID, 'utf8'), 60_000));
      assert.match(await rowIn(row, /done|failed|stopped/), /done/);
      // Its time limit is ten minutes: the command returned because it ended, not at the limit.
      assert.ok(Date.now() - started < 90_000, `the task ended in ${Date.now() - started} ms`);
      await until('the server gone', () => !isAlive(pid), 10_000);
      const log = await openLog(wb, page, row, instruction, 'The server stopped with its command.');
      assert.ok(log.includes('started'), `the command's own output is in the log: ${log.slice(0, 800)}`);
    },
  },
];
