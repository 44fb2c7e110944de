// Conformance: Flint's HTTP transports against the local endpoint speaking as llama.cpp's server,
// vLLM and Ollama do (`--dialect`): ghost text over /infill and /v1/completions, chat over Chat
// Completions and the Responses API, cancellation mid-stream, an unknown model name, a prompt
// over the server's context, the server stopped mid-stream. Each case is bounded by a timeout
// (a case that runs past it is a hang, and fails); each must end in ghost text, an answer, or
// an error naming the server's complaint. Writes bench/results/conformance.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DialectName } from '../src/server/dialect/dialect';
import { startEndpoint } from '../src/server/startEndpoint';
import type { InputMessage } from '../src/transport/modelClient';
import {
  chatRequest,
  clearGenerations,
  client,
  CONTEXT_TOKENS,
  endpointOptions,
  firstPiece,
  ghostRequest,
  lastGeneration,
  LONG_WORDS,
  outcomeOf,
  stoppedMidStream,
  type Env,
  type Verdict,
} from './conformanceCases';

const CASE_TIMEOUT_MS = 15_000;
const DIALECTS: DialectName[] = ['llama.cpp', 'vllm', 'ollama'];
const GHOST = "log('hello');";
const HUGE = 'word '.repeat(CONTEXT_TOKENS * 2);

interface Case {
  name: string;
  /** The outcome this server should give. */
  expect(d: DialectName): string;
  run(env: Env): Promise<Verdict>;
}

/** The server's own sentence for a refusal, which Flint's error must quote. */
const SAID: Record<string, Partial<Record<DialectName, RegExp>>> = {
  model: { vllm: /The model `no-such-model` does not exist/, ollama: /model 'no-such-model' not found/ },
  context: { 'llama.cpp': /exceeds the available context size \(512 tokens\)/, vllm: /maximum context length is 512 tokens/ },
};

const refusedOrAnswered = (said: Partial<Record<DialectName, RegExp>>) => (d: DialectName) => (said[d] ? 'error: bad_request' : 'answer');

async function answer(c: ReturnType<typeof client>, request: Parameters<typeof c.stream>[0], text?: string, said?: RegExp): Promise<Verdict> {
  const r = await c.stream(request).done;
  const ok = r.status === 'failed' ? !!said && said.test(r.error?.message ?? '') : text === undefined || r.text === text;
  return { outcome: outcomeOf(r), ok, detail: r.error?.message ?? JSON.stringify(r.text.slice(0, 80)) };
}

async function cancelled(env: Env, api: 'chat' | 'completions'): Promise<Verdict> {
  const c = api === 'chat' ? client(env, { chat: 'chat' }) : client(env, { fim: 'completions' });
  const request = api === 'chat' ? chatRequest('long') : { ...ghostRequest('completions'), fim: { prefix: '// long\n', suffix: '' } };
  await clearGenerations(env);
  const stream = c.stream(request);
  await firstPiece(stream);
  stream.cancel();
  const r = await stream.done;
  const left = await lastGeneration(env, api);
  const next = await c.stream(api === 'chat' ? chatRequest('hello') : ghostRequest('completions')).done;
  const stopped = left !== undefined && left.abandoned && left.outputTokens < LONG_WORDS;
  const ok = r.status === 'cancelled' && stopped && next.status === 'completed';
  const seen = left ? `${left.abandoned ? 'abandoned' : 'not abandoned'} after ${left.outputTokens} of ${LONG_WORDS} tokens` : 'no ended generation listed';
  const detail = `server ${stopped ? 'stopped generating' : 'did not stop generating'} (${seen}); the next request ${next.status}`;
  return { outcome: outcomeOf(r), ok, detail };
}

async function threeTurns(env: Env): Promise<Verdict> {
  const c = client(env, { chat: 'responses' });
  const history: InputMessage[] = [];
  const texts: string[] = [];
  let previous: string | undefined;
  for (const said of ['remember this', 'recall', 'recall']) {
    const r = await c.stream(chatRequest(said, history, previous)).done;
    if (r.status !== 'completed') return { outcome: outcomeOf(r), ok: false, detail: r.error?.message ?? r.status };
    texts.push(r.text);
    history.push({ role: 'user', content: said }, { role: 'assistant', content: r.text });
    previous = r.responseId;
  }
  const ok = texts[1] === 'You first said: remember this' && texts[2] === texts[1];
  return { outcome: 'answer', ok, detail: texts.join(' | ') };
}

