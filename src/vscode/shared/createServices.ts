import * as vscode from 'vscode';
import { COMPLETION_INSTRUCTIONS } from '../../completions/completionPrompt';
import { isLoopbackUrl, resolveApiKey } from '../../config/apiKey';
import type { Config } from '../../config/config';
import { effectiveConfig, instructionSurfacesOff } from '../../config/modelKind';
import type { KeyQuestion } from '../../config/keyConsent';
import { bundledParserFiles, CodeParser } from '../../code/codeParser';
import type { ContextHub } from '../../context/contextHub';
import { createEmitter } from '../../events/emitter';
import type { Logger } from '../../log/logger';
import { redactingLogger } from '../../log/redactingLogger';
import { formatRequestLog } from '../../metrics/formatRequestLog';
import { createMetricsStore, type MetricsStore } from '../../metrics/metricsStore';
import type { MetricsSink } from '../../metrics/requestSample';
import { createRouter } from '../../router/createRouter';
import type { Services } from '../../services';
import { createClientFactory, type ClientFactory, type ClientFactoryDeps } from '../../transport/clientFactory';
import type { ModelClient, ModelRequest } from '../../transport/modelClient';
import type { NetworkSettings } from '../../transport/network/networkSettings';
import { watchDenyList } from './contextDenyList';
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
  /** Whether a document or workspace-relative path must never be sent (one watcher for every surface). */
  isDenied(target: vscode.Uri | string): boolean;
}

/** Builds the editor's context hub once the services it reads exist (the context adapter; the composition root passes it in). */
export type ContextHubFactory = (context: vscode.ExtensionContext, services: Services, isDenied: (target: vscode.Uri | string) => boolean) => ContextHub;

/**
 * Builds the services the adapters share. One client factory owns the key, trust, the
 * per-host key consent and the rebuilds, so the user never reloads the window.
 */
export async function createServices(context: vscode.ExtensionContext, createContextHub: ContextHubFactory): Promise<FlintServices> {
  const channel = vscode.window.createOutputChannel('Flint', { log: true });
  context.subscriptions.push(channel);
  // Filled once the factory exists; the logger redacts the key in use at each call.
  let currentKey: () => string | undefined = () => undefined;
  const log = redactingLogger(channel, () => {
    const k = currentKey();
    return k ? [k] : [];
  });

  const loadConfig = configLoader(log);
  let config: Config = loadConfig();
  let network = readNetworkSettings(config);
  const configChanged = createEmitter<Config>((err) => log.warn(`settings listener failed: ${String(err)}`));
  const clientsChanged = createEmitter((err) => log.warn(`client listener failed: ${String(err)}`));
  const generations = generationCounter(log);
  const metricsStore = createMetricsStore({ log });
  const consent = new KeyConsentPrompt(context.globalState);

  const clients = await createClientFactory(clientFactoryDeps(context, consent, log, () => config, () => network));
  currentKey = () => clients.key();
  const offClients = clients.onChange((roles) => {
    if (roles.includes('fast') || roles.includes('full')) {
      log.info(`connection settings changed: fast ${config['fast.url']} (${config['fast.model']}), full ${config['full.url']} (${config['full.model']})`);
    }
    clientsChanged.emit();
  });

  const reconnect = () => clients.reloadKey();
  let hub: ContextHub | undefined = undefined;
  const recording = promptRecording((request, model) => hub?.prompts.record(request, model));

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
    infill: () => recording(clients.infill()),
    log,
    metrics: loggedMetrics(metricsStore, clients, log),
    metricsStore,
    route: createRouter({ config: () => config, log }),
    now: () => performance.now(),
    parser: parserLoader(context.extensionPath, log),
    ...generations,
    reconnect,
    forgetDeniedHosts: () => consent.forgetDenied(),
    keyQuestions: () => clients.keyQuestions(),
    askKeyAgain: () => clients.askAgain(),
    showLog: () => channel.show(true),
    isDenied: () => true, // replaced below, once the services it reads exist
    onClientsChange: (listener) => clientsChanged.on(listener),
    get context(): ContextHub {
      return hub!;
    },
  };
  services.isDenied = watchDenyList(context, services);
  hub = createContextHub(context, services, services.isDenied);
  return services;
}

