// The cases of the conformance run: Flint's real transports (the HTTP client, the ghost-text
// request builder) against the local endpoint speaking as one server. Each case says what it
// expects of that server and checks that it got it: ghost text or an answer, or an error that
// names the server's complaint. bench/conformance.ts runs them, each bounded by a timeout.
import { buildModelRequest, type CompletionApi } from '../src/completions/completionPrompt';
import type { DialectName } from '../src/server/dialect/dialect';
import { startEndpoint, type EndpointHandle, type EndpointOptions } from '../src/server/startEndpoint';
import { createModelClient } from '../src/transport/createModelClient';
import type { InputMessage, ModelClient, ModelRequest, ModelStream, StreamResult } from '../src/transport/modelClient';
import { silentLogger } from '../src/log/logger';
import { sleep } from '../support/until.mjs';

/** Words of the long reply a cancelled or cut stream is stopped in. */
export const LONG_WORDS = 300;

const LONG_REPLY = Array.from({ length: LONG_WORDS }, (_, i) => ` word${i}`).join('');

export const FIXTURE = {
  rules: [
    { match: { prefix: 'console.' }, reply: "log('hello');" },
    { match: { user: 'long' }, reply: LONG_REPLY },
    { match: { prefix: '// long' }, reply: LONG_REPLY },
    { match: { user: 'recall' }, reply: 'You first said: {{firstUser}}' },
  ],
  defaults: { chat: 'You said: {{user}}', completion: '' },
};

/** How each server names its model, as a user would have it. */
export const MODEL_NAMES: Record<DialectName, string> = {
  flint: 'gpt-5.3-codex-spark',
  'llama.cpp': 'qwen2.5-coder-1.5b',
  vllm: 'Qwen/Qwen2.5-Coder-1.5B-Instruct',
  ollama: 'qwen2.5-coder:1.5b',
};

export const CONTEXT_TOKENS = 512;
const ADMIN = 'conformance';

export function endpointOptions(dialect: DialectName): EndpointOptions {
  return {
    dialect,
    script: FIXTURE,
    contextTokens: CONTEXT_TOKENS,
    fastModel: MODEL_NAMES[dialect],
    adminToken: ADMIN,
    // Paced so a long reply is still streaming when it is cancelled or cut.
    knobs: { tokensPerSecond: 200, firstTokenDelayMs: 0 },
  };
}

export interface Env {
  dialect: DialectName;
  endpoint: EndpointHandle;
  clients: ModelClient[];
}

export interface Verdict {
  /** `answer`, `cancelled` or `error: <code>`. */
  outcome: string;
  /** The case's own check beyond the outcome (the text, the server's sentence in the error). */
  ok: boolean;
  detail: string;
}

type Api = { chat?: 'chat' | 'responses'; fim?: CompletionApi };

export function client(env: Env, api: Api, url = env.endpoint.httpUrl, model = MODEL_NAMES[env.dialect]): ModelClient {
  const c = createModelClient({
    role: 'fast',
    url,
    model,
    httpApi: api.chat ?? 'chat',
    ...(api.fim && api.fim !== 'responses' ? { fimApi: api.fim } : {}),
    allowInsecure: false,
    firstTokenTimeoutMs: 5000,
    stallTimeoutMs: 5000,
    log: silentLogger,
  });
  env.clients.push(c);
  return c;
}

export function ghostRequest(api: CompletionApi): ModelRequest {
  const context = { prefix: 'function greet(name: string) {\n  console.', suffix: '\n}\n', snippets: [], tokens: 20 };
  return buildModelRequest({ api, fimTemplate: 'qwen', context, languageId: 'typescript', filePath: 'src/greet.ts', mode: { kind: 'line' }, maxLines: 30 });
}

export function chatRequest(content: string, history: InputMessage[] = [], previousResponseId?: string): ModelRequest {
  const user: InputMessage = { role: 'user', content };
  return {
    surface: 'chat',
    instructions: 'You are a coding assistant.',
    input: previousResponseId ? [user] : [...history, user],
    fullInput: [...history, user],
    ...(previousResponseId ? { previousResponseId } : {}),
  };
}

export function outcomeOf(r: StreamResult): string {
  return r.status === 'failed' ? `error: ${r.error?.code ?? 'unknown'}` : r.status === 'cancelled' ? 'cancelled' : 'answer';
}

/** Resolves with the stream's first piece of text, leaving the stream running. */
export async function firstPiece(stream: ModelStream): Promise<void> {
  const next = await stream[Symbol.asyncIterator]().next();
  if (next.done) throw new Error('the stream ended before its first piece of text');
}

/** Forgets the endpoint's listed generations: a scripted one is listed only once it has ended. */
export async function clearGenerations(env: Env): Promise<void> {
  await fetch(`${env.endpoint.origin}/__admin/requests`, { method: 'POST', headers: { 'x-flint-admin': ADMIN, 'content-type': 'application/json' }, body: '{}' });
}

/** The endpoint's latest text generation of `route`, once it has ended. */
export async function lastGeneration(env: Env, route: string): Promise<{ outputTokens: number; abandoned: boolean } | undefined> {
  // Up to 5 s: on a busy machine the server may take a while to see the connection close.
  for (let i = 0; i < 250; i++) {
    const res = await fetch(`${env.endpoint.origin}/__admin/requests`, { headers: { 'x-flint-admin': ADMIN } });
    const { requests } = (await res.json()) as { requests: { route: string; outputTokens: number; abandoned: boolean; done: boolean }[] };
    const last = requests.filter((r) => r.route === route).at(-1);
    if (last?.done) return last;
    await sleep(20);
  }
  return undefined;
}

/** A separate endpoint of the same dialect, stopped while a long reply streams from it. */
export async function stoppedMidStream(env: Env, api: Api, request: ModelRequest): Promise<Verdict> {
  const doomed = await startEndpoint(endpointOptions(env.dialect));
  try {
    const c = client(env, api, doomed.httpUrl);
    const stream = c.stream(request);
    await firstPiece(stream);
    await doomed.close();
    const r = await stream.done;
    const ok = r.status === 'failed' && r.error?.code === 'network' && r.error.message.includes('127.0.0.1');
    return { outcome: outcomeOf(r), ok, detail: r.error?.message ?? `ended ${r.status}` };
  } finally {
    await doomed.close();
  }
}