const CASES: Case[] = [
  {
    name: 'ghost text over /infill',
    expect: (d) => (d === 'llama.cpp' ? 'answer' : 'error: config'),
    run: (env) => answer(client(env, { fim: 'infill' }), ghostRequest('infill'), GHOST, /has no \/infill \(HTTP 404/),
  },
  { name: 'ghost text over /v1/completions', expect: () => 'answer', run: (env) => answer(client(env, { fim: 'completions' }), ghostRequest('completions'), GHOST) },
  { name: 'chat over Chat Completions', expect: () => 'answer', run: (env) => answer(client(env, { chat: 'chat' }), chatRequest('hello'), 'You said: hello') },
  { name: 'chat over the Responses API, three turns keep the conversation', expect: () => 'answer', run: threeTurns },
  {
    name: 'chat over a ws:// URL',
    // The upgrade's 404 sends the request over HTTP to the same server at once.
    expect: () => 'answer',
    run: (env) => answer(client(env, { chat: 'responses' }, `ws://127.0.0.1:${env.endpoint.port}/v1`), chatRequest('hello'), 'You said: hello'),
  },
  { name: 'ghost text cancelled mid-stream', expect: () => 'cancelled', run: (env) => cancelled(env, 'completions') },
  { name: 'chat cancelled mid-stream', expect: () => 'cancelled', run: (env) => cancelled(env, 'chat') },
  {
    name: 'unknown model name, ghost text',
    expect: refusedOrAnswered(SAID.model),
    run: (env) => answer(client(env, { fim: 'completions' }, undefined, 'no-such-model'), ghostRequest('completions'), GHOST, SAID.model[env.dialect]),
  },
  {
    name: 'unknown model name, chat',
    expect: refusedOrAnswered(SAID.model),
    run: (env) => answer(client(env, { chat: 'chat' }, undefined, 'no-such-model'), chatRequest('hello'), 'You said: hello', SAID.model[env.dialect]),
  },
  {
    name: 'prompt over the context, Chat Completions',
    expect: refusedOrAnswered(SAID.context),
    run: (env) => answer(client(env, { chat: 'chat' }), chatRequest(`${HUGE}hello`), undefined, SAID.context[env.dialect]),
  },
  {
    name: 'prompt over the context, Responses API',
    expect: refusedOrAnswered(SAID.context),
    run: (env) => answer(client(env, { chat: 'responses' }), chatRequest(`${HUGE}hello`), undefined, SAID.context[env.dialect]),
  },
  { name: 'server stopped mid-stream, chat', expect: () => 'error: network', run: (env) => stoppedMidStream(env, { chat: 'chat' }, chatRequest('long')) },
  {
    name: 'server stopped mid-stream, ghost text',
    expect: () => 'error: network',
    run: (env) => stoppedMidStream(env, { fim: 'completions' }, { ...ghostRequest('completions'), fim: { prefix: '// long\n', suffix: '' } }),
  },
];

async function bounded(run: () => Promise<Verdict>): Promise<Verdict | 'hang'> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), CASE_TIMEOUT_MS)));
  try {
    return await Promise.race([run().catch((err: Error) => ({ outcome: 'threw', ok: false, detail: err.message })), hang]);
  } finally {
    clearTimeout(timer);
  }
}

const results = [];
for (const dialect of DIALECTS) {
  const endpoint = await startEndpoint(endpointOptions(dialect));
  for (const c of CASES) {
    const env: Env = { dialect, endpoint, clients: [] };
    const started = performance.now();
    const verdict = await bounded(() => c.run(env));
    for (const cl of env.clients) cl.dispose();
    const expected = c.expect(dialect);
    const v = verdict === 'hang' ? { outcome: 'hang', ok: false, detail: `no end within ${CASE_TIMEOUT_MS / 1000} s` } : verdict;
    const passed = v.outcome === expected && v.ok;
    results.push({ dialect, name: c.name, expected, outcome: v.outcome, passed, ms: Math.round(performance.now() - started), detail: v.detail });
    console.log(`${passed ? 'pass' : 'FAIL'}  ${dialect.padEnd(9)} ${c.name}: ${v.outcome} (${v.detail})`);
  }
  await endpoint.close();
}

const root = process.cwd();
mkdirSync(join(root, 'bench/results'), { recursive: true });
const summary = {
  cases: results,
  case_count: results.length,
  passed: results.filter((r) => r.passed).length,
  failed: results.filter((r) => !r.passed).length,
  hung: results.filter((r) => r.outcome === 'hang').length,
  case_timeout_ms: CASE_TIMEOUT_MS,
};
writeFileSync(join(root, 'bench/results/conformance.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(`${summary.passed} of ${summary.case_count} cases passed, ${summary.hung} hung`);
process.exit(summary.failed ? 1 : 0);
