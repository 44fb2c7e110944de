// Ghost-text benchmark: a simulated typist types real source files (test/fixtures/completions/
// typist/) at a human pace against the local endpoint (a separate process, scripted engine with
// a set first-token delay and token rate, answering from bench/completionsOracle.ts) through the
// real WebSocket transport and the real engine. It accepts a suggestion with Tab when it is
// exactly what comes next and has been visible for a reaction time, else types through it.
// Usage: npm run bench -- completions [--keys=350] [--first-token-ms=30] [--tokens-per-s=1000]
//        [--sweep] (also compares debounce policies, into bench/results/completions-debounce.json).
// Writes bench/results/completions.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { systemClock } from '../src/completions/clock';
import { CompletionEngine } from '../src/completions/completionEngine';
import type { CompletionResult } from '../src/completions/completionTypes';
import { defaultDebounceTuning } from '../src/completions/debouncePolicy';
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
  blockingMax: number;
  accepted: number;
  calls: Call[];
  firstToken: { beside: number[]; alone: number[] };
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
  const firstToken = { beside: [] as number[], alone: [] as number[] };
  const watched: ModelClient = Object.create(client, {
    stream: {
      value: (r: Parameters<ModelClient['stream']>[0]) => {
        const busy = client.stats().busyLanes > 0;
        const s = client.stream(r);
        void s.done.then(() => s.marks.firstToken !== undefined && (busy ? firstToken.beside : firstToken.alone).push(s.marks.firstToken - (s.marks.sent ?? s.marks.created)));
        return s;
      },
    },
  });
  const ring = new SnippetRing();
  for (const o of others) ring.add(o, readFileSync(o, 'utf8').split('\n').slice(0, 40).join('\n'));
  const engine = new CompletionEngine({
    client: () => watched,
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
    abandoned: s.abandoned, blockingMax: s.abandonedBlockingMsMax, accepted, calls, firstToken };
}

function emptyStats(): RunStats {
  return { keystrokes: 0, requests: 0, speculative: 0, typingThrough: 0, cache: 0, abandoned: 0, blockingMax: 0, accepted: 0, calls: [],
    firstToken: { beside: [], alone: [] } };
}

function addStats(total: RunStats, r: RunStats): RunStats {
  for (const k of ['keystrokes', 'requests', 'speculative', 'typingThrough', 'cache', 'abandoned', 'accepted'] as const) total[k] += r[k];
  total.blockingMax = Math.max(total.blockingMax, r.blockingMax);
  total.calls.push(...r.calls);
  total.firstToken.beside.push(...r.firstToken.beside);
  total.firstToken.alone.push(...r.firstToken.alone);
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
    // Synchronous cancel time before a replacing request left, at the 0.1 ms resolution reported.
    abandoned_blocking_ms_max: round(r.blockingMax, 1),
    first_token_ms_p50_beside_abandoned: pct(r.firstToken.beside, 50),
    first_token_ms_p50_alone: pct(r.firstToken.alone, 50),
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
// requests, so requests are abandoned and the blocking figures measure something.
const weakModel = { wrongShare: 0.3, hopelessShare: 0.35 };
const weak = await typeAll({ ...mainRun, maxKeys: Math.min(keysPerFile, 150), quality: weakModel });
const both = addStats(addStats(emptyStats(), main), weak);
const abandonment = summary(both);
const weakSummary = summary(weak);
const result: Record<string, unknown> = {
  ...summary(main),
  // Over both passes:
  abandoned: abandonment.abandoned,
  abandoned_blocking_ms_max: abandonment.abandoned_blocking_ms_max,
  first_token_ms_p50_beside_abandoned: abandonment.first_token_ms_p50_beside_abandoned,
  first_token_ms_p50_alone: abandonment.first_token_ms_p50_alone,
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
