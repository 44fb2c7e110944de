// Ghost-text benchmark: a simulated typist types real source files (test/fixtures/completions/
// typist/) at a human pace against the local endpoint (a separate process, scripted engine with
// a set first-token delay and token rate, answering from bench/completionsOracle.ts) through the
// real WebSocket transport and the real engine. It accepts a suggestion with Tab when it is
// exactly what comes next and has been visible for a reaction time, else types through it.
// Then, in a controlled pass, the first-token time of a request sent while earlier ones are
// being abandoned (the engine cancels them as the keystroke diverges; their lanes stay busy until
// the endpoint ends them) against one sent with nothing else in flight. The typing is measured
// again with one core kept busy by a competing process.
// Usage: npm run bench -- completions [--keys=350] [--first-token-ms=30] [--tokens-per-s=1000]
//        [--trials=40] [--model-answers=120] [--sweep] (also compares debounce policies, into
//        bench/results/completions-debounce.json) [--only=quiet|busy] (runs one phase: quiet
//        is everything but the busy typing; the other phase's figures are kept from the last
//        results when there are any, else absent and their targets missing). The same typist
//        against flint-code-6m on the llama.cpp engine is the real-model bench's typing part
//        (bench/real-model.ts). [--raw=FILE] [--seed=N] (bench/compare.mjs: the main typing,
//        typists from seed N on, and the abandonment pass only, their samples written to FILE).
// Writes bench/results/completions.json (with --raw, only FILE).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { systemClock } from '../src/time/clock';
import { CompletionEngine } from '../src/completions/completionEngine';
import type { CompletionResult } from '../src/completions/completionTypes';
import { defaultDebounceTuning } from '../src/time/debouncePolicy';
import { silentLogger } from '../src/log/logger';
import { createModelClient } from '../src/transport/createModelClient';
import type { ModelClient } from '../src/transport/modelClient';
import { competingLoad } from './competingLoad.mjs';
import { oracleFixture } from './completionsOracle';
import { addStats, emptyStats, typeFile, type RunStats, type TypistModel } from './completionsTypist';
import { bootstrapCi, median, percentileFigure } from './sampleStats.mjs';
import { until } from '../support/until.mjs';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const keysPerFile = Math.min(Math.max(arg('keys', 350), 20), 5000);
const firstTokenMs = arg('first-token-ms', 30);
const tokensPerS = arg('tokens-per-s', 1000);
const trials = Math.min(Math.max(arg('trials', 40), 3), 200);
// The model-answered overhead is the target's figure: type the files again (another typist's
// pace each time) until it has this many samples, at most MAX_PASSES times.
const modelAnswersWanted = Math.min(Math.max(arg('model-answers', 120), 1), 1000);
const MAX_PASSES = 10;
const sweep = process.argv.includes('--sweep');
const FIXTURES = 'test/fixtures/completions/typist';
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const raw = process.argv.find((a) => a.startsWith('--raw='))?.slice('--raw='.length);
const firstSeed = arg('seed', 0);
if (only !== undefined && only !== 'quiet' && only !== 'busy') {
  console.error(`completions: --only takes quiet or busy, not "${only}"`);
  process.exit(2);
}


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

interface Run {
  maxKeys: number;
  /** flint.completions.debounceMs: null adapts. */
  debounceMs: number | null;
  /** Share of lines the model gets wrong at first, and never right. */
  quality: { wrongShare: number; hopelessShare: number };
  speed: ModelSpeed;
}

