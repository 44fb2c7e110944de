// Runs test/e2e/suite/ inside the real extension host through @vscode/test-electron's runTests,
// with code-server standing in for the VS Code executable (codeServerLauncher.mjs).
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { SAMPLE_WORKSPACE } from './uiSession.mjs';

const E2E_DIR = resolve(import.meta.dirname, '..', '..', 'test', 'e2e');
export const LAUNCHER = join(E2E_DIR, 'codeServerLauncher.mjs');

/**
 * @param {import('./processGroup.mjs').ProcessGroups} groups removes the scratch folder when interrupted
 * @param {{ extensionPath: string, settings: object, timeoutMs?: number }} options
 * @returns {Promise<{ name: string, ok: boolean, error?: string }[]>} one entry per in-host test
 */
export async function runHostSuite(groups, { extensionPath, settings, timeoutMs = 120_000 }) {
  chmodSync(LAUNCHER, 0o755); // runTests executes it directly, like a VS Code binary
  const scratch = mkdtempSync(join(tmpdir(), 'flint-host-'));
  groups.onStop(() => rmSync(scratch, { recursive: true, force: true }));
  const report = join(scratch, 'suite.log');
  // A copy: in-host tests may edit and save files.
  const workspace = join(scratch, 'workspace');
  cpSync(SAMPLE_WORKSPACE, workspace, { recursive: true });
  let failure;
  try {
    await runTests({
      vscodeExecutablePath: LAUNCHER,
      extensionDevelopmentPath: extensionPath,
      extensionTestsPath: join(E2E_DIR, 'suite', 'index.js'),
      launchArgs: [workspace],
      extensionTestsEnv: {
        FLINT_E2E_SETTINGS: JSON.stringify(settings),
        FLINT_E2E_SUITE_REPORT: report,
        FLINT_E2E_TIMEOUT_MS: String(timeoutMs),
      },
    });
  } catch (err) {
    failure = err.message;
  }
  const lines = existsSync(report) ? readFileSync(report, 'utf8').split('\n') : [];
  rmSync(scratch, { recursive: true, force: true });
  const results = lines.flatMap((line) => {
    const m = line.match(/^\[suite\] (ok|FAIL)\s+(.+?)(?:: (.*)| \(\d+ ms\))$/);
    return m ? [{ name: `in-host: ${m[2]}`, ok: m[1] === 'ok', error: m[3] }] : [];
  });
  // A suite that failed without reporting a test (did not load, timed out) still counts once.
  if (failure && results.every((r) => r.ok)) results.push({ name: 'in-host suite', ok: false, error: failure });
  return results;
}
