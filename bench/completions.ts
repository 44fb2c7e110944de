// Ghost-text benchmark: a simulated typist types real source files (test/fixtures/completions/
// typist/) at a human pace against the local endpoint (a separate process, scripted engine with
// a set first-token delay and token rate, answering from bench/completionsOracle.ts) through the
// real WebSocket transport and the real engine. It accepts a suggestion with Tab when it is
// exactly what comes next and has been visible for a reaction time, else types through it.
// Then, in a controlled pass, the first-token time of a request sent while earlier ones are
// being abandoned (the engine cancels them as the keystroke diverges; their lanes stay busy until
// the endpoint ends them) against one sent with nothing else in flight.
// Usage: npm run bench -- completions [--keys=350] [--first-token-ms=30] [--tokens-per-s=1000]
//        [--trials=12] [--sweep] (also compares debounce policies, into bench/results/completions-debounce.json).
// Writes bench/results/completions.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { systemClock } from '../src/time/clock';
import { CompletionEngine } from '../src/completions/completionEngine';
import type { CompletionResult } from '../src/completions/completionTypes';
import { defaultDebounceTuning } from '../src/time/debouncePolicy';
import { SnippetRing } from '../src/context/snippetRing';
import { silentLogger } from '../src/log/logger';
import { percentile } from '../src/metrics/percentiles';
import { createModelClient } from '../src/transport/createModelClient';
import type { ModelClient } from '../src/transport/modelClient';
import { oracleFixture } from './completionsOracle';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const keysPerFile = Math.min(Math.max(arg('keys', 350), 20), 5000);
const firstTokenMs = arg('first-token-ms', 30);
const tokensPerS = arg('tokens-per-s', 1000);
const trials = Math.min(Math.max(arg('trials', 12), 3), 200);
const sweep = process.argv.includes('--sweep');
const FIXTURES = 'test/fixtures/completions/typist';
const REACTION_MS = 250;

/** Deterministic pseudo-random numbers, so every run types the same way. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** Human keystroke gaps: 60 ms floor plus an exponential tail (mean ~150 ms), longer after a line. */
function gapMs(rand: () => number, char: string): number {
  const base = 60 + -Math.log(1 - rand()) * 90;
  return char === '\n' && rand() < 0.3 ? base + 300 + rand() * 500 : base;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const running = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exit(130);
  });
}

interface ModelSpeed {
  firstTokenMs: number;
  tokensPerS: number;
}

async function startEndpoint(script: string, speed: ModelSpeed): Promise<{ url: string; child: ChildProcess }> {
  // Same process group as the bench: whoever stops the bench stops its endpoint too.
  const child = spawn(process.execPath, ['scripts/endpoint.mjs', '--port', '0', '--engine', 'scripted', '--script', script,
    '--first-token-delay-ms', String(speed.firstTokenMs), '--tokens-per-second', String(speed.tokensPerS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`endpoint exited with ${code}`)));
  });
  const origin = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
  if (!origin) throw new Error(`unexpected endpoint output: ${line}`);
  return { url: `${origin.replace('http', 'ws')}/v1/responses`, child };
}

interface Call {
  result: CompletionResult | undefined;
  /** Requests the engine started while answering this keystroke. */
  requestsStarted: number;
  /** The answer was the rest of the suggestion shown before the keystroke (typed through). */
  sameSuggestion: boolean;
}

interface RunStats {
  keystrokes: number;
  requests: number;
  speculative: number;
  typingThrough: number;
  cache: number;
  abandoned: number;
  accepted: number;
  calls: Call[];
}

/** Types one file; returns what happened. */
interface Run {
  maxKeys: number;
  /** flint.completions.debounceMs: null adapts. */
  debounceMs: number | null;
  /** Share of lines the model gets wrong at first, and never right. */
  quality: { wrongShare: number; hopelessShare: number };
  speed: ModelSpeed;
}

