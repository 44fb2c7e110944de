// Review-as-you-go benchmark, two figures:
// 1. From the model's last token to diagnostics published, quiet and with one core kept busy by
//    a competing process: the real review runner over the real WebSocket client against the
//    local endpoint (scripted replies paced at 1,000 tokens/s) reviews a changed line of a 200-line file; each reply's last delta is timed where the runner reads
//    it (the stream it is handed), and publishing does what the editor adapter does short of
//    VS Code's own call: filter against 20 diagnostics of another source and build each
//    squiggle's span and message.
// 2. With the onPause trigger, review requests per 100 keystrokes: typists type real source into
//    the runner and the real pause scheduler on a simulated clock, each key's gap drawn from a
//    human-paced distribution of inter-key intervals (bench/typingPace.json); every request the
//    runner sends goes to the endpoint. The figure's interval comes from the spread between typists.
// Usage: npm run bench -- review [--runs=120] [--keys=1000] [--typists=10]
// Writes bench/results/review.json.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { silentLogger } from '../src/log/logger';
import { DismissedCode } from '../src/review/dismissedCode';
import { findingSpan, type FindingSpan } from '../src/review/findingSpan';
import { lineEditOf } from '../src/review/lineEdit';
import { defaultPauseOptions, PauseScheduler } from '../src/review/pauseScheduler';
import type { OtherDiagnostic } from '../src/review/repeatsOther';
import { ReviewRunner, type HunkOutcome, type ReviewDocument } from '../src/review/reviewRunner';
import { startEndpoint } from '../src/server/startEndpoint';
import { createModelClient } from '../src/transport/createModelClient';
import type { ModelClient, ModelRequest, ModelStream } from '../src/transport/modelClient';
import { competingLoad } from './competingLoad.mjs';
import { bootstrapCi, percentileFigure } from './sampleStats.mjs';
import { gapAfter, seeded } from './typingPace';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const runs = arg('runs', 120);
const keystrokes = arg('keys', 1000);
const typists = Math.max(2, arg('typists', 10));
const root = process.cwd();
const TYPED = 'test/fixtures/completions/typist';

const script = {
  rules: [
    {
      match: { instructions: 'Flint review', user: { regex: '>\\s*(\\d+)\\| ( *)for \\(let i = 0; i <= items\\.length; i\\+\\+\\) \\{' } },
      reply: '{"findings":[{"startLine":$1,"endLine":$1,"severity":"error","message":"The loop reads one element past the end of items.","replacement":"$2for (let i = 0; i < items.length; i++) {"}]}',
    },
    { match: { instructions: 'Flint review' }, reply: '{"findings":[]}' },
  ],
};

const endpoint = await startEndpoint({ script, knobs: { tokensPerSecond: 1000, firstTokenDelayMs: 0 } });
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

class BenchDocument implements ReviewDocument {
  readonly path = 'src/prices.js';
  readonly languageId = 'javascript';
  constructor(
    readonly key: string,
    public text: string[],
  ) {}
  lines(): readonly string[] {
    return this.text;
  }
}

function sourceFile(lineCount: number): string[] {
  const lines: string[] = [];
  for (let i = 0; lines.length < lineCount; i++) lines.push(`function price${i}(items) {`, '  let sum = 0;', `  for (const it of items) sum += it.price * ${i};`, '  return sum;', '}', '');
  return lines.slice(0, lineCount);
}

/** The stream the runner reads, noting when it hands over each delta. */
function timed(inner: ModelStream, onDelta: (at: number) => void): ModelStream {
  return {
    id: inner.id,
    get marks() {
      return inner.marks;
    },
    done: inner.done,
    cancel: () => inner.cancel(),
    async *[Symbol.asyncIterator]() {
      for await (const delta of inner) {
        onDelta(performance.now());
        yield delta;
      }
    },
  };
}

// Another source's diagnostics on the same file, spread over it (none repeats the planted finding).
const others: OtherDiagnostic[] = Array.from({ length: 20 }, (_, i) => ({ lines: { start: i * 10 + 3, end: i * 10 + 4 }, message: `'unused${i}' is declared but its value is never read.` }));

