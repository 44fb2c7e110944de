// A background task from start to apply in a real VS Code, on the local endpoint's scripted full
// model replaying a multi-turn tool conversation: the task renames a function used in three
// files of its working copy while the user's files stay byte for byte the same; the Tasks view
// shows it done; its review opens and Accept All applies it to the user's files; the task and its
// working copy are then gone.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprint, touched } from '../../../support/e2e/folderFingerprint.mjs';
import { answers, openChat, send } from '../../../support/e2e/chatPanel.mjs';
import { instruct, lens, openPath, selectLines } from '../../../support/e2e/editActions.mjs';
import { until } from '../../../support/until.mjs';
import { startTask } from '../../../support/e2e/tasksView.mjs';

// Each model turn waits a little, so the task runs long enough to be watched while it runs.
export const endpoint = { engine: 'scripted', args: ['--script', 'test/fixtures/tasks/rename.script.json', '--full-delay-ms', '700'] };
export const settings = { 'flint.completions.enable': { '*': false }, 'flint.nextEdit.enable': { '*': false } };
export const openFile = 'src/scratch.js';

const FILES = {
  'src/mathUtil.js': 'export function addNumbers(a, b) {\n  return a + b;\n}\n',
  'src/cart.js': "import { addNumbers } from './mathUtil.js';\n\nexport function cartTotal(items) {\n  return items.reduce((t, i) => addNumbers(t, i.price), 0);\n}\n",
  'src/stats.js': "import { addNumbers } from './mathUtil.js';\n\nexport const total = (xs) => xs.reduce(addNumbers, 0);\n",
};
const RENAMED = Object.fromEntries(Object.entries(FILES).map(([p, t]) => [p, t.replaceAll('addNumbers', 'sumNumbers')]));

export function prepareWorkspace(workspace) {
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(workspace, 'src'), { recursive: true });
    writeFileSync(join(workspace, path), text);
  }
}

const INSTRUCTION = 'rename addNumbers to sumNumbers everywhere';

