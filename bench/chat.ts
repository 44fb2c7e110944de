// Chat webview benchmark: the real renderer (dist/media/chat.js, built by `npm run build`) in
// headless chromium, fed at 1,000 and 5,000 tokens/s as the extension sends them (deltas merged
// by the real ChatOutbox), into an empty transcript and below a transcript of 200 messages;
// and, as a stress case the extension never produces, one message per token. A frame's cost is the main
// thread's time from the start of the frame's animation callbacks to the first task after
// its rendering (style, layout, paint included). Long frames are Chromium's long animation
// frames (over 50 ms) while tokens stream. Each configuration runs 3 times; figures are
// medians. Busy runs repeat the 5,000 tokens/s and one-message-per-token cases while a child
// process keeps one core busy (started before and stopped after each run, bounded in time), as
// a build or an indexing language server would. Last, the answers built to freeze a renderer
// are rendered live and reopened from history, and the costliest frame's CPU time is kept.
// Writes bench/results/chat.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { HostMessage, TurnView } from '../src/chat/chatProtocol';
import { cpuPerFrame } from '../support/chat/frameCpu';
import { deliverAndRecord, historyMessages, HOSTILE_ANSWERS, liveMessages } from '../support/chat/hostileAnswers';
import { competingLoad } from './competingLoad.mjs';
import { percentileFigure, samplePercentile } from './sampleStats.mjs';

const root = process.cwd();
// Resolved from the project: the bundled bench runs from a temporary folder.
const projectRequire = createRequire(join(root, 'package.json'));
const { chromium } = projectRequire('playwright-core') as typeof import('playwright-core');
const esbuild = projectRequire('esbuild') as typeof import('esbuild');
const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 4);
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
const TRANSCRIPT = 200;

/** A long answer mixing prose, lists and code, cut into ~4-character tokens like a model's. */
function answerTokens(count: number): string[] {
  const sections = [
    '## Step {n}\n\nThe parser reads **one line at a time** and keeps `state` between calls, so a block that spans lines is still recognised. See [the notes](https://example.com/notes/{n}).\n\n',
    '- keep the cache keyed by prefix and suffix\n- evict the oldest entry when full\n  - but never the one in use\n- measure before and after\n\n',
    '```ts\nexport function step{n}(input: string[]): number {\n  let total = 0; // running sum\n  for (const line of input) {\n    if (line.startsWith("#")) continue;\n    total += line.length * {n};\n  }\n  return total;\n}\n```\n\n',
    '> A quoted remark with *emphasis* about step {n}.\n\n1. first do this\n2. then that\n\n',
  ];
  const tokens: string[] = [];
  for (let n = 1; tokens.length < count; n++) {
    const text = sections.map((s) => s.replaceAll('{n}', String(n))).join('');
    for (const m of text.matchAll(/\s*[^\s]{1,4}|\s+/g)) tokens.push(m[0]);
  }
  return tokens.slice(0, count);
}

function transcript(): TurnView[] {
  const turns: TurnView[] = [];
  const text = answerTokens(300).join('');
  for (let i = 0; i < TRANSCRIPT / 2; i++) {
    turns.push({ role: 'user', id: `u${i}`, text: `Question ${i}: how does step ${i} work?`, attachments: [], redirect: false });
    turns.push({
      role: 'assistant',
      id: `a${i}`,
      text,
      status: 'done',
      meta: { route: 'fast', model: 'fast-model', reasons: ['fast model: no files referenced'], firstTokenMs: 40, tokensPerSecond: 1500 },
    });
  }
  return turns;
}

interface StreamRun {
  frames: number[];
  longFrames: number;
  /** Per long frame: duration, and how much of it was scripts and style and layout, in ms. */
  longDetail: string[];
  tokens: number;
  ms: number;
}

async function openPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-timer-throttling', '--disable-renderer-backgrounding'],
  });
  const page = await browser.newPage({ viewport: { width: 420, height: 900 } });
  await page.setContent('<!DOCTYPE html><html><head></head><body><main id="app"></main></body></html>');
  await page.addStyleTag({ content: readFileSync(join(root, 'media/chat/chat.css'), 'utf8') });
  await page.evaluate(() => {
    (window as unknown as { acquireVsCodeApi: () => unknown }).acquireVsCodeApi = () => ({ postMessage() {}, getState() {}, setState() {} });
  });
  await page.addScriptTag({ content: readFileSync(join(root, 'dist/media/chat.js'), 'utf8') });
  return { page, close: () => browser.close() };
}

/**
 * Streams `tokens` into a new answer at `rate` tokens/s, measuring every frame meanwhile. The
 * tokens come from a worker thread (bench/chatFeeder.ts), so each message reaches the page's
 * main thread as its own task, as messages from the extension host do, and the producer's
 * work stays off the thread being measured.
 */
