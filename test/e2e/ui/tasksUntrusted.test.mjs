// Background tasks in an untrusted workspace, in a real VS Code with workspace trust on: starting
// one says why it cannot run (Flint sends nothing to a model there, and no command runs); no
// request leaves the editor, so the scripted model's command, which would leave a file behind,
// never runs. Once the workspace is trusted, the same task asks consent for that command.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRecordingRelay } from '../../../support/e2e/recordingRelay.mjs';
import { runStartTask } from '../../../support/e2e/tasksView.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'flint-task-untrusted-'));
process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
const MARK = join(scratch, 'command-ran');
const COMMAND = `node ${join(scratch, 'mark.mjs')}`;
writeFileSync(join(scratch, 'mark.mjs'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(MARK)}, 'ran');\n`);
writeFileSync(join(scratch, 'script.json'), JSON.stringify({
  rules: [{ match: { user: 'untrusted check, write the marker', turn: 0 }, reply: { calls: [{ name: 'run_command', arguments: { command: COMMAND } }] } }],
  defaults: { chat: 'You said: {{user}}', completion: '' },
}));

export const endpoint = { engine: 'scripted', args: ['--script', join(scratch, 'script.json')] };
export const openFile = 'src/scratch.js';
// A code-server of its own with workspace trust on; the window opens untrusted, without asking.
export const workspaceTrust = true;

let relay;
export const settings = async (ep) => {
  relay = await startRecordingRelay(() => ep.origin);
  return {
    'security.workspace.trust.enabled': true,
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.untrustedFiles': 'open',
    'flint.fast.url': relay.wsUrl,
    'flint.full.url': relay.httpUrl,
  };
};

const INSTRUCTION = 'untrusted check, write the marker';

export const tests = [
  {
    name: 'in an untrusted workspace a task does not start, nothing is sent and no command runs; trusted, the command asks consent',
    timeoutMs: 120_000,
    async run({ wb, page }) {
      await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 30_000 });
      await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
      await runStartTask(wb);
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'background tasks cannot run in an untrusted workspace' }).first();
      await toast.waitFor({ timeout: 20_000 });
      assert.match(await toast.innerText(), /a task runs no command/);
      assert.equal(await page.locator('.quick-input-widget', { hasText: 'What should the background task do?' }).isVisible(), false, 'no instruction was asked for');
      await wb.runCommand('Flint: Focus on Tasks View');
      assert.equal(await page.locator('.pane-body .monaco-list-row', { hasText: INSTRUCTION }).count(), 0, 'no task was listed');
      assert.deepEqual(relay.requests, [], 'no request left the editor');
      assert.equal(existsSync(MARK), false, 'no command ran');

      // Trusted, the same task reaches the model and its command waits for consent (denied here).
      await toast.getByRole('button', { name: 'Manage Workspace Trust' }).click();
      await page.locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust$/ }).first().click({ timeout: 15_000 });
      await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ state: 'detached', timeout: 15_000 });
      await runStartTask(wb);
      const input = page.locator('.quick-input-widget input');
      await page.locator('.quick-input-widget', { hasText: 'What should the background task do?' }).waitFor({ timeout: 20_000 });
      await input.fill(INSTRUCTION);
      await page.keyboard.press('Enter');
      const ask = page.locator('.notifications-toasts .notification-toast', { hasText: 'wants to run' }).first();
      await ask.waitFor({ timeout: 30_000 });
      assert.ok((await ask.innerText()).replace(/\s+/g, ' ').includes(COMMAND), 'the command asks consent');
      await ask.getByRole('button', { name: 'Deny' }).click();
      assert.equal(existsSync(MARK), false, 'the denied command did not run');
      assert.ok(relay.holding(INSTRUCTION).length >= 1, 'the trusted task reached the model');
    },
  },
];
