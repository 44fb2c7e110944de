// Driving background tasks from the command palette, finding their rows in the Tasks view, and
// reading a task as the window saved it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { until } from '../until.mjs';
import { readTaskFile } from './taskFile.mjs';

/** Runs Flint: Start Background Task from the palette (its instruction box opens, or a refusal shows). */
export async function runStartTask(wb) {
  // Through the workbench's palette helper: F1 pressed while a webview (the chat) has the focus
  // is swallowed by its frame, and the row must be the focused one before Enter.
  return wb.pickCommand('Flint: Start Background Task');
}

/** Starts a task with `instruction` and returns its row in the Tasks view. */
export async function startTask(wb, page, instruction) {
  const input = await runStartTask(wb);
  await page.locator('.quick-input-widget', { hasText: 'What should the background task do?' }).waitFor({ timeout: 20_000 });
  await input.fill(instruction);
  await page.keyboard.press('Enter');
  return taskRow(wb, page, instruction);
}

/** The Tasks view's row of the task started with `instruction`, the view focused. */
export async function taskRow(wb, page, instruction) {
  await wb.runCommand('Flint: Focus on Tasks View');
  const row = page.locator('.pane-body .monaco-list-row', { hasText: instruction }).first();
  await row.waitFor({ timeout: 20_000 });
  return row;
}

/**
 * The task started with `instruction` as the window saved it (its whole log, working copy and
 * conversation; the log view renders only the lines in sight), once `ready(record)` holds. Tasks
 * are saved under the extension's storage: `…/workspaceStorage/<id>/flint.flint/tasks/<task>.json`.
 */
export async function savedTask(server, instruction, ready = () => true, timeoutMs = 30_000) {
  return until(`the saved task "${instruction}"${ready.name ? ` (${ready.name})` : ''}`, async () => {
    for (const dir of taskFolders(server.dirs.ud)) {
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
        let record;
        try {
          record = await readTaskFile(readFileSync(join(dir, name), 'utf8'));
        } catch {
          continue; // replaced or appended to while read: the next poll reads it again
        }
        if (record.instruction === instruction && ready(record)) return record;
      }
    }
    return undefined;
  }, timeoutMs, 200);
}

/** The folders the window saves tasks in (per workspace, or global without one). */
function taskFolders(ud) {
  const roots = [join(ud, 'User', 'globalStorage')];
  const perWorkspace = join(ud, 'User', 'workspaceStorage');
  if (existsSync(perWorkspace)) roots.push(...readdirSync(perWorkspace).map((d) => join(perWorkspace, d)));
  return roots.map((r) => join(r, 'flint.flint', 'tasks')).filter((d) => existsSync(d));
}
