// In-host suite: runs inside the real extension host (loaded through `extensionTestsPath`), so
// it sees Flint exactly as VS Code does. VS Code calls run() and exits with its outcome.
const assert = require('node:assert/strict');
const vscode = require('vscode');

const EXTENSION_ID = 'flint.flint';

async function waitFor(predicate, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const tests = [
  ['Flint is installed as the extension under development', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} not found among ${vscode.extensions.all.length} extensions`);
    assert.equal(ext.extensionKind, vscode.ExtensionKind.Workspace);
  }],
  ['Flint activates on startup without being asked', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    // activationEvents is onStartupFinished: it must become active by itself.
    await waitFor(() => ext.isActive, 15_000, `${EXTENSION_ID} to activate`);
  }],
  ['every command Flint contributes is registered', async () => {
    const contributed = vscode.extensions.getExtension(EXTENSION_ID).packageJSON.contributes.commands.map((c) => c.command);
    assert.ok(contributed.length > 0, 'the manifest contributes no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((c) => !registered.has(c));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  }],
];

/** Runs every test, prints one line each, rejects when any failed (VS Code then exits non-zero). */
exports.run = async function run() {
  let failed = 0;
  for (const [name, fn] of tests) {
    const t0 = Date.now();
    try {
      await fn();
      console.log(`[suite] ok   ${name} (${Date.now() - t0} ms)`);
    } catch (err) {
      failed += 1;
      console.log(`[suite] FAIL ${name}: ${err && err.message}`);
    }
  }
  console.log(`[suite] ${tests.length - failed} passed, ${failed} failed`);
  if (failed > 0) throw new Error(`${failed} in-host test(s) failed`);
};