async function typeFile(path: string, others: string[], run: Run): Promise<RunStats> {
  const { quality, maxKeys } = run;
  const text = readFileSync(path, 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'flint-typist-'));
  const script = join(dir, 'oracle.json');
  writeFileSync(script, JSON.stringify(oracleFixture(text, quality.wrongShare, quality.hopelessShare)));
  const endpoint = await startEndpoint(script, run.speed);
  const client = createModelClient({ role: 'fast', url: endpoint.url, model: 'gpt-5.3-codex-spark', httpApi: 'responses', allowInsecure: false,
    firstTokenTimeoutMs: 10_000, stallTimeoutMs: 10_000, log: silentLogger });
  const ring = new SnippetRing();
  for (const o of others) ring.add(o, readFileSync(o, 'utf8').split('\n').slice(0, 40).join('\n'));
  const engine = new CompletionEngine({
    client: () => client,
    settings: () => ({ api: 'responses', fimTemplate: 'qwen', maxLines: 30, tokenBudget: 4096, debounceMs: run.debounceMs }),
    clock: systemClock(() => performance.now()),
    metrics: { record: () => undefined },
    log: silentLogger,
  });
  const languageId = ({ ts: 'typescript', py: 'python', go: 'go' } as Record<string, string>)[path.split('.').pop()!] ?? 'plaintext';
  const rand = rng(text.length);
  const calls: Call[] = [];
  let pos = 0;
  let keys = 0;
  let accepted = 0;
  let visible: { result: CompletionResult; at: number; end: string } | undefined;
  let controller: AbortController | undefined;
  const ask = () => {
    controller?.abort();
    const mine = (controller = new AbortController());
    const shownEnd = visible?.end;
    visible = undefined;
    const before = engine.stats.requests;
    const prefix = text.slice(0, pos);
    void engine.provide({ prefix, suffix: '', languageId, filePath: path.split('/').pop()!,
      snippets: () => ring.select(path, text.slice(Math.max(0, pos - 1500), pos), () => true), explicit: false, signal: mine.signal })
      .then((result) => {
        const end = result ? prefix + result.suggestion.text : undefined;
        calls.push({ result, requestsStarted: engine.stats.requests - before, sameSuggestion: end !== undefined && end === shownEnd });
        if (result && controller === mine) visible = { result, at: performance.now(), end: end! };
      });
  };
  try {
    while (client.state.status !== 'warm') await sleep(10);
    ask();
    while (pos < text.length && keys < maxKeys) {
      const next = text[pos];
      await sleep(gapMs(rand, next));
      const shown = visible;
      if (shown && shown.result.suggestion.replaceSuffix === 0 && performance.now() - shown.at >= REACTION_MS &&
        text.startsWith(shown.result.suggestion.text, pos)) {
        pos += shown.result.suggestion.text.length;
        engine.accepted(shown.result.entryId);
        accepted++;
      } else {
        pos++;
        // The editor indents the new line by itself.
        if (next === '\n') while (text[pos] === ' ' || text[pos] === '\t') pos++;
      }
      keys++;
      ask();
    }
    await sleep(300);
  } finally {
    controller?.abort();
    engine.dispose();
    client.dispose();
    endpoint.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  const s = engine.stats;
  return { keystrokes: keys, requests: s.requests, speculative: s.speculativeRequests, typingThrough: s.typingThroughHits, cache: s.cacheHits,
    abandoned: s.abandoned, accepted, calls };
}

function emptyStats(): RunStats {
  return { keystrokes: 0, requests: 0, speculative: 0, typingThrough: 0, cache: 0, abandoned: 0, accepted: 0, calls: [] };
}

function addStats(total: RunStats, r: RunStats): RunStats {
  for (const k of ['keystrokes', 'requests', 'speculative', 'typingThrough', 'cache', 'abandoned', 'accepted'] as const) total[k] += r[k];
  total.calls.push(...r.calls);
  return total;
}

async function typeAll(run: Run): Promise<RunStats> {
  const files = readdirSync(FIXTURES).sort().map((f) => join(FIXTURES, f));
  const total = emptyStats();
  for (const f of files) addStats(total, await typeFile(f, files.filter((o) => o !== f), run));
  return total;
}

const round = (x: number | undefined, digits = 2) => (x === undefined ? null : Number(x.toFixed(digits)));
const pct = (xs: number[], p: number) => round(percentile([...xs].sort((a, b) => a - b), p));