let shown: { span: FindingSpan; message: string; severity: string; source: string }[] = [];
const docs = new Map<string, BenchDocument>();
let requests = 0;
let lastDelta: number | undefined;
let published: number | undefined;
const counting: ModelClient = Object.create(client, {
  stream: { value: (r: ModelRequest) => (requests++, timed(client.stream(r), (at) => (lastDelta = at))) },
});
const runner = new ReviewRunner({
  client: () => counting,
  log: silentLogger,
  metrics: { record() {} },
  beginGeneration: () => () => undefined,
  dismissed: new DismissedCode(),
  publish: (key) => {
    const doc = docs.get(key)!;
    const text = doc.lines();
    shown = runner
      .book(key)
      .visible(others)
      .map((f) => ({ span: findingSpan(f.lines, text.length, (i) => text[i]), message: f.message, severity: f.severity, source: 'Flint' }));
    published = performance.now();
  },
});

/** `runs` reviews of a planted bug (after 5 to warm up), each timed from its last token to its squiggle. */
async function lastTokenToDiagnostics(doc: BenchDocument, tag: string): Promise<{ latencies: number[]; findings: number }> {
  const latencies: number[] = [];
  let findings = 0;
  for (let r = 0; r < runs + 5; r++) {
    const line = 100;
    const text = `  for (let i = 0; i <= items.length; i++) { // ${tag} pass ${r}`;
    doc.text[line] = text;
    runner.edit(doc.key, [lineEditOf(line, line, text)]);
    lastDelta = published = undefined;
    const outcomes: HunkOutcome[] = await runner.review(doc);
    const o = outcomes[0];
    if (o?.kind !== 'shown' || lastDelta === undefined || published === undefined) throw new Error(`review ${tag} ${r} ended ${JSON.stringify(o)}`);
    if (shown.length !== 1 || shown[0].span.startLine !== line) throw new Error(`review ${tag} ${r} showed ${JSON.stringify(shown)}`);
    findings += o.findings;
    if (r >= 5) latencies.push(published - lastDelta);
  }
  return { latencies, findings };
}

/** One typist: `keys` keys of real source typed into a file, the pause scheduler deciding when to review. */
async function typingRun(seed: number, source: string): Promise<{ requests: number; seconds: number; reviews: number }> {
  const typed = new BenchDocument(`file:///bench/typed${seed}.js`, sourceFile(60));
  docs.set(typed.key, typed);
  const clock = simulatedClock();
  const pending: Promise<HunkOutcome[]>[] = [];
  let reviews = 0;
  const scheduler = new PauseScheduler(clock, () => defaultPauseOptions, (key) => {
    reviews++;
    pending.push(runner.review(docs.get(key)!));
  });
  const random = seeded(seed);
  const before = requests;
  let line = 30;
  typed.text.splice(line, 0, '');
  runner.edit(typed.key, [lineEditOf(line - 1, line - 1, `${typed.text[line - 1]}\n`)]);
  let at = 0;
  const next = () => source[at++ % source.length];
  for (let k = 0; k < keystrokes; k++) {
    const key = next();
    if (key === '\n') {
      // The editor indents the new line by itself: no keys for that.
      let indent = '';
      while (source[at % source.length] === ' ' || source[at % source.length] === '\t') indent += next();
      typed.text.splice(++line, 0, indent);
      runner.edit(typed.key, [lineEditOf(line - 1, line - 1, `${typed.text[line - 1]}\n${indent}`)]);
    } else {
      typed.text[line] += key;
      runner.edit(typed.key, [lineEditOf(line, line, typed.text[line])]);
    }
    scheduler.changed(typed.key);
    clock.advance(gapAfter(key, random));
  }
  clock.advance(60_000);
  await Promise.all(pending);
  scheduler.dispose();
  return { requests: requests - before, seconds: clock.now() / 1000, reviews };
}

