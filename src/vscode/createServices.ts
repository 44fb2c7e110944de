import * as vscode from 'vscode';
import { COMPLETION_INSTRUCTIONS } from '../completions/completionPrompt';
import { resolveApiKey } from '../config/apiKey';
import type { Config } from '../config/config';
import { redactingLogger } from '../log/redactingLogger';
import { formatRequestLog } from '../metrics/formatRequestLog';
import { createMetricsStore, type MetricsStore } from '../metrics/metricsStore';
import { createRouter } from '../router/createRouter';
import type { Services } from '../services';
import { createModelClient } from '../transport/createModelClient';
import { ModelError } from '../transport/modelError';
import { RefusedClient } from '../transport/refusedClient';
import type { ModelClient } from '../transport/modelClient';
import { readConfig } from './settingsReader';

export const API_KEY_SECRET = 'flint.apiKey';

export interface FlintServices extends Services {
  metricsStore: MetricsStore;
  /** Rebuild the clients (settings or key changed). */
  reconnect(): Promise<void>;
  onClientsChange(listener: () => void): () => void;
  showLog(): void;
}

/**
 * Builds the services the adapters share. Clients are rebuilt when a flint.* setting or the
 * stored key changes, so the user never reloads the window.
 */
export async function createServices(context: vscode.ExtensionContext): Promise<FlintServices> {
  const channel = vscode.window.createOutputChannel('Flint', { log: true });
  context.subscriptions.push(channel);
  let apiKey: string | undefined;
  const log = redactingLogger(channel, () => (apiKey ? [apiKey] : []));

  let config: Config = loadConfig();
  const configListeners = new Set<(c: Config) => void>();
  const clientListeners = new Set<() => void>();
  const activeListeners = new Set<() => void>();
  let active = 0;
  const notifyActive = () => {
    for (const l of activeListeners) l();
  };
  const metricsStore = createMetricsStore({ log });

  function loadConfig(): Config {
    const { config: c, problems } = readConfig();
    for (const p of problems) {
      log.warn(p.message);
      void vscode.window.showWarningMessage(p.message, 'Open Settings').then((pick) => {
        if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', p.setting);
      });
    }
    return c;
  }

  const build = (role: 'fast' | 'full'): ModelClient =>
    createModelClient({
      role,
      url: role === 'fast' ? config['fast.url'] : config['full.url'],
      model: role === 'fast' ? config['fast.model'] : config['full.model'],
      apiKey,
      httpApi: config['http.api'],
      allowInsecure: config['network.allowInsecure'],
      firstTokenTimeoutMs: config['request.firstTokenTimeoutMs'],
      stallTimeoutMs: config['request.stallTimeoutMs'],
      // Ghost text is the surface where the first request's latency shows most: warm its prompt.
      instructions: COMPLETION_INSTRUCTIONS,
      log,
    });

  apiKey = await resolveApiKey({ secret: () => Promise.resolve(context.secrets.get(API_KEY_SECRET)), env: process.env });
  // An untrusted workspace sends nothing: its clients refuse every request until trust is granted.
  const untrusted = (role: 'fast' | 'full'): ModelClient =>
    new RefusedClient(
      'http',
      role === 'fast' ? config['fast.model'] : config['full.model'],
      role === 'fast' ? config['fast.url'] : config['full.url'],
      new ModelError('config', 'This workspace is not trusted: Flint sends nothing to any model until you trust it (Manage Workspace Trust).'),
      () => performance.now(),
    );
  let clients: { fast: ModelClient; full: ModelClient } | undefined;
  const ensureClients = () =>
    (clients ??= vscode.workspace.isTrusted ? { fast: build('fast'), full: build('full') } : { fast: untrusted('fast'), full: untrusted('full') });
  ensureClients();

  async function reconnect(): Promise<void> {
    apiKey = await resolveApiKey({ secret: () => Promise.resolve(context.secrets.get(API_KEY_SECRET)), env: process.env });
    const old = clients;
    clients = undefined;
    ensureClients();
    old?.fast.dispose();
    old?.full.dispose();
    log.info(`connection settings changed: fast ${config['fast.url']} (${config['fast.model']}), full ${config['full.url']} (${config['full.model']})`);
    for (const l of clientListeners) l();
  }

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('flint')) return;
      const before = config;
      config = loadConfig();
      for (const l of configListeners) l(config);
      const transportKeys = ['fast.url', 'fast.model', 'full.url', 'full.model', 'http.api', 'network.allowInsecure', 'request.firstTokenTimeoutMs', 'request.stallTimeoutMs'] as const;
      if (transportKeys.some((k) => before[k] !== config[k])) void reconnect();
    }),
    context.secrets.onDidChange((e) => {
      if (e.key === API_KEY_SECRET) void reconnect();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void reconnect()),
    { dispose: () => { clients?.fast.dispose(); clients?.full.dispose(); } },
  );

  return {
    config: () => config,
    onConfigChange(listener) {
      configListeners.add(listener);
      return () => configListeners.delete(listener);
    },
    fast: () => ensureClients().fast,
    full: () => ensureClients().full,
    log,
    metrics: {
      record(sample) {
        metricsStore.record(sample);
        const client = sample.route === 'fast' ? clients?.fast : clients?.full;
        // Ghost text finishes a request per keystroke: its lines go to the debug level.
        const line = `request: ${formatRequestLog(sample, client?.state.endpoint ?? '?')}`;
        if (sample.surface === 'completion') log.debug(line);
        else log.info(line);
      },
    },
    metricsStore,
    route: createRouter({ config: () => config, log }),
    now: () => performance.now(),
    beginGeneration() {
      active += 1;
      notifyActive();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        active -= 1;
        notifyActive();
      };
    },
    activeGenerations: () => active,
    onActiveGenerationsChange(listener) {
      activeListeners.add(listener);
      return () => activeListeners.delete(listener);
    },
    reconnect,
    showLog: () => channel.show(true),
    onClientsChange(listener) {
      clientListeners.add(listener);
      return () => clientListeners.delete(listener);
    },
  };
}