export const tests = [
  {
    name: 'a task renames a function in its working copy, is reviewed and Accept All applies it',
    timeoutMs: 150_000,
    async run({ wb, page, workspace }) {
      await wb.waitForEditor({ name: 'scratch.js' });
      const before = fingerprint(workspace);
      const row = await startTask(wb, page, INSTRUCTION);

      // While it runs, the user's files do not change: checked at every poll until it is done.
      let polls = 0;
      let sawRunning = false;
      const done = await until('the task done in the Tasks view', async () => {
        const t = (await row.innerText()).replace(/\s+/g, ' ');
        assert.deepEqual(touched(before, fingerprint(workspace)), [], `no file of the user folder changed while the task ran (${t})`);
        polls++;
        sawRunning ||= /running/.test(t);
        if (/failed|stopped/.test(t)) assert.fail(`the task ended without finishing: ${t}`);
        return /done/.test(t) ? t : undefined;
      }, 90_000);
      assert.ok(sawRunning, 'the view showed the task running before it was done');
      assert.ok(polls > 10, `the user folder was checked while the task ran (${polls} times)`);
      assert.match(done, /done · \d+ s · 7 turns · .* tokens · 3 files changed/, `the row shows the finished task: ${done}`);
      assert.deepEqual(touched(before, fingerprint(workspace)), [], 'no file of the user folder changed by the task itself');
      // A wider side bar shows the row's figures whole; hovering shows its actions (Review among them).
      const bar = await page.locator('.part.sidebar').boundingBox();
      await page.mouse.move(bar.x + bar.width - 1, bar.y + bar.height / 2);
      await page.mouse.down();
      await page.mouse.move(bar.x + 640, bar.y + bar.height / 2, { steps: 8 });
      await page.mouse.up();
      await row.hover();
      const pane = await row.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " pane ")][1]').boundingBox();
      await wb.screenshot('tasks-view', { clip: { x: pane.x, y: pane.y, width: Math.min(pane.width, 700), height: Math.min(pane.height, 80) } });

      // The log shows the tool calls with their arguments (the editor renders its first lines only).
      await row.click();
      await page.locator('.tabs-container .tab', { hasText: '.log' }).first().waitFor({ timeout: 20_000 });
      const log = await wb.editorText();
      assert.ok(log.includes('▸ read_file({"path":"src/mathUtil.js"})') && log.includes('▸ edit_file({"path":"src/mathUtil.js"'), `the log lists the tool calls: ${log.slice(0, 600)}`);

      await wb.runCommand('Flint: Review Task Result');
      await page.locator('.tabs-container .tab', { hasText: 'Task result' }).first().waitFor({ timeout: 20_000 });
      // The diff's task side is the task's text (the snapshot's on the other side).
      await page.locator('.monaco-editor .view-line', { hasText: 'export function sumNumbers(a, b) {' }).first().waitFor({ timeout: 20_000 });
      // No notification piles up over the review: the Tasks view showed the row (with its Review) when the task
      // ended, and opening the review adds none of its own.
      await page.waitForTimeout(1000);
      const toasts = await page.locator('.notifications-toasts .notification-toast').allTextContents();
      assert.deepEqual(toasts.filter((t) => /Flint task|changed by the task/.test(t)), [], `no task notification over the review: ${JSON.stringify(toasts)}`);
      await wb.runCommand('Flint: Accept All of Task Result');
      await until('the rename applied to the user files', () => Object.entries(RENAMED).every(([p, t]) => readFileSync(join(workspace, p), 'utf8') === t), 30_000);
      for (const [p, t] of Object.entries(RENAMED)) assert.equal(readFileSync(join(workspace, p), 'utf8'), t, `${p} holds the task's text`);
      assert.deepEqual(touched(before, fingerprint(workspace)).sort(), Object.keys(FILES).sort(), 'only the three renamed files changed');
      // The review is over: the task and its working copy are removed.
      await row.waitFor({ state: 'detached', timeout: 20_000 });
    },
  },
  {
    name: '/task in chat starts a background task with the conversation so far',
    timeoutMs: 90_000,
    async run({ wb, page, workspace }) {
      // A plain file in front: the chat attaches the active editor's selection.
      await openPath(wb, page, join(workspace, 'src/scratch.js'));
      const frame = await openChat(wb, page);
      await send(frame, 'what does addNumbers do?');
      await until('the chat answer', async () => (await answers(frame).last().getAttribute('data-status')) === 'done', 30_000);
      await send(frame, '/task rename addNumbers to sumNumbers from the chat');
      await until('the composer cleared', async () => (await frame.locator('.composer textarea').inputValue()) === '', 10_000);
      assert.equal(await answers(frame).count(), 1, 'no chat message was sent for /task');
      await openLogWhenSettled(wb, page, 'rename addNumbers to sumNumbers from the chat', 'The chat came along.');
    },
  },
  {
    name: '/task in the inline-edit box starts a background task focused on its lines',
    timeoutMs: 90_000,
    async run({ wb, page, workspace }) {
      await openPath(wb, page, join(workspace, 'src/cart.js'));
      await selectLines(wb, page, 3, 5);
      await instruct(wb, page, '/task explain the focus');
      await openLogWhenSettled(wb, page, 'explain the focus', 'The focus came along.');
      assert.equal(await lens(page, 'Accept').isVisible(), false, 'no inline edit was started');
      assert.equal(readFileSync(join(workspace, 'src/cart.js'), 'utf8'), FILES['src/cart.js'].replaceAll('addNumbers', 'sumNumbers'));
    },
  },
];

/** Waits for the task's row to show it done, opens its log and checks the model's text in it (the script answers so only when the context arrived). */
async function openLogWhenSettled(wb, page, instruction, expected) {
  await wb.runCommand('Flint: Focus on Tasks View');
  const row = page.locator('.pane-body .monaco-list-row', { hasText: instruction }).first();
  await row.waitFor({ timeout: 20_000 });
  const state = await until('the task settled', async () => {
    const t = await row.innerText();
    return /done|failed|stopped/.test(t) && t;
  }, 30_000);
  assert.match(state, /done/, `the task is done: ${state}`);
  // The tab's label is the title shortened.
  const tab = page.locator('.tabs-container .tab.active', { hasText: instruction.slice(0, 30) });
  await row.click();
  await tab.waitFor({ timeout: 10_000 });
  await until(`the log showing "${expected}" (the model got the context)`, async () => (await wb.editorText()).includes(expected), 20_000);
}
