import type { Logger } from '../../src/log/logger';
import type { FaultSettingsInput } from '../../src/server/faults/faultSettings';
import type { Knobs } from '../../src/server/knobs';
import { startEndpoint, type EndpointHandle } from '../../src/server/startEndpoint';
import type { ModelClientOptions } from '../../src/transport/clientOptions';
import type { ConnectionState } from '../../src/transport/connectionState';
import { createModelClient } from '../../src/transport/createModelClient';
import type { ModelClient, ModelRequest, ModelStream } from '../../src/transport/modelClient';
import { until as waitFor } from '../until.mjs';
import { FAULT_SCRIPT } from './faultScript';

/** Unpaced by default: the suite is about behaviour, not speed. Cases slow it down where needed. */
export const RIG_KNOBS: Partial<Knobs> = { tokensPerSecond: 0, fullTokensPerSecond: 0, firstTokenDelayMs: 0, fullDelayMs: 0 };

/** Short timeouts so that a fault is noticed in well under a second. */
export const RIG_CLIENT: Pick<ModelClientOptions, 'firstTokenTimeoutMs' | 'stallTimeoutMs' | 'maxOutputChars' | 'ws'> = {
  firstTokenTimeoutMs: 2000,
  stallTimeoutMs: 800,
  maxOutputChars: 20_000,
  ws: { reconnectBaseMs: 20, reconnectMaxMs: 200, drainTimeoutMs: 1000, pingIntervalMs: 250, pongTimeoutMs: 3000, handshakeTimeoutMs: 3000 },
};

/** A logger keeping every line as "level message", for asserting what the user would read. */
export function lineLogger(lines: string[]): Logger {
  const keep =
    (level: string) =>
    (m: string | Error, ...args: unknown[]) =>
      void lines.push(`${level} ${m instanceof Error ? m.message : m}${args.length ? ` ${args.map((a) => String(a)).join(' ')}` : ''}`);
  return { trace: keep('trace'), debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') };
}

/**
 * The real local endpoint (scripted) on a fixed loopback port that survives stops and restarts,
 * and clients of it with the suite's short timeouts.
 */
export class FaultRig {
  private ep: EndpointHandle | undefined;
  private readonly clients = new Set<ModelClient>();
  /** Which transport new clients use: the WebSocket pool (fast path) or HTTP streaming. */
  transport: 'ws' | 'http' = 'ws';

  private constructor(
    first: EndpointHandle,
    readonly port: number,
  ) {
    this.ep = first;
  }

  static async start(): Promise<FaultRig> {
    const ep = await startEndpoint({ engine: 'scripted', script: FAULT_SCRIPT, knobs: RIG_KNOBS });
    return new FaultRig(ep, ep.port);
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/v1/responses`;
  }

  get httpUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  get up(): boolean {
    return this.ep !== undefined;
  }

  get endpoint(): EndpointHandle {
    if (!this.ep) throw new Error('the endpoint is stopped');
    return this.ep;
  }

  client(lines: string[], extra: Partial<ModelClientOptions> = {}): ModelClient {
    const client = createModelClient({
      role: 'fast',
      url: this.transport === 'ws' ? this.wsUrl : this.httpUrl,
      model: 'gpt-5.3-codex-spark',
      httpApi: 'responses',
      allowInsecure: false,
      log: lineLogger(lines),
      ...RIG_CLIENT,
      ...extra,
      ws: { ...RIG_CLIENT.ws, ...extra.ws },
    });
    this.clients.add(client);
    return client;
  }

  release(client: ModelClient): void {
    client.dispose();
    this.clients.delete(client);
  }

  async stop(): Promise<void> {
    const ep = this.ep;
    this.ep = undefined;
    await ep?.close();
  }

  async start(opts: { faults?: FaultSettingsInput; knobs?: Partial<Knobs> } = {}): Promise<void> {
    if (this.ep) return;
    this.ep = await startEndpoint({
      engine: 'scripted',
      script: FAULT_SCRIPT,
      port: this.port,
      knobs: { ...RIG_KNOBS, ...opts.knobs },
      faults: opts.faults,
    });
  }

  async restart(opts: { faults?: FaultSettingsInput; knobs?: Partial<Knobs> } = {}): Promise<void> {
    await this.stop();
    await this.start(opts);
  }

  /** Up, with no faults and the default pacing. */
  async reset(): Promise<void> {
    await this.start();
    this.endpoint.setFaults({});
    this.endpoint.setKnobs(RIG_KNOBS);
  }

  async close(): Promise<void> {
    for (const c of this.clients) c.dispose();
    this.clients.clear();
    await this.stop();
  }
}

/** The client, with every stream it hands out recorded (to watch tokens and wait for ends). */
export function recordingClient(client: ModelClient): { client: ModelClient; streams: ModelStream[] } {
  const streams: ModelStream[] = [];
  const recording: ModelClient = Object.create(client, {
    stream: {
      value: (request: ModelRequest) => {
        const s = client.stream(request);
        streams.push(s);
        return s;
      },
    },
  });
  return { client: recording, streams };
}

/** Waits until every recorded stream ended, including streams started meanwhile. */
export async function allEnded(streams: ModelStream[]): Promise<void> {
  for (;;) {
    const n = streams.length;
    await Promise.all(streams.map((s) => s.done));
    await pause(5);
    if (streams.length === n) return;
  }
}

/** Runs `action` once a recorded stream delivered `tokens` deltas (the surface has shown some of them). */
export async function afterTokens(streams: ModelStream[], tokens: number, action: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  await until(() => streams.some((s) => s.marks.outputTokens >= tokens), timeoutMs, `no stream delivered ${tokens} tokens`);
  await action();
}

export function stateReached(client: ModelClient, status: ConnectionState['status'], timeoutMs = 5000): Promise<void> {
  return until(() => client.state.status === status, timeoutMs, `state ${status} not reached (${JSON.stringify(client.state)})`);
}

/** The shared wait, polling every 5 ms: a rig's events come within milliseconds. */
export async function until(check: () => boolean, timeoutMs: number, what = 'the condition'): Promise<void> {
  await waitFor(what, check, timeoutMs, 5);
}

export function pause(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
