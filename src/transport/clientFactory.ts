import type { Config } from '../config/config';
import { instructionSurfacesOff } from '../config/modelKind';
import {
  awaitingConsentMessage,
  deniedConsentMessage,
  keyConsentDecision,
  type KeyConsentAnswer,
  type KeyDestination,
  type KeyQuestion,
} from '../config/keyConsent';
import { createEmitter, type Emitter } from '../events/emitter';
import type { Logger } from '../log/logger';
import type { ModelClientOptions } from './clientOptions';
import { createModelClient } from './createModelClient';
import type { ModelClient } from './modelClient';
import { ModelError } from './modelError';
import { DIRECT_NETWORK, type NetworkSettings } from './network/networkSettings';
import { proxyProblem } from './network/proxyRoute';
import { RefusedClient } from './refusedClient';

export type ClientRole = 'fast' | 'full' | 'infill';

export interface ClientFactoryDeps {
  config(): Config;
  /** Reads the API key (secret storage, then the environment). */
  readKey(): Promise<string | undefined>;
  trusted(): boolean;
  /** The kept answer for a destination, if any. */
  consent(id: string): KeyConsentAnswer | undefined;
  /**
   * Asks the user (the factory never asks twice at a time for one destination). Only an explicit
   * answer is kept by the asker; undefined means the question was closed without one.
   */
  askConsent(destination: KeyDestination): Promise<KeyConsentAnswer | undefined>;
  /** Stable instructions the fast and full clients warm on every new connection (ghost text's). */
  warmInstructions?: string;
  log: Logger;
  now(): number;
  /** Proxies and extra trusted authorities (default: direct connections). */
  network?(): NetworkSettings;
  /** Builds a client (tests pass a recording double). */
  create?: (options: ModelClientOptions) => ModelClient;
}

export interface ClientFactory {
  fast(): ModelClient;
  full(): ModelClient;
  /** Ghost text's client: native fill-in-the-middle when `flint.completions.api` asks for it, else fast(). */
  infill(): ModelClient;
  /** The key in use (for redaction). */
  key(): string | undefined;
  /** Re-reads the key, then refreshes. */
  reloadKey(): Promise<void>;
  /** Rebuilds exactly the clients whose inputs (settings, key, trust, consent) changed. */
  refresh(): void;
  /** Destinations waiting for the user's decision about the key, or refused by it. */
  keyQuestions(): KeyQuestion[];
  /** Opens the question about `id` (or the first one waiting) again: the user's click. */
  askAgain(id?: string): void;
  /** After a refresh that replaced a client. */
  onChange(listener: (roles: ClientRole[]) => void): () => void;
  dispose(): void;
}

/** What a role's client is built from; equal plans give the same client. */
type Plan =
  | { refused: ModelError; transport: 'ws' | 'http'; model: string; url: string }
  | { options: Omit<ModelClientOptions, 'log' | 'now' | 'apiKey'> & { sendKey: boolean } };

/**
 * The one place that builds the fast, full and fill-in-the-middle clients. It owns the key, the
 * workspace trust check and the "send your key to this host?" consent, and rebuilds a client
 * only when what it is built from changed: no hand-kept list of settings to forget one in.
 */
export async function createClientFactory(deps: ClientFactoryDeps): Promise<ClientFactory> {
  const factory = new Clients(deps, (await deps.readKey())?.trim() || undefined);
  // Built now (not on first use) so the fast pool warms at activation, once it may.
  factory.refresh();
  return factory;
}

class Clients implements ClientFactory {
  private readonly create: (options: ModelClientOptions) => ModelClient;
  private readonly changes: Emitter<ClientRole[]>;
  private readonly built = new Map<ClientRole, { plan: string; key: string | undefined; client: ModelClient }>();
  private readonly asking = new Set<string>();
  /** Questions closed without an answer: not asked again in this window until the user asks for it. */
  private readonly dismissed = new Set<string>();
  private readonly questions = new Map<ClientRole, KeyQuestion>();
  private disposed = false;

  constructor(
    private readonly deps: ClientFactoryDeps,
    private apiKey: string | undefined,
  ) {
    this.create = deps.create ?? createModelClient;
    this.changes = createEmitter<ClientRole[]>((err) => deps.log.warn(`client listener failed: ${String(err)}`));
  }

  fast(): ModelClient {
    return this.built.get('fast')?.client ?? this.ensure('fast').client;
  }

  full(): ModelClient {
    return this.built.get('full')?.client ?? this.ensure('full').client;
  }

  infill(): ModelClient {
    return this.usesInfill() ? (this.built.get('infill')?.client ?? this.ensure('infill').client) : this.fast();
  }

  key(): string | undefined {
    return this.apiKey;
  }

  async reloadKey(): Promise<void> {
    this.apiKey = (await this.deps.readKey())?.trim() || undefined;
    // A key entered again: the questions closed without an answer come back.
    this.dismissed.clear();
    this.refresh();
  }

  refresh(): void {
    if (this.disposed) return;
    const { built } = this;
    const roles: ClientRole[] = this.usesInfill() ? ['fast', 'full', 'infill'] : ['fast', 'full'];
    const changed = roles.filter((r) => this.ensure(r).changed);
    if (!this.usesInfill() && built.has('infill')) {
      built.get('infill')!.client.dispose();
      built.delete('infill');
      this.questions.delete('infill');
      changed.push('infill');
    }
    if (changed.length) this.changes.emit(changed);
  }

