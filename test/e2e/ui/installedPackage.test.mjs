// Flint as a user installs it: the .vsix `npm run package` builds (scripts/packageVsix.mjs: a
// production bundle, the .vscodeignore applied) installed into a code-server of its own with
// `--install-extension`, a window opened without the checkout as the extension under
// development, and ghost text from the local endpoint through the installed copy.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { e2ePaths } from '../../../scripts/installE2E.mjs';
import { packageVsix } from '../../../scripts/packageVsix.mjs';
import { startCodeServer } from '../../../support/e2e/codeServer.mjs';
import { endpointSettings, startEndpoint } from '../../../support/e2e/endpoint.mjs';

const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'completions', 'e2eGhostText.json');
const INSTALL_LIMIT_MS = 120_000;

export const loadFromSource = false;

/** The code-server's folders, where the package is installed before it starts. */
let dataDir;

/** Installs `vsix` into `dataDir`'s extensions folder with code-server's own command. */
async function install(groups, vsix) {
  const { codeServerEntry } = e2ePaths();
  const home = join(dataDir, 'home');
  mkdirSync(home, { recursive: true });
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local'), EXTENSIONS_GALLERY: '{}' };
  delete env.OPENAI_API_KEY;
  const child = groups.spawn(process.execPath, [codeServerEntry, '--install-extension', vsix, '--extensions-dir', join(dataDir, 'ext'), '--user-data-dir', join(dataDir, 'ud')], { env });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  const code = await new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`--install-extension took over ${INSTALL_LIMIT_MS / 1000} s`)), INSTALL_LIMIT_MS);
    child.on('exit', (c) => { clearTimeout(timer); res(c); });
  }).finally(() => groups.stop(child));
  assert.equal(code, 0, `code-server --install-extension failed:\n${out}`);
  assert.match(out, /was successfully installed/, out);
}

export async function launch(groups) {
  const scratch = mkdtempSync(join(tmpdir(), 'flint-vsix-'));
  dataDir = mkdtempSync(join(tmpdir(), 'flint-installed-'));
  groups.onStop(() => {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });
  const { path } = await packageVsix({ out: join(scratch, 'flint.vsix'), quiet: true });
  await install(groups, path);
  const endpoint = await startEndpoint(groups, { engine: 'scripted', args: ['--script', FIXTURE] });
  const server = await startCodeServer(groups, { dataDir });
  return {
    server,
    endpoint,
    settings: {
      ...endpointSettings(endpoint),
      'editor.inlineSuggest.enabled': true,
      'flint.nextEdit.enable': { '*': false },
    },
  };
}

export const tests = [
  {
    name: 'the window runs the installed package, not the checkout',
    timeoutMs: 30_000,
    async run({ page }) {
      const installed = readdirSync(join(dataDir, 'ext')).filter((d) => d.startsWith('flint.flint-'));
      assert.equal(installed.length, 1, `one installed copy of Flint: ${installed.join(', ')}`);
      const dir = join(dataDir, 'ext', installed[0]);
      assert.ok(existsSync(join(dir, 'dist', 'extension.js')), 'the bundle is installed');
      assert.ok(existsSync(join(dir, 'dist', 'spawner.js')), 'the process spawner is installed');
      // What the .vscodeignore keeps out stays out of the installed copy too.
      for (const absent of ['src', 'test', 'bench', 'support', 'models', 'dist/extension.js.map']) {
        assert.ok(!existsSync(join(dir, absent)), `${absent} is not in the installed copy`);
      }
      const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
      assert.equal(installed[0], `flint.flint-${version}`);
      assert.ok(!(await page.title()).includes('Extension Development Host'), 'no extension under development');
    },
  },
  {
    name: 'ghost text comes from the local endpoint through the installed copy',
    timeoutMs: 120_000,
    async run({ wb, workspace }) {
      mkdirSync(join(workspace, 'src'), { recursive: true });
      writeFileSync(join(workspace, 'src', 'installed.js'), '');
      const item = await wb.statusBarItem('Flint', { timeoutMs: 60_000 });
      await item.locator('.codicon-zap').waitFor({ timeout: 60_000 });
      await wb.openFile('src/installed.js');
      await wb.type('const items = [3, 4];\nconst offset = 1;\nlet total = ', { delayMs: 40 });
      const ghost = await wb.waitForGhostText({ contains: 'items.length + offset;', timeoutMs: 30_000 });
      assert.match(ghost, /items\.length \+ offset;/);
    },
  },
];
