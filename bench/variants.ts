// Explore Variants benchmark, on the local endpoint (scripted engine, in this process) serving
// parallel streams at 1,000 tokens/s each over one warm WebSocket, 300-token rewrites, and a
// first-token delay of 50 ms standing for a real model's:
// - n_over_one: wall time from start to all 5 variants complete ÷ the same for 1 request;
// - first_token_ratio: the first variant's first token ÷ a single request's first token;
// - view_frame_ms_p95 / long_frames: the real view bundle (dist/media/variants.js, built by
//   `npm run build`) in headless chromium at 1280×800, 5 cards fed 1,000 tokens/s each (5,000
//   in all) the way the extension posts them (merged per card every 8 ms), frames measured as
//   in the chat bench; the same with one core kept busy by another process (_busy);
// - pick_to_pending_ms_p50: picking variant 3 while the other four still stream, to the
//   rewrite shown as the pending inline edit (the real EditSession, in an in-memory document).
// The ratios are of medians over ROUNDS rounds, with a 95 % bootstrap interval; the pick is
// timed PICKS times. Usage: npm run bench -- variants [--rounds=20] [--picks=100] [--view-only].
// Writes bench/results/variants.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { EditSession } from '../src/edits/editSession';
import { silentLogger } from '../src/log/logger';
import { buildEditPrompt, maxOutputTokensFor } from '../src/rewrite/editPrompt';
import type { EditTarget } from '../src/rewrite/rewriteTypes';
import { startEndpoint } from '../src/server/startEndpoint';
import { createModelClient } from '../src/transport/createModelClient';
import type { ModelClient } from '../src/transport/modelClient';
import { APPROACHES, variantInstruction } from '../src/variants/variantApproaches';
import type { CardView } from '../src/variants/variantCard';
import { VariantsRun } from '../src/variants/variantsRun';
import { cpuPerFrame } from '../support/chat/frameCpu';
import { competingLoad } from './competingLoad.mjs';
import { CountingDocument } from './countingDocument';
import { bootstrapCi, median, percentile, percentileFigure } from './sampleStats.mjs';

const root = process.cwd();
const projectRequire = createRequire(join(root, 'package.json'));
const { chromium } = projectRequire('playwright-core') as typeof import('playwright-core');
const VIEW_ONLY = process.argv.includes('--view-only');
const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 20);
const PICKS = Number(process.argv.find((a) => a.startsWith('--picks='))?.slice(8) ?? 100);
const COUNT = 5;
const TOKENS = 300;
const RATE = 1000;
const FIRST_TOKEN_DELAY_MS = 50;

const ORIGINAL = [
  'export function total(items: { price: number; qty: number }[]): number {',
  '  let sum = 0;',
  '  for (const item of items) {',
  '    sum += item.price * item.qty;',
  '  }',
  '  return sum;',
  '}',
];

/** About `tokens` scripted tokens (the engine cuts words and spaces apart) of plausible code. */
function rewrite(tag: string, tokens: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.join('\n').split(/(\s+)/).length < tokens * 0.95; i++) lines.push(`  const step${i} = items[${i}]?.price ?? 0; // ${tag}`);
  return ['export function total(items: { price: number; qty: number }[]): number {', ...lines, '  return 0;', '}', ''].join('\n');
}

const target = (): EditTarget => ({ startLine: 0, lines: [...ORIGINAL], context: { path: 'bench.ts', languageId: 'typescript', before: '', after: '' }, files: ['bench.ts'] });

const round2 = (n: number) => Math.round(n * 100) / 100;

async function waitWarm(client: ModelClient): Promise<void> {
  const t0 = Date.now();
  while (client.state.status !== 'warm' && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 20));
  if (client.state.status !== 'warm') throw new Error(`the client did not get warm: ${client.state.status}`);
}

/** One request of a single variant: first token and completion, from the call. */
async function single(client: ModelClient, instruction: string): Promise<{ firstMs: number; allMs: number }> {
  const prompt = buildEditPrompt(ORIGINAL, variantInstruction(instruction, APPROACHES[0]), target().context);
  const t0 = performance.now();
  const s = client.stream({ surface: 'edit', instructions: prompt.instructions, input: prompt.input, maxOutputTokens: maxOutputTokensFor(ORIGINAL), temperature: 0.2 });
  let firstMs = -1;
  for await (const _ of s) if (firstMs < 0) firstMs = performance.now() - t0;
  const r = await s.done;
  if (r.status !== 'completed') throw new Error(`single request ended ${r.status}: ${r.error?.message}`);
  return { firstMs, allMs: performance.now() - t0 };
}

