import * as vscode from 'vscode';
import { COMPLETION_INSTRUCTIONS } from '../completions/completionPrompt';
import { resolveApiKey } from '../config/apiKey';
import type { Config } from '../config/config';
import type { KeyQuestion } from '../config/keyConsent';
import { bundledParserFiles, CodeParser } from '../context/codeParser';
import type { ContextHub } from '../context/contextHub';
import { createEmitter } from '../events/emitter';
import { redactingLogger } from '../log/redactingLogger';
import { formatRequestLog } from '../metrics/formatRequestLog';
import { createMetricsStore, type MetricsStore } from '../metrics/metricsStore';
import { createRouter } from '../router/createRouter';
import type { Services } from '../services';
import { createClientFactory } from '../transport/clientFactory';
import type { ModelClient } from '../transport/modelClient';
import { createContextHub } from './contextHub';
import { KeyConsentPrompt } from './keyConsentPrompt';
import { readNetworkSettings } from './networkSettingsReader';
import { readConfig } from './settingsReader';

export const API_KEY_SECRET = 'flint.apiKey';

export interface FlintServices extends Services {
  metricsStore: MetricsStore;
  /** Re-read the key and rebuild what changed. */
  reconnect(): Promise<void>;
  onClientsChange(listener: () => void): () => void;
  /** The user entered a new key: ask again about hosts they declined. */
  forgetDeniedHosts(): Promise<void>;
  /** Destinations waiting for the user's decision about the key, or refused it. */
  keyQuestions(): KeyQuestion[];
  /** Opens the question about the key again (the status bar's click). */
  askKeyAgain(): void;
  showLog(): void;
}

/**
 * Builds the services the adapters share. One client factory owns the key, trust, the
 * per-host key consent and the rebuilds, so the user never reloads the window.
 */
export async function createServices(context: vscode.ExtensionContext): Promise<FlintServices> {
  const channel = vscode.window.createOutputChannel('Flint', { log: true });
  context.subscriptions.push(channel);
  // Filled once the factory exists; the logger redacts the key in use at each call.
  let currentKey: () => string | undefined = () => undefined;
  const log = redactingLogger(channel, () => {
    const k = currentKey();
    return k ? [k] : [];
  });

  const reported = new Set<string>();
  let config: Config = loadConfig();
  let network = readNetworkSettings(config);
  const configChanged = createEmitter<Config>((err) => log.warn(`settings listener failed: ${String(err)}`));
  const clientsChanged = createEmitter((err) => log.warn(`client listener failed: ${String(err)}`));
  const activeChanged = createEmitter((err) => log.warn(`status listener failed: ${String(err)}`));
  let active = 0;
  const metricsStore = createMetricsStore({ log });
  const consent = new KeyConsentPrompt(context.globalState);

  function loadConfig(): Config {
    const { config: c, problems, ignored } = readConfig();
    for (const line of ignored) {
      // Once per setting and value: every settings change re-reads them all.
      if (reported.has(line)) continue;
      reported.add(line);
      log.warn(line);
    }
    for (const p of problems) {
      log.warn(p.message);
      void vscode.window.showWarningMessage(p.message, 'Open Settings').then((pick) => {
        if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', p.setting);
      });
    }
    return c;
  }

  const clients = await createClientFactory({
    config: () => config,
    readKey: () => resolveApiKey({ secret: () => Promise.resolve(context.secrets.get(API_KEY_SECRET)), env: process.env }),
    trusted: () => vscode.workspace.isTrusted,
    consent: (id) => consent.answer(id),
    askConsent: (destination) => consent.ask(destination),
    network: () => network,
    warmInstructions: COMPLETION_INSTRUCTIONS,
    log,
    now: () => performance.now(),
  });
  currentKey = () => clients.key();
  const offClients = clients.onChange((roles) => {
    if (roles.includes('fast') || roles.includes('full')) {
      log.info(`connection settings changed: fast ${config['fast.url']} (${config['fast.model']}), full ${config['full.url']} (${config['full.model']})`);
    }
    clientsChanged.emit();
  });

  const reconnect = () => clients.reloadKey();
  let parser: Promise<CodeParser | undefined> | undefined;
  // Every request passes the prompt recorder on its way out (Show Last Prompt). One wrapper per
  // client, so a client keeps its identity.
  let hub: ContextHub | undefined = undefined;
  const recorders = new WeakMap<ModelClient, ModelClient>();
  const recording = (client: ModelClient): ModelClient => {
    let wrapped = recorders.get(client);
    if (!wrapped) {
      wrapped = new Proxy(client, {
        get(target, prop) {
          if (prop === 'stream') {
            return (request: Parameters<ModelClient['stream']>[0]) => {
              hub?.prompts.record(request, target.model);
              return target.stream(request);
            };
          }
          const value: unknown = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      recorders.set(client, wrapped);
    }
    return wrapped;
  };

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      const flint = e.affectsConfiguration('flint');
      if (!flint && !e.affectsConfiguration('http')) return;
      if (flint) config = loadConfig();
      network = readNetworkSettings(config);
      if (flint) configChanged.emit(config);
      clients.refresh();
    }),
    context.secrets.onDidChange((e) => {
      if (e.key === API_KEY_SECRET) void reconnect();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => clients.refresh()),
    { dispose: offClients },
    { dispose: () => clients.dispose() },
  );

  const services: FlintServices = {
    config: () => config,
    onConfigChange: (listener) => configChanged.on(listener),
    fast: () => recording(clients.fast()),
    full: () => recording(clients.full()),
    infill: () => {
      const client = clients.infill();
      return client && recording(client);
    },
    log,
    metrics: {
      record(sample) {
        metricsStore.record(sample);
        const client = sample.route === 'fast' ? clients.fast() : clients.full();
        // Ghost text finishes a request per keystroke: its lines go to the debug level.
        const line = `request: ${formatRequestLog(sample, client.state.endpoint ?? '?')}`;
        if (sample.surface === 'completion') log.debug(line);
        else log.info(line);
      },
    },
    metricsStore,
    route: createRouter({ config: () => config, log }),
    now: () => performance.now(),
    parser: () =>
      (parser ??= CodeParser.load(bundledParserFiles(context.extensionPath)).catch((err: unknown) => {
        log.warn(`the code parser did not load (${err instanceof Error ? err.message : String(err)}): context falls back to plain text`);
        return undefined;
      })),
    beginGeneration() {
      active += 1;
      activeChanged.emit();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        active -= 1;
        activeChanged.emit();
      };
    },
    activeGenerations: () => active,
    onActiveGenerationsChange: (listener) => activeChanged.on(listener),
    reconnect,
    forgetDeniedHosts: () => consent.forgetDenied(),
    keyQuestions: () => clients.keyQuestions(),
    askKeyAgain: () => clients.askAgain(),
    showLog: () => channel.show(true),
    onClientsChange: (listener) => clientsChanged.on(listener),
    get context(): ContextHub {
      return hub!;
    },
  };
  hub = createContextHub(context, services);
  return services;
}
