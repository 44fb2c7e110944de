// code-server (VS Code's workbench and extension host served over HTTP) with every folder it
// writes to inside one scratch directory: it never touches the real home.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2ePaths } from '../../scripts/installE2E.mjs';
import { freePort } from '../freePort.mjs';
import { waitForLine } from './processGroup.mjs';
import { killPids, processTable, processTree } from './processTree.mjs';

/** Settings every run starts from: quiet, deterministic, nothing phoning home. */
export const BASE_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'editor.quickSuggestions': { other: false, comments: false, strings: false },
  'editor.suggestOnTriggerCharacters': false,
  'editor.parameterHints.enabled': false,
  'editor.hover.enabled': false,
  'editor.minimap.enabled': false,
  'editor.inlineSuggest.enabled': true,
  'files.autoSave': 'off',
  'git.enabled': false,
  // The built-in language services are the heaviest thing in a window on a small machine:
  // keep TypeScript to its syntax server and stop every background auto-detection.
  'typescript.tsserver.useSyntaxServer': 'always',
  'typescript.disableAutomaticTypeAcquisition': true,
  'typescript.validate.enable': false,
  'javascript.validate.enable': false,
  'json.schemaDownload.enable': false,
  'npm.autoDetect': 'off',
  'task.autoDetect': 'off',
  'chat.commandCenter.enabled': false,
  'window.commandCenter': false,
  // Review on save sends its own requests on every save: only the review tests turn it on.
  'flint.review.trigger': 'off',
  // The harness writes user settings through the settings editor (userSettings.mjs): typed JSON
  // must arrive as typed, with no closing quote or bracket added.
  '[jsonc]': { 'editor.autoClosingBrackets': 'never', 'editor.autoClosingQuotes': 'never', 'editor.autoSurround': 'never', 'editor.formatOnType': false },
};

/**
 * Starts code-server on a 127.0.0.1 port (a free one unless `port` is given) in its own
 * process group. Every folder it writes to is a fresh scratch folder, deleted on stop, unless
 * `dataDir` names a folder to keep (user settings, secrets and state survive restarts).
 * @param {import('./processGroup.mjs').ProcessGroups} groups
 * `OPENAI_API_KEY` reaches the extension host only with `passApiKey` (tests never send a real key).
 * `workspaceTrust` keeps VS Code's workspace trust on (it is off otherwise, so that every window
 * opens trusted without a prompt).
 * @param {{ settings?: object, baseSettings?: object, env?: object, dataDir?: string, port?: number, args?: string[], passApiKey?: boolean, workspaceTrust?: boolean }} [options]
 */
export async function startCodeServer(groups, { settings = {}, baseSettings = BASE_SETTINGS, env = {}, dataDir, port, args = [], passApiKey = false, workspaceTrust = false } = {}) {
  const paths = e2ePaths();
  const scratch = dataDir ?? mkdtempSync(join(tmpdir(), 'flint-cs-'));
  if (!dataDir) groups.onStop(() => rmSync(scratch, { recursive: true, force: true }));
  const dirs = { home: 'home', config: 'config', data: 'data', tmp: 'tmp', ud: 'ud', ext: 'ext', user: 'ud/User' };
  for (const [k, v] of Object.entries(dirs)) mkdirSync((dirs[k] = join(scratch, v)), { recursive: true });
  const configFile = join(scratch, 'config.yaml');
  writeFileSync(configFile, 'auth: none\ncert: false\n');

  const server = {
    scratch,
    dirs,
    port: port ?? await freePort(),
    /**
     * Rewrites ud/User/settings.json. Windows read it when they open; code-server does not apply
     * later changes to a running window (use the window's workspace settings for that).
     */
    writeSettings(extra = {}) {
      writeFileSync(join(dirs.user, 'settings.json'), JSON.stringify({ ...baseSettings, ...extra }, null, 2));
    },
    get url() { return `http://127.0.0.1:${this.port}`; },
    /**
     * The workbench URL opening `folder` with the extensions under development and, optionally,
     * an in-host test suite (the workbench takes both from the URL payload).
     */
    pageUrl({ folder, extensionDevelopmentPaths = [], extensionTestsPath, openFile, line } = {}) {
      const remote = (p) => `vscode-remote://127.0.0.1:${this.port}${p}`;
      const payload = extensionDevelopmentPaths.map((p) => ['extensionDevelopmentPath', remote(p)]);
      if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
      // Opening the file from the payload saves a Quick Open round (seconds on a cold window).
      if (openFile) payload.push(['openFile', remote(line ? `${openFile}:${line}` : openFile)]);
      if (openFile && line) payload.push(['gotoLineMode', 'true']);
      const query = new URLSearchParams();
      if (folder) query.set('folder', folder);
      if (payload.length) query.set('payload', JSON.stringify(payload));
      return `${this.url}/?${query}`;
    },
    process: null,
    /**
     * Stops the extension hosts of closed windows. code-server keeps a disconnected window's
     * extension host (and what it spawned) for hours in case the window reconnects; across
     * many test windows they would pile up and slow every later test.
     */
    async stopExtensionHosts() {
      const table = processTable();
      const hosts = table.filter((p) => p.pgid === this.process.pid && p.cmdline.includes('--type=extensionHost'));
      await killPids(hosts.flatMap((h) => processTree(h.pid, table)));
    },
  };
  server.writeSettings(settings);

  const inherited = { ...process.env };
  if (!passApiKey) delete inherited.OPENAI_API_KEY;
  const child = groups.spawn(process.execPath, [
    paths.codeServerEntry,
    '--bind-addr', `127.0.0.1:${server.port}`,
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-update-check',
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--config', configFile,
    '--user-data-dir', dirs.ud,
    '--extensions-dir', dirs.ext,
    ...args,
  ], {
    env: {
      ...inherited,
      HOME: dirs.home,
      XDG_CONFIG_HOME: dirs.config,
      XDG_DATA_HOME: dirs.data,
      XDG_CACHE_HOME: join(dirs.home, '.cache'),
      TMPDIR: dirs.tmp,
      EXTENSIONS_GALLERY: '{}', // no marketplace: nothing to look up, no network errors in the log
      ...env,
    },
    logFile: join(scratch, 'code-server.log'),
  });
  server.process = child;
  server.stop = () => groups.stop(child);
  await waitForLine(child, /HTTP server listening on/, 30_000, 'code-server');
  await waitForHealthy(server.url, 10_000);
  return server;
}

async function waitForHealthy(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
      lastError = new Error(`HTTP ${res.status}`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`code-server at ${url} is not healthy: ${lastError?.message}`);
}