/** What the client factory is built from in the editor: its settings, key, trust and consent. */
function clientFactoryDeps(context: vscode.ExtensionContext, consent: KeyConsentPrompt, log: Logger, config: () => Config, network: () => NetworkSettings): ClientFactoryDeps {
  return {
    config,
    readKey: () => resolveApiKey({ secret: () => Promise.resolve(context.secrets.get(API_KEY_SECRET)), env: process.env }),
    trusted: () => vscode.workspace.isTrusted,
    consent: (id) => consent.answer(id),
    askConsent: (destination) => consent.ask(destination),
    network,
    warmInstructions: COMPLETION_INSTRUCTIONS,
    log,
    now: () => performance.now(),
  };
}

/** The code parser, loaded on first use; undefined when it cannot load (context is then plain text). */
function parserLoader(extensionPath: string, log: Logger): () => Promise<CodeParser | undefined> {
  let parser: Promise<CodeParser | undefined> | undefined;
  return () =>
    (parser ??= CodeParser.load(bundledParserFiles(extensionPath)).catch((err: unknown) => {
      log.warn(`the code parser did not load (${err instanceof Error ? err.message : String(err)}): context falls back to plain text and the tests find no functions`);
      return undefined;
    }));
}

/**
 * Reads the settings, warning once per ignored value and showing each problem; for a completion
 * model, what would ask it to follow instructions on its own is off, and the log says why once.
 */
function configLoader(log: Logger): () => Config {
  const reported = new Set<string>();
  let surfacesOff: string | undefined;
  return () => {
    const { config, problems, ignored } = readConfig();
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
    const off = instructionSurfacesOff(config);
    if (off && off !== surfacesOff) log.info(`ghost text only: ${off}`);
    else if (!off && surfacesOff) log.info('every surface is on: flint.modelKind is instruct');
    surfacesOff = off;
    return effectiveConfig(config);
  };
}

/** Counts the generations streaming anywhere, for the status bar's pulse. */
function generationCounter(log: Logger): Pick<Services, 'beginGeneration' | 'activeGenerations' | 'onActiveGenerationsChange'> {
  const changed = createEmitter((err) => log.warn(`status listener failed: ${String(err)}`));
  let active = 0;
  return {
    beginGeneration() {
      active += 1;
      changed.emit();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        active -= 1;
        changed.emit();
      };
    },
    activeGenerations: () => active,
    onActiveGenerationsChange: (listener) => changed.on(listener),
  };
}

/**
 * Every request passes `record` on its way out (Show Last Prompt). One wrapper per client, so a
 * client keeps its identity.
 */
function promptRecording(record: (request: ModelRequest, model: string) => void): (client: ModelClient) => ModelClient {
  const recorders = new WeakMap<ModelClient, ModelClient>();
  return (client) => {
    let wrapped = recorders.get(client);
    if (!wrapped) {
      wrapped = new Proxy(client, {
        get(target, prop) {
          if (prop === 'stream') {
            return (request: ModelRequest) => {
              record(request, target.model);
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
}

/** Every request's figures go to the store and a line of the log. */
function loggedMetrics(store: MetricsStore, clients: ClientFactory, log: Logger): MetricsSink {
  return {
    record(sample) {
      const client = sample.surface === 'completion' ? clients.infill() : sample.route === 'fast' ? clients.fast() : clients.full();
      const endpoint = client.state.endpoint ?? '?';
      store.record({ ...sample, model: { name: client.model, local: isLoopbackUrl(endpoint) } });
      const line = `request: ${formatRequestLog(sample, endpoint)}`;
      // Ghost text finishes a request per keystroke: its lines go to the debug level.
      if (sample.surface === 'completion') log.debug(line);
      else log.info(line);
    },
  };
}