/** The oracle behind a scripted endpoint of its own for each file, over the warm WebSocket. */
function oracleModel(run: Run): TypistModel {
  return {
    async open(_path, text) {
      const dir = mkdtempSync(join(tmpdir(), 'flint-typist-'));
      const script = join(dir, 'oracle.json');
      writeFileSync(script, JSON.stringify(oracleFixture(text, run.quality.wrongShare, run.quality.hopelessShare)));
      const endpoint = await startEndpoint(script, run.speed);
      const client = createModelClient({ role: 'fast', url: endpoint.url, model: 'gpt-5.3-codex-spark', httpApi: 'responses', allowInsecure: false,
        firstTokenTimeoutMs: 10_000, stallTimeoutMs: 10_000, log: silentLogger });
      const settings = { api: 'responses' as const, fimTemplate: 'qwen' as const, maxLines: 30, tokenBudget: 4096, debounceMs: run.debounceMs };
      return {
        client,
        settings,
        close() {
          client.dispose();
          endpoint.child.kill('SIGTERM');
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

async function typeAll(run: Run, seed = 0): Promise<RunStats> {
  const files = readdirSync(FIXTURES).sort().map((f) => join(FIXTURES, f));
  const total = emptyStats();
  for (const f of files) addStats(total, await typeFile(f, files.filter((o) => o !== f), { maxKeys: run.maxKeys, seed, model: oracleModel(run) }));
  return total;
}

const round = (x: number | undefined, digits = 2) => (x === undefined ? null : Number(x.toFixed(digits)));

function summary(r: RunStats) {
  const served = r.calls.flatMap((c) => (c.result ? [c.result] : []));
  // Overhead: keystroke to items minus the model's own time (the debounce wait included).
  const overhead = (xs: CompletionResult[]) => xs.map((x) => x.timing.total - x.timing.model);
  const fromModel = served.filter((x) => x.source === 'model');
  const processing = fromModel.map((x) => x.timing.total - x.timing.model - x.timing.debounce);
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
    // The model-answered path, which the target is on; the cache and typing through apart.
    ...percentileFigure('overhead_ms_p50_model', overhead(fromModel), 50),
    ...percentileFigure('overhead_ms_p95_model', overhead(fromModel), 95),
    ...percentileFigure('overhead_ms_p50_cache', overhead(served.filter((x) => x.source === 'cache')), 50),
    ...percentileFigure('overhead_ms_p50_typing_through', overhead(served.filter((x) => x.source === 'typing-through')), 50),
    ...percentileFigure('debounce_ms_p50_model', fromModel.map((x) => x.timing.debounce), 50),
    // The engine's own work for a model answer: context, prompt, send, post-processing.
    ...percentileFigure('processing_ms_p50_model', processing, 50),
    ...percentileFigure('processing_ms_p95_model', processing, 95),
    ...percentileFigure('keystroke_to_items_ms_p50', served.map((x) => x.timing.total), 50),
    ...percentileFigure('keystroke_to_items_ms_p95', served.map((x) => x.timing.total), 95),
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
  // Polled every 2 ms: the figures are first-token times of a few tens of milliseconds.
  const waitFor = (what: string, done: () => boolean) => until(`abandonment pass: ${what}`, done, 10_000, 2);
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
  const idle = () => client.stats().openRequests === 0 && client.stats().busyLanes === 0;
  // Quiet, and still so once deferred work has run (the request for what follows a shown
  // suggestion starts after the answer is handed over).
  const quiet = async () => {
    // Each deferred request ends within `until`'s wait; a few rounds cover a chain of them.
    for (let round = 0; round < 10; round++) {
      await waitFor('the endpoint going quiet', idle);
      await new Promise((resolve) => setImmediate(() => setTimeout(resolve)));
      if (idle()) return;
    }
    throw new Error('abandonment pass: requests kept starting after the endpoint went quiet');
  };
  const alone: number[] = [];
  const beside: number[] = [];
  try {
    await waitFor('warming the connection', () => client.state.status === 'warm');
    for (let t = 0; t < trials; t++) {
      await quiet();
      alone.push(await firstTokenMs(`// alone ${t}\nshort = `));
      await quiet();
      const longFrom = streams.length;
      for (let k = 0; k < abandon; k++) {
        const from = streams.length;
        void provide(`// beside ${t}\nlong${k} = `);
        // Streaming when the next keystroke diverges from it.
        await waitFor('a long reply starting', () => streams.slice(from).some((s) => s.stream.marks.firstToken !== undefined));
      }
      const longs = streams.slice(longFrom).filter((s) => /long\d+ = /.test(s.marker));
      beside.push(await firstTokenMs(`// beside ${t}\nshort = `));
      const ended = await Promise.all(longs.map((s) => s.stream.done));
      if (longs.length < abandon || ended.some((r) => r.status !== 'cancelled')) {
        throw new Error(`abandonment pass, trial ${t}: the earlier requests were not abandoned (${longs.length} sent, ended ${ended.map((r) => r.status).join(', ')})`);
      }
    }
  } finally {
    engine.dispose();
    client.dispose();
    endpoint.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  const ratio = (b: number[], a: number[]) => median(b)! / median(a)!;
  const figures = {
    trials,
    abandoned_per_trial: abandon,
    ...percentileFigure('first_token_ms_p50_alone', alone, 50),
    ...percentileFigure('first_token_ms_p50_beside_abandoned', beside, 50),
    first_token_beside_abandoned_over_alone: round(ratio(beside, alone)),
    first_token_beside_abandoned_over_alone_n: trials,
    first_token_beside_abandoned_over_alone_ci: bootstrapCi([beside, alone], ratio)?.map((x) => round(x)),
  };
  return { figures, samples: { alone, beside } };
}

const mainRun: Run = {
  maxKeys: keysPerFile,
  debounceMs: null,
  quality: { wrongShare: 0.3, hopelessShare: 0 },
  speed: { firstTokenMs, tokensPerS },
};
/** Types the files again (another typist's pace each time) until the model has answered `modelAnswersWanted` keystrokes. */
async function typeUntilAnswered(run: Run): Promise<{ stats: RunStats; passes: number }> {
  const stats = emptyStats();
  let passes = 0;
  while (passes < MAX_PASSES && stats.calls.filter((c) => c.result?.source === 'model').length < modelAnswersWanted) addStats(stats, await typeAll(run, firstSeed + passes++));
  return { stats, passes };
}
// A weaker model (a third of the lines never right): keystrokes keep disagreeing with running
// requests, so many requests are abandoned.
const weakModel = { wrongShare: 0.3, hopelessShare: 0.35 };

/** Everything but the busy typing: the main typing, the weaker model, abandonment. */
async function quietPhase() {
  const { stats: main, passes } = await typeUntilAnswered(mainRun);
  const weakSummary = summary(await typeAll({ ...mainRun, maxKeys: Math.min(keysPerFile, 150), quality: weakModel }));
  const abandonment = (await abandonmentPass(mainRun.speed)).figures;
  console.log(`completions: first token beside abandoned requests ${abandonment.first_token_ms_p50_beside_abandoned} ms, ` +
    `alone ${abandonment.first_token_ms_p50_alone} ms (p50 of ${trials} each): ratio ${abandonment.first_token_beside_abandoned_over_alone} ` +
    `(95 % interval ${abandonment.first_token_beside_abandoned_over_alone_ci?.join('–')})`);
  return {
    figures: { ...summary(main), ...abandonment },
    passes,
    weak_model_pass: {
      keystrokes: weakSummary.keystrokes,
      requests_per_100_keystrokes: weakSummary.requests_per_100_keystrokes,
      abandoned: weakSummary.abandoned,
      requests_sent_while_typing_through: weakSummary.requests_sent_while_typing_through,
      overhead_ms_p50_model: weakSummary.overhead_ms_p50_model,
      overhead_ms_p50_model_n: weakSummary.overhead_ms_p50_model_n,
      overhead_ms_p50_model_ci: weakSummary.overhead_ms_p50_model_ci,
      processing_ms_p50_model: weakSummary.processing_ms_p50_model,
      processing_ms_p50_model_n: weakSummary.processing_ms_p50_model_n,
    },
  };
}

/** The main typing again with one core kept busy by a competing process. */
async function busyPhase() {
  const load = competingLoad();
  const busy = await typeUntilAnswered(mainRun).finally(() => load.stop());
  const s = summary(busy.stats);
  return {
    typing_passes: busy.passes,
    keystrokes: s.keystrokes,
    requests_per_100_keystrokes: s.requests_per_100_keystrokes,
    overhead_ms_p50_model: s.overhead_ms_p50_model,
    overhead_ms_p50_model_n: s.overhead_ms_p50_model_n,
    overhead_ms_p50_model_ci: s.overhead_ms_p50_model_ci,
    processing_ms_p50_model: s.processing_ms_p50_model,
    processing_ms_p50_model_n: s.processing_ms_p50_model_n,
    processing_ms_p50_model_ci: s.processing_ms_p50_model_ci,
    keystroke_to_items_ms_p50: s.keystroke_to_items_ms_p50,
    keystroke_to_items_ms_p50_n: s.keystroke_to_items_ms_p50_n,
    keystroke_to_items_ms_p50_ci: s.keystroke_to_items_ms_p50_ci,
  };
}

/**
 * The side-by-side run's share (bench/compare.mjs): the main typing, each file typed once a
 * unit, until the model has answered `modelAnswersWanted` keystrokes, then the abandonment
 * pass; their samples, written to `file`.
 */
async function rawRun(file: string) {
  const files = readdirSync(FIXTURES).sort().map((f) => join(FIXTURES, f));
  const units: { keystrokes: number; requests: number; accepted: number }[] = [];
  const all = emptyStats();
  for (let pass = 0; pass < MAX_PASSES && all.calls.filter((c) => c.result?.source === 'model').length < modelAnswersWanted; pass++) {
    for (const f of files) {
      const r = await typeFile(f, files.filter((o) => o !== f), { maxKeys: mainRun.maxKeys, seed: firstSeed + pass, model: oracleModel(mainRun) });
      units.push({ keystrokes: r.keystrokes, requests: r.requests, accepted: r.accepted });
      addStats(all, r);
    }
  }
  const served = all.calls.flatMap((c) => (c.result ? [c.result] : []));
  const fromModel = served.filter((x) => x.source === 'model');
  const { samples } = await abandonmentPass(mainRun.speed);
  writeFileSync(file, JSON.stringify({
    units,
    overhead_model: fromModel.map((x) => x.timing.total - x.timing.model),
    processing_model: fromModel.map((x) => x.timing.total - x.timing.model - x.timing.debounce),
    keystroke_to_items: served.map((x) => x.timing.total),
    abandonment: samples,
  }));
}
if (raw !== undefined) {
  await rawRun(raw);
  process.exit(0);
}

const RESULTS = 'bench/results/completions.json';
const notRun = { note: `not run (--only=${only})` };
// A phase run alone keeps the other phase's figures from the last results (each phase dated:
// `quiet_at`, `busy.at`); through `npm run bench` there are none, as it clears them first.
const earlier: Record<string, unknown> = only !== undefined && existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
const quiet = only === 'busy' ? undefined : await quietPhase();
// Figures kept from results written before phases were dated carry that file's date.
const keptBusy = earlier.busy === undefined ? notRun : { at: earlier.at, ...(earlier.busy as object) };
const busy = only === 'quiet' ? keptBusy : { ...(await busyPhase()), at: new Date().toISOString() };
const quietFigures = quiet
  ? {
      ...quiet.figures,
      weak_model_pass: quiet.weak_model_pass,
      settings: { typing_passes: quiet.passes, keys_per_file: keysPerFile, first_token_delay_ms: firstTokenMs, tokens_per_s: tokensPerS, model: mainRun.quality,
        weak_model: weakModel, debounce: defaultDebounceTuning },
      quiet_at: new Date().toISOString(),
    }
  : Object.keys(earlier).length > 0
    ? { quiet_at: earlier.at, ...Object.fromEntries(Object.entries(earlier).filter(([k]) => k !== 'busy' && k !== 'at')) }
    : { quiet: notRun };
const result: Record<string, unknown> = { ...quietFigures, busy };
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
        model_answers: s.overhead_ms_p50_model_n,
        wait_beyond_model_ms_p50: s.overhead_ms_p50_model,
        wait_beyond_model_ms_p50_n: s.overhead_ms_p50_model_n,
        wait_beyond_model_ms_p50_ci: s.overhead_ms_p50_model_ci,
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
writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
process.exit(0);
