// A bench window: a fresh copy of the sample workspace opened in code-server with one
// extension, warmed up (ghost text seen once), its workspace settings writable live.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newPage } from '../support/e2e/browser.mjs';
import { SAMPLE_WORKSPACE } from '../support/e2e/uiSession.mjs';
import { Workbench } from '../support/e2e/workbench.mjs';
import { warmUp } from './e2eProbe.mjs';

/** Exact typing (the document is the file): no auto-indent, no auto-closing, no suggest widget. */
export const EDITOR_SETTINGS = {
  'editor.autoIndent': 'none',
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
  'editor.autoSurround': 'never',
  'editor.formatOnType': false,
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'editor.suggestOnTriggerCharacters': false,
};

/**
 * Opens a window with one extension on a fresh copy of the sample workspace, warmed up.
 * `workspaceSettings` go to the copy's .vscode/settings.json: per window, unlike user settings.
 */
export async function openBenchWindow(groups, server, browser, extensionPath, workspaceSettings = {}) {
  const workspace = mkdtempSync(join(tmpdir(), 'flint-bench-ws-'));
  groups.onStop(() => rmSync(workspace, { recursive: true, force: true }));
  cpSync(SAMPLE_WORKSPACE, workspace, { recursive: true });
  mkdirSync(join(workspace, '.vscode'));
  mkdirSync(join(workspace, 'typing'));
  const settingsFile = join(workspace, '.vscode', 'settings.json');
  writeFileSync(settingsFile, JSON.stringify({ ...EDITOR_SETTINGS, ...workspaceSettings }));
  const page = await newPage(browser);
  const wb = new Workbench(page);
  // A busy machine (the point of the busy run, and often the case) opens windows slowly.
  await wb.open(server.pageUrl({ folder: workspace, extensionDevelopmentPaths: [extensionPath], openFile: join(workspace, 'src', 'scratch.js') }), { timeoutMs: 180_000 });
  await wb.waitForEditor({ name: 'scratch.js', timeoutMs: 120_000 });
  await wb.gotoEnd();
  await wb.type('const bench');
  await warmUp(page, { timeoutMs: 300_000 });
  /** Merges `patch` into this window's workspace settings (applied live). */
  const setSettings = (patch) => writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(readFileSync(settingsFile, 'utf8')), ...patch }));
  return { page, wb, workspace, setSettings };
}