function newRun(client: ModelClient, instruction: string, onCard: (c: CardView) => void, onDelta: () => void = () => {}): VariantsRun {
  return new VariantsRun(target(), instruction, COUNT, {
    models: { route: (r) => ({ target: 'fast', reasons: ['bench'], text: r.text }), client: () => client, contextTokens: () => 100_000 },
    metrics: { record() {} },
    log: silentLogger,
    timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    now: () => performance.now(),
    onCard,
    onDelta,
  });
}

/** All variants at once: first token of the first, and all complete, from the start. */
async function variants(client: ModelClient, instruction: string): Promise<{ firstMs: number; allMs: number }> {
  let firstMs = -1;
  let t0 = 0;
  return new Promise((resolve, reject) => {
    const done = new Set<number>();
    const run = newRun(
      client,
      instruction,
      (c) => {
        if (c.status === 'failed') reject(new Error(`variant ${c.index + 1} failed: ${c.note}`));
        if (c.status === 'done') done.add(c.index);
        if (done.size === COUNT) resolve({ firstMs, allMs: performance.now() - t0 });
      },
      () => {
        if (firstMs < 0) firstMs = performance.now() - t0;
      },
    );
    t0 = performance.now();
    run.start();
  });
}

/** Picks variant 3 once it is done while the others still stream; ms to the pending edit. */
async function pickToPending(client: ModelClient): Promise<number> {
  const doc = new CountingDocument(`${ORIGINAL.join('\n')}\n`);
  return new Promise((resolve, reject) => {
    let picked = false;
    const run: VariantsRun = newRun(client, 'pick round', (c) => {
      if (c.index !== 2 || c.status !== 'done' || picked) return;
      picked = true;
      const others = run.cards().filter((o) => o.index !== 2 && o.status === 'streaming').length;
      if (others === 0) return reject(new Error('the other variants ended before the pick'));
      const t0 = performance.now();
      void run.pick(2).then(async (lines) => {
        if (!lines) return reject(new Error('nothing to pick'));
        const session = new EditSession(target(), {
          models: { route: () => ({ target: 'fast', reasons: [], text: '' }), client: () => client, contextTokens: () => 100_000 },
          sink: doc,
          timers: { now: () => performance.now(), setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
          metrics: { record() {} },
          log: silentLogger,
          onChange() {},
        });
        await session.showText(lines.join('\n'), 'variant 3');
        const ms = performance.now() - t0;
        if (session.state !== 'review' || !doc.text.includes('short readable')) return reject(new Error('variant 3 is not pending'));
        if (run.openRequests() !== 0) return reject(new Error('requests left open after the pick'));
        resolve(ms);
      });
    });
    run.start();
  });
}

// ---- the view in chromium ----

const FEEDER = `
onmessage = (event) => {
  const { count, tokens, rate, flushMs } = event.data;
  const t0 = performance.now();
  let sent = 0;
  const tick = () => {
    const due = Math.min(tokens.length, Math.floor(((performance.now() - t0) / 1000) * rate));
    if (due > sent) {
      const text = tokens.slice(sent, due).join('');
      for (let i = 0; i < count; i++) postMessage({ type: 'delta', index: i, generation: 0, text, tokens: due, ms: performance.now() - t0 });
      sent = due;
    }
    if (sent < tokens.length) setTimeout(tick, flushMs);
    else postMessage({ type: 'end', sent, ms: performance.now() - t0 });
  };
  tick();
};`;

async function openView(): Promise<{ page: Page; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-timer-throttling', '--disable-renderer-backgrounding'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('crash', () => console.error('variants bench: the page crashed'));
  page.on('pageerror', (err) => console.error(`variants bench: page error: ${err.message}`));
  await page.setContent('<!DOCTYPE html><html><head></head><body><main id="app"></main></body></html>');
  await page.addStyleTag({ content: readFileSync(join(root, 'media/variants/variants.css'), 'utf8') });
  await page.evaluate(() => {
    (window as unknown as { acquireVsCodeApi: () => unknown }).acquireVsCodeApi = () => ({ postMessage() {} });
  });
  await page.addScriptTag({ content: readFileSync(join(root, 'dist/media/variants.js'), 'utf8') });
  return { page, close: () => browser.close() };
}

interface FrameRun {
  frames: number[];
  longFrames: number;
  /** Per long frame: duration, the callbacks that ran 10 ms or more, and style and layout, in ms. */
  longDetail: string[];
  sent: number;
  ms: number;
}

function streamView(page: Page, tokens: string[], original: string[]): Promise<FrameRun> {
  return page.evaluate(
    ({ feeder, tokens, original, count, rate }) =>
      new Promise<FrameRun>((resolve) => {
        const deliver = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data }));
        const card = (index: number, status: string, extra: object = {}) => ({
          index,
          approach: ['direct', 'concise', 'readable', 'fast', 'defensive'][index],
          status,
          generation: 0,
          route: 'fast',
          model: 'bench',
          reasons: ['single file'],
          instruction: 'bench',
          tokens: 0,
          ...extra,
        });
        deliver({ type: 'init', title: 'bench', instruction: 'bench', original, cards: Array.from({ length: count }, (_, i) => card(i, 'waiting')), texts: [] });
        requestAnimationFrame(() => setTimeout(run, 0));
        function run() {
          const frames: number[] = [];
          let longFrames = 0;
          const longDetail: string[] = [];
          const streamStart = performance.now();
          const observer = new PerformanceObserver((list) => {
            type Loaf = PerformanceEntry & { styleAndLayoutStart: number; scripts: { duration: number; invoker: string }[] };
            for (const e of list.getEntries() as Loaf[]) {
              // Frames that began once streaming did: the one running this setup (worker start) is the bench's.
              if (e.startTime < streamStart) continue;
              longFrames++;
              const costly = e.scripts.filter((s) => s.duration >= 10).map((s) => `${s.invoker} ${Math.round(s.duration)}`);
              longDetail.push(`${Math.round(e.duration)} (${costly.length ? `${costly.join(', ')}, ` : ''}style+layout ${Math.round(e.startTime + e.duration - e.styleAndLayoutStart)})`);
            }
          });
          observer.observe({ type: 'long-animation-frame' });
          const channel = new MessageChannel();
          let frameStart = 0;
          channel.port1.onmessage = () => frames.push(performance.now() - frameStart);
          let running = true;
          const onFrame = () => {
            if (!running) return;
            frameStart = performance.now();
            channel.port2.postMessage(0);
            requestAnimationFrame(onFrame);
          };
          requestAnimationFrame(onFrame);
          const worker = new Worker(URL.createObjectURL(new Blob([feeder], { type: 'text/javascript' })));
          worker.onmessage = (e: MessageEvent) => {
            const d = e.data;
            if (d.type === 'delta') {
              const tps = d.ms > 0 ? (d.tokens / d.ms) * 1000 : undefined;
              deliver({ type: 'delta', index: d.index, generation: 0, text: d.text, card: card(d.index, 'streaming', { tokens: d.tokens, firstTokenMs: 50, tokensPerSecond: tps }) });
              return;
            }
            worker.terminate();
            for (let i = 0; i < count; i++) deliver({ type: 'card', card: card(i, 'done', { tokens: d.sent, firstTokenMs: 50, tokensPerSecond: rate }) });
            setTimeout(() => {
              running = false;
              observer.disconnect();
              resolve({ frames, longFrames, longDetail, sent: d.sent, ms: d.ms });
            }, 300);
          };
          worker.postMessage({ count, tokens, rate, flushMs: 8 });
        }
      }),
    { feeder: FEEDER, tokens, original, count: COUNT, rate: RATE },
  );
}