function summary(r: RunStats) {
  const served = r.calls.flatMap((c) => (c.result ? [c.result] : []));
  // Overhead: keystroke to items minus the model's own time (the debounce wait included).
  const overhead = served.map((x) => x.timing.total - x.timing.model);
  const fromModel = served.filter((x) => x.source === 'model');
  return {
    keystrokes: r.keystrokes,
    requests: r.requests,
    speculative_requests: r.speculative,
    requests_per_100_keystrokes: round((100 * r.requests) / r.keystrokes, 1),
    typing_through_hits: r.typingThrough,
    cache_hits: r.cache,
    suggestions_accepted: r.accepted,
    // Keystrokes typed into a visible suggestion, answered with its rest: requests they caused.
    typed_through_keystrokes: r.calls.filter((c) => c.sameSuggestion).length,
    requests_sent_while_typing_through: r.calls.filter((c) => c.sameSuggestion).reduce((n, c) => n + c.requestsStarted, 0),
    overhead_ms_p50: pct(overhead, 50),
    overhead_ms_p95: pct(overhead, 95),
    model_answers: fromModel.length,
    overhead_ms_p50_model_answers: pct(fromModel.map((x) => x.timing.total - x.timing.model), 50),
    debounce_ms_p50_model_answers: pct(fromModel.map((x) => x.timing.debounce), 50),
    // The engine's own work for a model answer: context, prompt, send, post-processing.
    processing_ms_p50_model_answers: pct(fromModel.map((x) => x.timing.total - x.timing.model - x.timing.debounce), 50),
    processing_ms_p95_model_answers: pct(fromModel.map((x) => x.timing.total - x.timing.model - x.timing.debounce), 95),
    keystroke_to_items_ms_p50: pct(served.map((x) => x.timing.total), 50),
    keystroke_to_items_ms_p95: pct(served.map((x) => x.timing.total), 95),
    abandoned: r.abandoned,
  };
}

/**
 * First-token time (keystroke to first token) of a request sent while `abandon` earlier ones
 * are being abandoned, against one sent with nothing in flight, alternating, `trials` of each.
 * The earlier requests stream a long one-line reply, so they are still running when the engine
 * cancels them through the real path (engine → transport cancel, lane busy until its terminal
 * event); a transport that made the new request wait for them would show it as a large ratio.
 */