try {
  await waitConnected(client);

  // 1. Last token to diagnostics, on the quiet machine and then with one core kept busy.
  const doc = new BenchDocument('file:///bench/prices.js', sourceFile(200));
  docs.set(doc.key, doc);
  const quiet = await lastTokenToDiagnostics(doc, 'quiet');
  const load = competingLoad();
  const busy = await lastTokenToDiagnostics(doc, 'busy').finally(() => load.stop());
  const latencies = quiet.latencies;

  // 2. Requests per 100 keystrokes with onPause, on a simulated clock, typist by typist.
  const sources = readdirSync(TYPED).sort().map((f) => readFileSync(join(TYPED, f), 'utf8'));
  const perTypist: { requests: number; seconds: number; reviews: number }[] = [];
  for (let t = 0; t < typists; t++) perTypist.push(await typingRun(1000 + t, sources[t % sources.length]));
  const rate = (idx: number[]) => (100 * idx.reduce((n, i) => n + perTypist[i].requests, 0)) / (idx.length * keystrokes);
  const all = perTypist.map((_, i) => i);
  const typingRequests = perTypist.reduce((n, t) => n + t.requests, 0);

  const result = {
    reviews: latencies.length,
    findings_per_review: quiet.findings / (runs + 5),
    tokens_per_second_paced: 1000,
    ...percentileFigure('last_token_to_diagnostics_ms_p50', latencies, 50, { digits: 3 }),
    ...percentileFigure('last_token_to_diagnostics_ms_p95', latencies, 95, { digits: 3 }),
    last_token_to_diagnostics_ms_max: round(Math.max(...latencies)),
    ...percentileFigure('last_token_to_diagnostics_ms_p50_busy', busy.latencies, 50, { digits: 3 }),
    ...percentileFigure('last_token_to_diagnostics_ms_p95_busy', busy.latencies, 95, { digits: 3 }),
    typing: {
      typists,
      keystrokes_each: keystrokes,
      simulated_seconds: Math.round(perTypist.reduce((n, t) => n + t.seconds, 0)),
      reviews_triggered: perTypist.reduce((n, t) => n + t.reviews, 0),
      requests: typingRequests,
      requests_per_100_keystrokes_by_typist: perTypist.map((t) => round((100 * t.requests) / keystrokes)),
      pause_ms: defaultPauseOptions.pauseMs,
      min_interval_ms: defaultPauseOptions.minIntervalMs,
    },
    requests_per_100_keystrokes: round(rate(all)),
    requests_per_100_keystrokes_n: typists * keystrokes,
    requests_per_100_keystrokes_ci: bootstrapCi([all], rate)?.map(round),
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/review.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `review: last token to diagnostics p50 ${result.last_token_to_diagnostics_ms_p50} ms, p95 ${result.last_token_to_diagnostics_ms_p95} ms over ${result.reviews} reviews ` +
      `(busy: p50 ${result.last_token_to_diagnostics_ms_p50_busy} ms, p95 ${result.last_token_to_diagnostics_ms_p95_busy} ms); ` +
      `onPause: ${typingRequests} requests for ${typists} × ${keystrokes} keystrokes (${result.requests_per_100_keystrokes} per 100, ` +
      `95 % interval ${result.requests_per_100_keystrokes_ci?.join('–')})`,
  );
} finally {
  client.dispose();
  await endpoint.close();
}

/** A clock advanced by the typist; the scheduler's timers run when it passes them. */
function simulatedClock() {
  let t = 0;
  let id = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => t,
    setTimeout: (fn: () => void, ms: number) => (timers.set(++id, { at: t + ms, fn }), id),
    clearTimeout: (h: unknown) => void timers.delete(h as number),
    advance(ms: number) {
      const end = t + ms;
      for (;;) {
        let next: [number, { at: number; fn: () => void }] | undefined;
        for (const e of timers) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
        if (!next) break;
        timers.delete(next[0]);
        t = next[1].at;
        next[1].fn();
      }
      t = end;
    },
  };
}

async function waitConnected(c: ModelClient): Promise<void> {
  const deadline = Date.now() + 10_000;
  // A first request opens and warms the connection, so the runs measure the warm path.
  const s = c.stream({ surface: 'review', input: [{ role: 'user', content: 'warm up' }], maxOutputTokens: 4 });
  await s.done;
  if (Date.now() > deadline) throw new Error('the endpoint did not answer within 10 s');
}

function round(n: number): number {
  return Number(n.toFixed(3));
}