// ---- main ----

const script = {
  rules: [
    { match: { user: { regex: 'Instruction: pick round\\nApproach for this version: readable:' } }, reply: 'export function total(): number {\n  return 0; // short readable\n}\n' },
    { match: { user: { regex: 'Approach for this version: (\\w+)' } }, reply: rewrite('$1', TOKENS) },
  ],
};
const endpoint = await startEndpoint({ engine: 'scripted', script, knobs: { tokensPerSecond: RATE, firstTokenDelayMs: FIRST_TOKEN_DELAY_MS } });
const client = createModelClient({
  role: 'fast',
  url: endpoint.url,
  model: 'gpt-5.3-codex-spark',
  httpApi: 'responses',
  allowInsecure: false,
  firstTokenTimeoutMs: 10_000,
  stallTimeoutMs: 10_000,
  log: silentLogger,
});

const loadBefore = loadavg()[0];
try {
  const singles: { firstMs: number; allMs: number }[] = [];
  const many: { firstMs: number; allMs: number }[] = [];
  const picks: number[] = [];
  if (!VIEW_ONLY) {
    await waitWarm(client);
    // One round of each first, so the socket's lanes are open and the code is warm.
    await single(client, 'warm');
    await variants(client, 'warm');
  }
  for (let r = 0; r < (VIEW_ONLY ? 0 : ROUNDS); r++) {
    singles.push(await single(client, `round ${r}`));
    many.push(await variants(client, `round ${r}`));
  }
  for (let p = 0; p < (VIEW_ONLY ? 0 : PICKS); p++) picks.push(await pickToPending(client));
  const ratioOf = (key: 'allMs' | 'firstMs') => (m: { firstMs: number; allMs: number }[], s: { firstMs: number; allMs: number }[]) =>
    median(m.map((x) => x[key]))! / median(s.map((x) => x[key]))!;
  const nOverOne = ratioOf('allMs')(many, singles);
  const firstRatio = ratioOf('firstMs')(many, singles);

  const view = await openView();
  const frames: number[] = [];
  let viewCpu: number[] = [];
  let longFrames = 0;
  const longDetail: string[] = [];
  const busyFrames: number[] = [];
  let busyLongFrames = 0;
  const busyLongDetail: string[] = [];
  const viewTokens = rewrite('view', 1000).split(/(\s+)/).filter((t) => t !== '');
  try {
    for (let r = 0; r < 3; r++) {
      const f = await streamView(view.page, viewTokens, ORIGINAL);
      console.log(`view round ${r + 1}: ${f.frames.length} frames, ${f.longFrames} long${f.longFrames ? ` [${f.longDetail.join(', ')}]` : ''}, ${f.sent} tokens a card in ${Math.round(f.ms)} ms`);
      frames.push(...f.frames);
      longFrames += f.longFrames;
      longDetail.push(...f.longDetail);
    }
    // The same on a busy machine: one core kept busy by another process.
    const load = competingLoad(120_000);
    try {
      for (let r = 0; r < 3; r++) {
        const f = await streamView(view.page, viewTokens, ORIGINAL);
        console.log(`view round ${r + 1}, busy: ${f.frames.length} frames, ${f.longFrames} long${f.longFrames ? ` [${f.longDetail.join(', ')}]` : ''}`);
        busyFrames.push(...f.frames);
        busyLongFrames += f.longFrames;
        busyLongDetail.push(...f.longDetail);
      }
    } finally {
      load.stop();
    }
    // One more round, traced for the page's main-thread CPU per frame (what the view costs,
    // whatever else the machine runs); tracing slows the page, so its frames are not counted above.
    viewCpu = (await cpuPerFrame(view.page, () => streamView(view.page, viewTokens, ORIGINAL))).cpu.sort((a, b) => a - b);
    console.log(`view, traced round: main-thread CPU per frame p50 ${round2(percentile(viewCpu, 50) ?? NaN)} ms, p95 ${round2(percentile(viewCpu, 95) ?? NaN)} ms over ${viewCpu.length} frames`);
  } finally {
    await view.close();
  }
  frames.sort((a, b) => a - b);
  busyFrames.sort((a, b) => a - b);

  const result = {
    n_over_one: round2(nOverOne),
    n_over_one_n: ROUNDS,
    n_over_one_ci: bootstrapCi([many, singles], ratioOf('allMs'))?.map(round2),
    first_token_ratio: round2(firstRatio),
    first_token_ratio_n: ROUNDS,
    first_token_ratio_ci: bootstrapCi([many, singles], ratioOf('firstMs'))?.map(round2),
    ...percentileFigure('view_frame_ms_p95', frames, 95),
    ...percentileFigure('view_frame_cpu_ms_p95', viewCpu, 95),
    long_frames: longFrames,
    ...percentileFigure('view_frame_ms_p95_busy', busyFrames, 95),
    long_frames_busy: busyLongFrames,
    ...percentileFigure('pick_to_pending_ms_p50', picks, 50),
    detail: {
      rounds: ROUNDS,
      variants: COUNT,
      tokens_per_variant: TOKENS,
      tokens_per_second_each: RATE,
      first_token_delay_ms: FIRST_TOKEN_DELAY_MS,
      single_all_ms_p50: round2(median(singles.map((s) => s.allMs))!),
      variants_all_ms_p50: round2(median(many.map((m) => m.allMs))!),
      single_first_token_ms_p50: round2(median(singles.map((s) => s.firstMs))!),
      variants_first_token_ms_p50: round2(median(many.map((m) => m.firstMs))!),
      view_frames: frames.length,
      view_frame_ms_p50: round2(percentile(frames, 50) ?? NaN),
      view_tokens_per_card: viewTokens.length,
      load_average_before: round2(loadBefore),
      load_average_after: round2(loadavg()[0]),
      // Each long frame: ms, the callbacks of 10 ms or more, style and layout: what made it long.
      long_frame_detail: longDetail,
      long_frame_detail_busy: busyLongDetail,
    },
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'variants.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  client.dispose();
  await endpoint.close();
}