async function abandonmentPass(speed: ModelSpeed, abandon = 3) {
  const dir = mkdtempSync(join(tmpdir(), 'flint-abandon-'));
  const script = join(dir, 'abandon.json');
  const longLine = Array.from({ length: 400 }, (_, i) => `v${i}`).join(' + ');
  writeFileSync(script, JSON.stringify({ rules: [
    { match: { user: { regex: 'long\\d+ = ' } }, reply: `${longLine};\n` },
    { match: { user: { regex: 'short = ' } }, reply: '1;\n' },
  ] }));
  const endpoint = await startEndpoint(script, speed);
  const client = createModelClient({ role: 'fast', url: endpoint.url, model: 'gpt-5.3-codex-spark', httpApi: 'responses', allowInsecure: false,
    firstTokenTimeoutMs: 10_000, stallTimeoutMs: 10_000, log: silentLogger });
  const streams: { marker: string; stream: ReturnType<ModelClient['stream']> }[] = [];
  const watched: ModelClient = Object.create(client, {
    stream: {
      value: (r: Parameters<ModelClient['stream']>[0]) => {
        const s = client.stream(r);
        streams.push({ marker: JSON.stringify(r.input), stream: s });
        return s;
      },
    },
  });
  const engine = new CompletionEngine({
    client: () => watched,
    settings: () => ({ api: 'responses', fimTemplate: 'qwen', maxLines: 30, tokenBudget: 4096, debounceMs: 0 }),
    clock: systemClock(() => performance.now()),
    metrics: { record: () => undefined },
    log: silentLogger,
  });
  const provide = (prefix: string) =>
    engine.provide({ prefix, suffix: '', languageId: 'typescript', filePath: 'bench.ts', snippets: () => [], explicit: false });
  const until = async (what: string, done: () => boolean) => {
    const deadline = performance.now() + 10_000;
    while (!done()) {
      if (performance.now() > deadline) throw new Error(`abandonment pass: ${what} did not happen within 10 s`);
      await sleep(2);
    }
  };
  /** Keystroke to first token of the request for `prefix` (its model stream, not a cache hit). */
  const firstTokenMs = async (prefix: string) => {
    const from = streams.length;
    const t0 = performance.now();
    const answer = await provide(prefix);
    if (answer?.source !== 'model') throw new Error(`abandonment pass: "${prefix}" was answered from ${answer?.source ?? 'nowhere'}, not the model`);
    const mine = streams.slice(from).find((s) => s.marker.includes(prefix.split('\n').pop()!));
    if (mine?.stream.marks.firstToken === undefined) throw new Error('abandonment pass: no first token recorded');
    return mine.stream.marks.firstToken - t0;
  };
  const quiet = () => until('the endpoint going quiet', () => client.stats().openRequests === 0 && client.stats().busyLanes === 0);
  const alone: number[] = [];
  const beside: number[] = [];
  try {
    await until('warming the connection', () => client.state.status === 'warm');
    for (let t = 0; t < trials; t++) {
      await quiet();
      alone.push(await firstTokenMs(`// alone ${t}\nshort = `));
      await quiet();
      const abandonedBefore = engine.stats.abandoned;
      for (let k = 0; k < abandon; k++) {
        const from = streams.length;
        void provide(`// beside ${t}\nlong${k} = `);
        // Streaming when the next keystroke diverges from it.
        await until('a long reply starting', () => streams.slice(from).some((s) => s.stream.marks.firstToken !== undefined));
      }
      beside.push(await firstTokenMs(`// beside ${t}\nshort = `));
      if (engine.stats.abandoned - abandonedBefore < abandon) throw new Error('abandonment pass: the earlier requests were not abandoned');
    }
  } finally {
    engine.dispose();
    client.dispose();
    endpoint.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  const aloneP50 = percentile([...alone].sort((a, b) => a - b), 50)!;
  const besideP50 = percentile([...beside].sort((a, b) => a - b), 50)!;
  return {
    trials,
    abandoned_per_trial: abandon,
    first_token_ms_p50_alone: round(aloneP50),
    first_token_ms_p50_beside_abandoned: round(besideP50),
    first_token_beside_abandoned_over_alone: round(besideP50 / aloneP50),
  };
}

const mainRun: Run = {
  maxKeys: keysPerFile,
  debounceMs: null,
  quality: { wrongShare: 0.3, hopelessShare: 0 },
  speed: { firstTokenMs, tokensPerS },
};
const main = await typeAll(mainRun);
// A weaker model (a third of the lines never right): keystrokes keep disagreeing with running
// requests, so many requests are abandoned.
const weakModel = { wrongShare: 0.3, hopelessShare: 0.35 };
const weak = await typeAll({ ...mainRun, maxKeys: Math.min(keysPerFile, 150), quality: weakModel });
const weakSummary = summary(weak);
const abandonment = await abandonmentPass(mainRun.speed);
console.log(`completions: first token beside abandoned requests ${abandonment.first_token_ms_p50_beside_abandoned} ms, ` +
  `alone ${abandonment.first_token_ms_p50_alone} ms (p50 of ${trials} each): ratio ${abandonment.first_token_beside_abandoned_over_alone}`);
const result: Record<string, unknown> = {
  ...summary(main),
  ...abandonment,
  weak_model_pass: {
    keystrokes: weakSummary.keystrokes,
    requests_per_100_keystrokes: weakSummary.requests_per_100_keystrokes,
    abandoned: weakSummary.abandoned,
    requests_sent_while_typing_through: weakSummary.requests_sent_while_typing_through,
    overhead_ms_p50: weakSummary.overhead_ms_p50,
    processing_ms_p50_model_answers: weakSummary.processing_ms_p50_model_answers,
  },
  settings: { keys_per_file: keysPerFile, first_token_delay_ms: firstTokenMs, tokens_per_s: tokensPerS, model: mainRun.quality, weak_model: weakModel,
    debounce: defaultDebounceTuning },
};
if (sweep) {
  // With the weaker model, which makes many requests: there the debounce matters.
  const speeds: Record<string, ModelSpeed> = { fast_model: mainRun.speed, slow_model: { firstTokenMs: 200, tokensPerS: 200 } };
  const debounces: Record<string, number | null> = { fixed_0: 0, fixed_50: 50, fixed_150: 150, adaptive: null };
  const rows: Record<string, unknown> = {};
  for (const [speedName, speed] of Object.entries(speeds)) {
    for (const [name, debounceMs] of Object.entries(debounces)) {
      const s = summary(await typeAll({ maxKeys: Math.min(keysPerFile, 200), debounceMs, quality: weakModel, speed }));
      const row = {
        requests_per_100_keystrokes: s.requests_per_100_keystrokes,
        abandoned_per_100_keystrokes: round((100 * s.abandoned) / s.keystrokes, 1),
        model_answers: s.model_answers,
        wait_beyond_model_ms_p50: s.overhead_ms_p50_model_answers,
        suggestions_accepted: s.suggestions_accepted,
        keystrokes: s.keystrokes,
      };
      rows[`${speedName}.${name}`] = row;
      console.log(`${speedName}.${name}`, JSON.stringify(row));
    }
  }
  writeFileSync('bench/results/completions-debounce.json', `${JSON.stringify({ weak_model: weakModel, typist: 'median gap ~120 ms', rows, at: new Date().toISOString() }, null, 2)}\n`);
}
result.at = new Date().toISOString();
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/completions.json', `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
process.exit(0);
