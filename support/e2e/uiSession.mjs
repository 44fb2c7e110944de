// One code-server and one browser shared by every UI test file; each file gets a fresh window
// (its own extension host, so its own settings) on a fresh copy of the sample workspace.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchBrowser, newPage } from './browser.mjs';
import { startCodeServer } from './codeServer.mjs';
import { endpointSettings, startEndpoint } from './endpoint.mjs';
import { splitUserOnly, updateUserSettings } from './userSettings.mjs';
import { Workbench } from './workbench.mjs';

export const SAMPLE_WORKSPACE = resolve(import.meta.dirname, '..', '..', 'test', 'e2e', 'workspace');

export class UiSession {
  /**
   * @param {import('./processGroup.mjs').ProcessGroups} groups
   * @param {{ extensionPath: string, endpoint: object }} options the extension under test and the shared endpoint
   */
  constructor(groups, { extensionPath, endpoint }) {
    this.groups = groups;
    this.extensionPath = extensionPath;
    this.endpoint = endpoint;
    this.server = null;
    this.browser = null;
  }

  async start() {
    [this.server, this.browser] = await Promise.all([startCodeServer(this.groups), launchBrowser(this.groups)]);
  }

  /**
   * Every file gets a fresh window, but a file that crashed the shared browser or code-server
   * would fail every file after it: start a new one of whichever is gone (no test is rerun).
   */
  async reviveShared() {
    if (this.server.process.exitCode !== null || this.server.process.signalCode !== null) {
      console.log('[e2e] the shared code-server had exited: starting a new one');
      this.server = await startCodeServer(this.groups);
    }
    if (!this.browser.isConnected()) {
      console.log('[e2e] the shared browser had closed: starting a new one');
      this.browser = await launchBrowser(this.groups);
    }
  }

  /**
   * Opens a window for one test file. `spec` may export:
   *   settings(endpoint) or settings: extra user settings (the function may be async)
   *   endpoint: { engine, args } for a dedicated endpoint instead of the shared one
   *   openFile: workspace-relative file opened with the window
   *   extensions: more extension folders to load next to the one under test
   *   workspaceTrust: true for a code-server of its own with workspace trust on (the shared one
   *     has it off); its settings then decide how the window opens
   *   env: environment variables for a code-server of its own (its extension host sees them;
   *     `OPENAI_API_KEY` among them is passed on)
   *   workspaceSettings(endpoint) or workspaceSettings: the workspace's .vscode/settings.json as
   *     the repository ships it, written before the window opens
   *   prepareWorkspace(workspace): called on the fresh workspace copy before the window opens
   *   launch(groups): starts the model and code-server itself (as `npm start` does) and returns
   *     `{ server, endpoint, settings }`; the window opens there
   *   loadFromSource: false to open the window without the checkout as the extension under
   *     development (a file whose code-server has Flint installed from its package)
   */
  async openWindow(spec) {
    await this.reviveShared();
    // A file that starts Flint the way `npm start` does brings its own model and code-server.
    const launched = spec.launch ? await spec.launch(this.groups) : undefined;
    const endpoint = launched?.endpoint ?? (spec.endpoint ? await startEndpoint(this.groups, spec.endpoint) : this.endpoint);
    const extra = typeof spec.settings === 'function' ? await spec.settings(endpoint) : spec.settings ?? {};
    const server = launched?.server ?? (spec.workspaceTrust || spec.env
      ? await startCodeServer(this.groups, { workspaceTrust: Boolean(spec.workspaceTrust), env: spec.env ?? {} })
      : this.server);
    server.writeSettings({ ...(launched ? launched.settings : endpointSettings(endpoint)), ...extra });

    const workspace = mkdtempSync(join(tmpdir(), 'flint-ws-'));
    this.groups.onStop(() => rmSync(workspace, { recursive: true, force: true })); // when interrupted
    cpSync(SAMPLE_WORKSPACE, workspace, { recursive: true });
    const shipped = typeof spec.workspaceSettings === 'function' ? spec.workspaceSettings(endpoint) : spec.workspaceSettings;
    if (shipped) mergeWorkspaceSettings(workspace, shipped);
    await spec.prepareWorkspace?.(workspace);
    const page = await newPage(this.browser);
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const wb = new Workbench(page);
    await wb.open(server.pageUrl({
      folder: workspace,
      extensionDevelopmentPaths: [...(spec.loadFromSource === false ? [] : [this.extensionPath]), ...(spec.extensions ?? [])],
      openFile: spec.openFile ? join(workspace, spec.openFile) : undefined,
    }));
    if (spec.openFile) await wb.waitForEditor({ name: spec.openFile.split('/').pop() });

    return {
      wb,
      page,
      endpoint,
      workspace,
      // Settings written during a test reach this running window too: user-only ones (endpoint
      // URLs) through the window's user settings, the rest through its workspace settings.
      server: {
        ...server,
        writeSettings: async (extra = {}) => {
          const { user, rest } = splitUserOnly(extra);
          mergeWorkspaceSettings(workspace, rest);
          await updateUserSettings(wb, server, user);
        },
      },
      pageErrors: errors,
      /**
       * Applies `patch` to the running window: Flint's user-only settings (endpoint URLs,
       * allowInsecure) at the user level, every other one in the workspace's .vscode/settings.json.
       */
      setSettings: async (patch) => {
        const { user, rest } = splitUserOnly(patch);
        if (Object.keys(rest).length) mergeWorkspaceSettings(workspace, rest);
        await updateUserSettings(wb, server, user);
      },
      close: async () => {
        await page.context().close().catch(() => {});
        await server.stopExtensionHosts();
        if (server !== this.server) await server.stop();
        if (spec.endpoint || launched?.endpoint) await endpoint.stop();
        rmSync(workspace, { recursive: true, force: true });
      },
    };
  }
}

/**
 * code-server reads the user settings file only when a window opens, while the workspace's
 * .vscode/settings.json is watched: writing there is how a running window changes settings.
 */
function mergeWorkspaceSettings(workspace, patch) {
  const file = join(workspace, '.vscode', 'settings.json');
  const current = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  writeFileSync(file, JSON.stringify({ ...current, ...patch }, null, 2));
}