  keyQuestions(): KeyQuestion[] {
    const byId = new Map<string, KeyQuestion>();
    for (const q of this.questions.values()) byId.set(q.destination.id, q);
    return [...byId.values()];
  }

  askAgain(id?: string): void {
    const q = [...this.questions.values()].find((x) => id === undefined || x.destination.id === id);
    if (!q || this.asking.has(q.destination.id)) return;
    this.ask(q.destination);
  }

  onChange(listener: (roles: ClientRole[]) => void): () => void {
    return this.changes.on(listener);
  }

  dispose(): void {
    this.disposed = true;
    for (const b of this.built.values()) b.client.dispose();
    this.built.clear();
    this.changes.clear();
  }

  private usesInfill(): boolean {
    return this.deps.config()['completions.api'] !== 'responses';
  }

  private plan(role: ClientRole): Plan {
    const { deps, questions } = this;
    const c = deps.config();
    const fim = role === 'infill' ? (c['completions.api'] === 'responses' ? undefined : c['completions.api']) : undefined;
    const url = role === 'full' ? c['full.url'] : role === 'infill' ? c['completions.url'] || c['fast.url'] : c['fast.url'];
    const model = role === 'full' ? c['full.model'] : c['fast.model'];
    const transport = /^wss?:/i.test(url.trim()) && role !== 'infill' ? 'ws' : 'http';
    questions.delete(role);
    if (!deps.trusted()) {
      return { refused: new ModelError('config', 'This workspace is not trusted: Flint sends nothing to any model until you trust it (Manage Workspace Trust).'), transport, model, url };
    }
    const consent = keyConsentDecision(url, {
      hasKey: this.apiKey !== undefined,
      answer: deps.consent,
      dismissed: (id) => this.dismissed.has(id),
      keyToLoopback: c['network.sendKeyToLoopback'],
    });
    if (consent.action === 'ask') this.ask(consent.destination);
    if (consent.action === 'ask' || consent.action === 'wait') {
      questions.set(role, { destination: consent.destination, state: 'waiting' });
      return { refused: new ModelError('auth', awaitingConsentMessage(consent.destination)), transport, model, url };
    }
    if (consent.action === 'refuse') {
      questions.set(role, { destination: consent.destination, state: 'denied' });
      return { refused: new ModelError('auth', deniedConsentMessage(consent.destination)), transport, model, url };
    }
    // A completion model answers ghost text only: what asks it to follow instructions is refused with the reason.
    const completionOnly = role === 'infill' ? undefined : instructionSurfacesOff(c);
    if (completionOnly) return { refused: new ModelError('config', completionOnly), transport, model, url };
    const network = deps.network?.() ?? DIRECT_NETWORK;
    const problem = network.problem ?? proxyProblem(network);
    if (problem) return { refused: new ModelError('config', problem), transport, model, url };
    return {
      options: {
        role: role === 'full' ? 'full' : 'fast',
        url,
        sendKey: consent.key,
        network,
        model,
        httpApi: c['http.api'],
        allowInsecure: c['network.allowInsecure'],
        firstTokenTimeoutMs: c['request.firstTokenTimeoutMs'],
        stallTimeoutMs: c['request.stallTimeoutMs'],
        // Ghost text is the surface where the first request's latency shows most: warm its prompt.
        ...(role === 'infill' ? { fimApi: fim } : { instructions: deps.warmInstructions }),
      },
    };
  }

  private ask(destination: KeyDestination): void {
    const { asking, deps } = this;
    if (asking.has(destination.id)) return;
    asking.add(destination.id);
    this.dismissed.delete(destination.id);
    deps.askConsent(destination).then(
      (answer) => {
        asking.delete(destination.id);
        if (answer === undefined) this.dismissed.add(destination.id);
        const said = answer === 'allow' ? 'allowed' : answer === 'deny' ? 'not allowed' : 'not decided yet (the question was closed)';
        deps.log.info(`API key ${said} for ${destination.host}`);
        if (!this.disposed) this.refresh();
      },
      (err: unknown) => {
        asking.delete(destination.id);
        deps.log.warn(`could not ask about sending the API key to ${destination.host}: ${String(err)}`);
      },
    );
  }

  private build(p: Plan): ModelClient {
    if ('refused' in p) return new RefusedClient(p.transport, p.model, p.url, p.refused, this.deps.now);
    const { sendKey, ...options } = p.options;
    return this.create({ ...options, apiKey: sendKey ? this.apiKey : undefined, log: this.deps.log, now: this.deps.now });
  }

  /** The client for `role` as things are now; true in `changed` when it was (re)built. */
  private ensure(role: ClientRole): { client: ModelClient; changed: boolean } {
    const p = this.plan(role);
    const id = JSON.stringify(p, (_key, v: unknown) => (v instanceof ModelError ? v.message : v));
    const have = this.built.get(role);
    if (have && have.plan === id && have.key === this.apiKey) return { client: have.client, changed: false };
    have?.client.dispose();
    const client = this.build(p);
    this.built.set(role, { plan: id, key: this.apiKey, client });
    return { client, changed: have !== undefined };
  }
}
