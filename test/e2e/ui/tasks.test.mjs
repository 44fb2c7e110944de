// Background tasks in a real VS Code: a task started from the command palette appears in the
// Tasks view of Flint's side bar with its state and figures, the status bar and log follow it,
// and nothing in the user's folder changes.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { until } from '../../../support/until.mjs';
import { startTask } from '../../../support/e2e/tasksView.mjs';

/** Content hash and modification time of every file of the folder. */
function fingerprint(root, rel = '', out = new Map()) {
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) fingerprint(root, r, out);
    else if (e.isFile()) out.set(r, `${createHash('sha1').update(readFileSync(join(root, r))).digest('hex')} ${statSync(join(root, r)).mtimeMs}`);
  }
  return out;
}
const touched = (a, b) => [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));

export const openFile = 'src/scratch.js';

const INSTRUCTION = 'rename add to sum everywhere and update the tests';

export const tests = [
  {
    name: 'a task started from the command shows in the Tasks view, the user folder unchanged',
    timeoutMs: 120_000,
    async run({ wb, page, workspace }) {
      await wb.waitForEditor({ name: 'scratch.js' });
      const before = fingerprint(workspace);
      const row = await startTask(wb, page, INSTRUCTION);
      const text = await until('the task row with its figures', async () => {
        const t = (await row.innerText()).replace(/\s+/g, ' ');
        return /turns? · .* tokens · \d+ files? changed/.test(t) ? t : undefined;
      }, 20_000);
      assert.match(text, /(queued|running|waiting for consent|done|failed|stopped) · \d+ s · \d+ turns? · /, `the row shows state, time and turns: ${text}`);
      // Clicked once it has settled: a settled row is not redrawn, so one click opens its log.
      await until('the task settled', async () => /done|failed|stopped/.test(await row.innerText()), 30_000);
      await row.click();
      await page.locator('.tabs-container .tab', { hasText: '.log' }).first().waitFor({ timeout: 10_000 });
      const shown = await wb.editorText();
      assert.ok(shown.includes(`# ${INSTRUCTION}`), `the log opens with the task's instruction: ${shown.slice(0, 300)}`);
      assert.deepEqual(touched(before, fingerprint(workspace)), [], 'no file of the user folder changed');
    },
  },
];