function stream(page: Page, feeder: string, turnId: string, tokens: string[], rate: number, perToken: boolean): Promise<StreamRun> {
  return page.evaluate(
    ({ feeder, turnId, tokens, rate, perToken }) =>
      new Promise<StreamRun>((resolve) => {
        // Stream from a task of its own after a rendered frame, and count no frame that ended
        // before it: the page's opening frame (script evaluation, first style and layout of
        // the page) is not streaming, yet was reported to this observer, and without the wait
        // the first streamed message shared its frame.
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
              const scripts = e.scripts.reduce((n, s) => n + s.duration, 0);
              // Which callbacks ran long (a message, a frame callback, an idle callback) says where to look.
              const costly = e.scripts.filter((s) => s.duration >= 10).map((s) => `${s.invoker} ${Math.round(s.duration)}`);
              longDetail.push(`${Math.round(e.duration)} (scripts ${Math.round(scripts)}${costly.length ? `: ${costly.join(', ')}` : ''}, style+layout ${Math.round(e.startTime + e.duration - e.styleAndLayoutStart)})`);
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
          const meta = { route: 'fast', model: 'bench', reasons: [] };
          const deliver = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data }));
          deliver({ type: 'turnAdded', turn: { role: 'assistant', id: turnId, text: '', status: 'streaming', meta } });
          worker.onmessage = (e: MessageEvent) => {
            if (e.data.type !== 'end') {
              deliver(e.data);
              return;
            }
            worker.terminate();
            deliver({ type: 'turnUpdated', turn: { role: 'assistant', id: turnId, text: tokens.join(''), status: 'done', meta } });
            // Let the last frames land before stopping the measurement.
            setTimeout(() => {
              running = false;
              observer.disconnect();
              resolve({ frames, longFrames, longDetail, tokens: e.data.sent, ms: e.data.ms });
            }, 300);
          };
          worker.postMessage({ turnId, tokens, rate, perToken });
        }
      }),
    { feeder, turnId, tokens, rate, perToken },
  );
}

const percentile = (values: number[], p: number) => samplePercentile(values, p)!;
const median = (values: number[]) => percentile(values, 50);
const round = (n: number) => Math.round(n * 100) / 100;

async function measure(
  rate: number,
  withTranscript: boolean,
  perToken = false,
  busy = false,
): Promise<{ frames: number[]; cpu: number[]; longFrames: number; renderMs?: number }> {
  // Every frame of every run, pooled: a percentile over them all, with its sample count.
  const frames: number[] = [];
  let cpu: number[] = [];
  const renderMs: number[] = [];
  let longFrames = 0;
  // The last run is traced for CPU time only: tracing slows the page, so its frames are not counted.
  for (let run = 0; run <= RUNS; run++) {
    const traced = run === RUNS;
    const { page, close } = await openPage();
    try {
      if (withTranscript) {
        const message: HostMessage = { type: 'conversation', turns: transcript(), streaming: false };
        const ms = await page.evaluate(
          (m) =>
            new Promise<number>((resolve) => {
              const t0 = performance.now();
              window.postMessage(m, '*');
              // Measured to the first task after the next frame has rendered the transcript.
              requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
            }),
          message,
        );
        if (!traced) renderMs.push(ms);
        // Older turns are filled in over the next frames: stream below the whole transcript.
        await page.waitForFunction((n) => document.querySelectorAll('article.turn').length === n, TRANSCRIPT, { timeout: 60_000 });
        await page.waitForTimeout(300);
      }
      const tokens = answerTokens(Math.round(rate * seconds));
      const label = `  ${rate} tokens/s${perToken ? ' one message per token' : ''}${withTranscript ? ` below ${TRANSCRIPT} messages` : ''}${busy ? ', one core busy' : ''}`;
      if (traced) {
        cpu = (await cpuPerFrame(page, () => stream(page, feeder, `s${run}`, tokens, rate, perToken))).cpu;
        console.log(`${label}, traced run: main-thread CPU per frame p50 ${round(percentile(cpu, 50))} ms, p95 ${round(percentile(cpu, 95))} ms`);
        continue;
      }
      const load = busy ? competingLoad((seconds + 30) * 1000) : undefined;
      let result: StreamRun;
      try {
        result = await stream(page, feeder, `s${run}`, tokens, rate, perToken);
      } finally {
        load?.stop();
      }
      frames.push(...result.frames);
      longFrames += result.longFrames;
      const achieved = Math.round(result.tokens / (result.ms / 1000));
      console.log(`${label}, run ${run + 1}: ${result.frames.length} frames, p50 ${round(percentile(result.frames, 50))} ms, p95 ${round(percentile(result.frames, 95))} ms, long frames ${result.longFrames}${result.longFrames ? ` [${result.longDetail.join(', ')}]` : ''}, fed ${achieved} tokens/s`);
    } finally {
      await close();
    }
  }
  return { frames, cpu, longFrames, ...(renderMs.length ? { renderMs: median(renderMs) } : {}) };
}

