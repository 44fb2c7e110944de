// Changing user settings in a running window. Flint reads the settings that decide where the API
// key goes (endpoint URLs, allowInsecure) from user settings only, and code-server does not
// re-read a user settings file changed behind its back. So these are changed the way a user
// does: "Preferences: Open User Settings (JSON)", the new content, save, close.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Flint settings with `"scope": "application"`: never read from a workspace. */
export const USER_ONLY_SETTINGS = new Set(['flint.fast.url', 'flint.full.url', 'flint.completions.url', 'flint.network.allowInsecure', 'flint.network.sendKeyToLoopback', 'flint.network.caFile']);

/** Splits a patch into what only user settings can carry and the rest. */
export function splitUserOnly(patch) {
  const user = {};
  const rest = {};
  for (const [k, v] of Object.entries(patch)) (USER_ONLY_SETTINGS.has(k) ? user : rest)[k] = v;
  return { user, rest };
}

function readUserSettings(server) {
  const file = join(server.dirs.user, 'settings.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/**
 * Applies `patch` to the running window's user settings through the settings editor and waits
 * until the file is saved. A null value removes the setting; values already in place are left
 * alone (the file on disk is what the window last read or wrote).
 */
export async function updateUserSettings(wb, server, patch, timeoutMs = 90_000) {
  const current = readUserSettings(server);
  const next = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === undefined) delete next[k];
    else next[k] = v;
  }
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  const page = wb.page;
  await wb.runCommand('Preferences: Open User Settings (JSON)');
  await page.locator('.tabs-container .tab.active', { hasText: 'settings.json' }).waitFor({ timeout: timeoutMs });
  const editor = page.locator('.editor-instance .monaco-editor').first();
  await editor.locator('.view-lines').click();
  await page.locator('.editor-instance .monaco-editor.focused').waitFor({ timeout: 10_000 });
  await page.keyboard.press('Control+A');
  // One line, inserted at once: no auto-closing of brackets or quotes, no auto-indent.
  await page.keyboard.insertText(JSON.stringify(next));
  const isSaved = () => {
    try {
      return JSON.stringify(readUserSettings(server)) === JSON.stringify(next);
    } catch {
      return false; // being written
    }
  };
  const deadline = Date.now() + timeoutMs;
  // A save key pressed while the editor still takes in the text can be lost: save again until
  // the file on disk holds the new settings.
  for (let attempt = 0; !isSaved(); attempt++) {
    if (Date.now() > deadline) throw new Error(`user settings ${JSON.stringify(Object.keys(patch))} were not saved within ${timeoutMs} ms`);
    if (attempt % 50 === 0) {
      if (attempt === 0) await page.keyboard.press('Control+S');
      else await wb.runCommand('File: Save').catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await page.keyboard.press('Control+W');
  // The file on disk holds the new settings; an editor that still thinks it has unsaved changes
  // (a save that raced the typing) asks before closing: its buffer is not needed.
  const ask = page.locator('.monaco-dialog-box', { hasText: 'Do you want to save' });
  if (await ask.waitFor({ timeout: 2_000 }).then(() => true, () => false)) await ask.getByRole('button', { name: "Don't Save" }).click();
  await page.locator('.tabs-container .tab', { hasText: 'settings.json' }).first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
}