/**
 * The answers that once froze the chat (support/chat/hostileAnswers.ts), each streamed live
 * and reopened from history into a page whose highlighter is ready: the largest main-thread CPU
 * time of any frame, median over the runs, and the worst of them all.
 */
async function measureHostile(): Promise<{ worst: number; detail: Record<string, number> }> {
  const detail: Record<string, number> = {};
  for (const [key, input] of Object.entries(HOSTILE_ANSWERS)) {
    for (const mode of ['live', 'history'] as const) {
      const maxima: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const { page, close } = await openPage();
        try {
          await page.waitForFunction(() => document.body.dataset.highlighter === 'ready', null, { timeout: 180_000, polling: 100 });
          const messages = mode === 'live' ? liveMessages('h', input.text) : historyMessages('h', input.text);
          const { cpu } = await cpuPerFrame(page, () => deliverAndRecord(page, messages));
          if (cpu.length < 10) throw new Error(`${input.name}, ${mode}: only ${cpu.length} frames traced`);
          maxima.push(Math.max(...cpu));
        } finally {
          await close();
        }
      }
      detail[`${key}_${mode}`] = round(median(maxima));
      console.log(`  hostile ${input.name}, ${mode}: largest frame CPU ${maxima.map(round).join(', ')} ms`);
    }
  }
  return { worst: Math.max(...Object.values(detail)), detail };
}

execFileSync(process.execPath, ['esbuild.config.mjs'], { cwd: root, stdio: 'inherit' });
const feeder = (
  await esbuild.build({ entryPoints: [join(root, 'bench/chatFeeder.ts')], bundle: true, write: false, format: 'iife', platform: 'browser', logLevel: 'warning' })
).outputFiles[0]!.text;
const loadBefore = loadavg()[0]!;
console.log(`chat bench: ${seconds} s of streaming per run, ${RUNS} runs per configuration (load average ${loadBefore.toFixed(1)})`);
const at1000 = await measure(1000, false);
const at5000 = await measure(5000, false);
const below = await measure(5000, true);
const perToken = await measure(5000, false, true);
const busy = await measure(5000, false, false, true);
const perTokenBusy = await measure(5000, false, true, true);
const hostile = await measureHostile();
const bundleBytes = readFileSync(join(root, 'dist/media/chat.js')).length;
const minified = await esbuild.build({ entryPoints: [join(root, 'media/chat/main.ts')], bundle: true, write: false, minify: true, format: 'iife', platform: 'browser', target: 'es2022', logLevel: 'warning' });

const result = {
  ...percentileFigure('frame_ms_p95_at_1000', at1000.frames, 95),
  ...percentileFigure('frame_ms_p95_at_5000', at5000.frames, 95),
  ...percentileFigure('frame_ms_p50_at_5000', at5000.frames, 50),
  // Main-thread CPU time per frame: what the page costs, whatever else the machine runs.
  ...percentileFigure('frame_cpu_ms_p95_at_1000', at1000.cpu, 95),
  ...percentileFigure('frame_cpu_ms_p95_at_5000', at5000.cpu, 95),
  ...percentileFigure('frame_cpu_ms_p95_at_5000_below_transcript', below.cpu, 95),
  ...percentileFigure('frame_cpu_ms_p95_at_5000_one_message_per_token', perToken.cpu, 95),
  ...percentileFigure('frame_ms_p95_at_5000_below_transcript', below.frames, 95),
  long_frames: at1000.longFrames + at5000.longFrames + below.longFrames,
  frames_measured: at1000.frames.length + at5000.frames.length + below.frames.length,
  long_frames_one_message_per_token: perToken.longFrames,
  ...percentileFigure('frame_ms_p95_per_token', perToken.frames, 95),
  ...percentileFigure('frame_ms_p95_at_5000_busy', busy.frames, 95),
  long_frames_busy: busy.longFrames,
  ...percentileFigure('frame_ms_p95_per_token_busy', perTokenBusy.frames, 95),
  long_frames_per_token_busy: perTokenBusy.longFrames,
  ...percentileFigure('frame_cpu_ms_p95_at_5000_busy', busy.cpu, 95),
  // Answers built to freeze a renderer (1 MB of brackets, a 1 MB code block, ...), live and reopened.
  hostile_frame_cpu_ms_max: hostile.worst,
  hostile_frame_cpu_ms: hostile.detail,
  // The chat script as shipped (minified, as `npm run package` builds it), in KB.
  chat_bundle_kb: round(minified.outputFiles[0]!.contents.length / 1024),
  chat_bundle_dev_kb: round(bundleBytes / 1024),
  transcript_messages: TRANSCRIPT,
  transcript_render_ms: round(below.renderMs ?? 0),
  stream_seconds_per_run: seconds,
  // A frame over 50 ms with no script and no layout in it is the machine, not the page.
  load_average_before: round(loadBefore),
  load_average_after: round(loadavg()[0]!),
  runs: RUNS,
  at: new Date().toISOString(),
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/chat.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
