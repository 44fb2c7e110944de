// The foreground beside background tasks: ghost text's keystroke latency with two tasks running,
// minus none, in one run. In-process, in the extension's own services as the extension host runs
// them on one event loop: the real completion engine over the fast model's WebSocket client, and
// the real task manager (working copies, the agent loop over the full model's HTTP client, the
// toolbox, commands and test runs as child processes started by the extension's process spawner,
// the log and persistence). The model is the local endpoint (scripted engine, its own process): ghost text from the typist oracle with a
// 30 ms first token at 1,000 tokens/s; each task streams 300 words of text per turn at 1,000
// tokens/s, reads a file, writes one and runs the project's tests (node --test) every turn.
// Each keystroke lands at the start of a line somewhere new in a source file, as after Enter (the
// model is asked). Windows of keystrokes alternate between "tasks" (two running) and "none" in balanced orders
// (bench/balancedOrders.mjs); the two windows of a pair type the same keys (the same places
// at the same pace), so the places' own spread does not widen the difference. The full model is
// a remote service in real use: its stand-in runs at nice 19 (--full-niceness), so that pacing
// and framing 2,000 tokens a second, work a user's machine would not do, takes only CPU the
// rest leaves; it still shares the cores, so the figure stays an upper bound. Per keystroke,
// from the moment the key was due (a late timer is the host's delay, counted):
// - keystroke_added_ms: to the engine's answer, minus the model's own time (every answered key);
// - ghost_text_first_token_ms: to the suggestion, keystrokes the model answered;
// - inline_edit_first_row_ms: after each window's keys, --edits inline edits of a 40-line
//   region (the extension's edit session on the same fast client, into an in-memory document):
//   the instruction given → the rewrite's first row in the document, each edit paired with the
//   same edit of the other window.
// The figures are the median of the paired differences (each key with tasks minus the same key
// without: same place, same pace, so a place's own answer length cancels), with a bootstrap
// interval over the pairs (also written apart, unpaired: median with tasks minus median
// without, suffixed _unpaired); quiet, then busy (one core kept busy by a competing process: figures suffixed _busy).
// - host_cpu_ms_per_1k_task_tokens: the extension host's own CPU time (this process: user +
//   system, its child processes apart) per 1,000 tokens the two tasks streamed, nobody typing,
//   over windows of --cpu-window-ms while both run (--cpu-runs runs × --cpu-windows windows):
//   streaming, the log, tool calls and persistence, the tests' output as it comes back;
//   host_loop_busy_ms_per_1k_task_tokens: the part of it on the event loop ghost text shares
//   (its busy time, performance.eventLoopUtilization).
// Not through the editor's UI: the Tasks view's redraws are not in the tasks' cost here.
// The tasks' processes run at flint.tasks.processPriority's default, idle (--priority=low: nice 10).
// Usage: npm run bench -- tasks-keys [--windows=64] [--busy-windows=32] [--keys=40] [--edits=6] [--full-niceness=19] [--priority=idle|low]
//   [--cpu-runs=5] [--cpu-windows=4] [--cpu-window-ms=3000] (--windows=0: the CPU figures alone)
// Writes bench/results/tasks-keys.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { CompletionEngine } from '../src/completions/completionEngine';
import { createDenyList } from '../src/privacy/denyList';
import { silentLogger } from '../src/log/logger';
import { createMetricsStore } from '../src/metrics/metricsStore';
import { agentTaskRunner } from '../src/tasks/agentTaskRunner';
import { background, type ProcessPriority } from '../src/tasks/backgroundProcess';
import { createTaskManager } from '../src/tasks/createTaskManager';
import type { TaskManager } from '../src/tasks/taskManager';
import { createToolbox } from '../src/tasks/tools/createToolbox';
import { createSpawnerRunner } from '../src/tests/spawnerRunner';
import { systemClock } from '../src/time/clock';
import { createModelClient } from '../src/transport/createModelClient';
import type { ModelClient, ModelRequest, ModelStream } from '../src/transport/modelClient';
import { buildIfStale } from '../support/e2e/build.mjs';
import { writeFiles } from '../support/folderFixture';
import { CompletionRequestLog } from '../support/completionRequestLog';
import { until } from '../support/until.mjs';
import { balancedTurns } from './balancedOrders.mjs';
import { competingLoad } from './competingLoad.mjs';
import { timeFirstRow } from './editFirstRow';
import { oracleFixture } from './completionsOracle';
import { rng } from './completionsTypist';
import { medianDifference, pairedMedianDifference, pairUp, percentileFigure } from './sampleStats.mjs';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const windows = arg('windows', 64) <= 0 ? 0 : Math.max(2, arg('windows', 64));
const busyWindows = Math.max(0, arg('busy-windows', 32));
const fullNiceness = Math.min(19, Math.max(0, arg('full-niceness', 19)));
const keysPerWindow = Math.max(5, arg('keys', 40));
const editsPerWindow = Math.max(0, arg('edits', 6));
const cpuRuns = Math.max(0, arg('cpu-runs', 5));
const cpuWindows = Math.max(1, arg('cpu-windows', 4));
const cpuWindowMs = Math.max(200, arg('cpu-window-ms', 3000));
const priority: ProcessPriority = process.argv.includes('--priority=low') ? 'low' : 'idle';
const TYPED = 'test/fixtures/completions/typist/inventory.ts';
const TASK = 'flint-bench-task: keep improving the module';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const root = process.cwd();
const tmp = mkdtempSync(join(tmpdir(), 'flint-bench-keys-'));

const running = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exit(130);
  });
}

/** The tasks' turns: text, then a read, a write and a test run, every turn. */
function taskRules(): unknown[] {
  const words = Array.from({ length: 300 }, (_, i) => ` step${i}`).join('');
  return [{
    match: { user: 'flint-bench-task' },
    reply: {
      text: `Working on it:${words}`,
      calls: [
        { name: 'read_file', arguments: '{"path":"src/mod.js","start_line":1,"end_line":{{turn}}}' },
        { name: 'create_file', arguments: { path: 'out/turn{{turn}}.txt', content: 'turn {{turn}}' } },
        { name: 'run_command', arguments: { command: 'node --test test/ # turn {{turn}}' } },
      ],
    },
  }];
}

/** A local endpoint (scripted engine) in its own process, serving `rules`. */
async function startEndpoint(name: string, rules: unknown[], niceness = 0): Promise<{ origin: string; child: ChildProcess }> {
  const script = join(tmp, `${name}.json`);
  writeFileSync(script, JSON.stringify({ rules }));
  const child = spawn(process.execPath, ['scripts/endpoint.mjs', '--port', '0', '--engine', 'scripted', '--script', script, '--first-token-delay-ms', '30', '--tokens-per-second', '1000', '--full-delay-ms', '0', '--full-tokens-per-second', '1000'], { stdio: ['ignore', 'pipe', 'inherit'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (niceness > 0 && child.pid) setPriority(child.pid, niceness);
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`endpoint exited with ${code}`)));
  });
  const origin = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
  if (!origin) throw new Error(`unexpected endpoint output: ${line}`);
  return { origin, child };
}

/** The folder the tasks work on: a module and tests that take the runner a moment. */
function project(): string {
  const dir = join(tmp, 'project');
  const mod = Array.from({ length: 400 }, (_, i) => `export const v${i} = ${i};`).join('\n');
  const test = (n: number) => `import test from 'node:test';\nimport assert from 'node:assert';\nimport * as m from '../src/mod.js';\nfor (let i = 0; i < 50; i++) test('t${n}-' + i, () => assert.equal(m['v' + i], i));\n`;
  writeFiles(dir, { 'package.json': '{"name":"p","type":"module","scripts":{"test":"node --test test/"}}\n', 'src/mod.js': `${mod}\n`, 'test/a.test.js': test(1), 'test/b.test.js': test(2) });
  return dir;
}

interface Sample {
  withTasks: boolean;
  /** The window pair and the key's place in it: the same key typed with tasks and without. */
  pair: number;
  key: number;
  /** Key due → answer, minus the model's time. */
  added: number;
  /** Key due → suggestion, when the model answered. */
  firstToken?: number;
  /** Key due → its handler ran (the event loop's delay). */
  lag: number;
}

/** An inline edit's sample: the instruction given → the rewrite's first row in the document. */
interface EditSample {
  withTasks: boolean;
  pair: number;
  edit: number;
  firstRow: number;
}

const text = readFileSync(TYPED, 'utf8');
const EDIT = 'flint-bench-edit: note what each line does';
/** The region inline edits rewrite, and the rewrite: every line with a comment. */
const editLines = text.split('\n').slice(0, 40);
const editRule = { match: { user: 'flint-bench-edit' }, reply: `${editLines.map((l, i) => (l.trim() ? `${l} // step ${i}` : l)).join('\n')}\n` };
const fastEndpoint = await startEndpoint('fast', [editRule, ...oracleFixture(text, 0.3, 0).rules]);
const fullEndpoint = await startEndpoint('full', taskRules(), fullNiceness);
const fast = createModelClient({ role: 'fast', url: `${fastEndpoint.origin.replace('http', 'ws')}/v1/responses`, model: 'gpt-5.3-codex-spark', httpApi: 'responses', allowInsecure: false, firstTokenTimeoutMs: 10_000, stallTimeoutMs: 10_000, log: silentLogger });
const fullClient = createModelClient({ role: 'full', url: `${fullEndpoint.origin}/v1`, model: 'gpt-5.3-codex', httpApi: 'responses', allowInsecure: false, firstTokenTimeoutMs: 10_000, stallTimeoutMs: 10_000, log: silentLogger });
/** The tasks' streams, for their token counts (read between windows: nothing added per token). */
const taskStreams = new Set<ModelStream>();
const full: ModelClient = Object.assign(Object.create(fullClient) as ModelClient, {
  stream(request: ModelRequest): ModelStream {
    const stream = fullClient.stream(request);
    taskStreams.add(stream);
    return stream;
  },
});
const streamedTokens = () => [...taskStreams].reduce((sum, s) => sum + s.marks.outputTokens, 0);
const settings = { api: 'responses' as const, fimTemplate: 'qwen' as const, maxLines: 30, tokenBudget: 4096, debounceMs: null };
// A fresh engine each key: its cache would otherwise answer places an earlier answer covered, and
// only keys the model answers measure ghost text's first token.
const newEngine = () => new CompletionEngine({ client: () => fast, settings: () => settings, clock: systemClock(() => performance.now()), metrics: createMetricsStore(), log: new CompletionRequestLog() });
const folder = project();
const errors: string[] = [];
const denyList = createDenyList([]);
// The tasks' processes start as the extension starts them: from its process spawner (dist/spawner.js).
buildIfStale(root);
const processes = createSpawnerRunner(join(root, 'dist', 'spawner.js'));
const manager: TaskManager = await createTaskManager({
  storageDir: join(tmp, 'storage'),
  spawn: processes.run,
  runner: () => agentTaskRunner({ client: () => full, metrics: { record() {} }, prices: () => ({}), now: () => performance.now(), toolbox: (env) => createToolbox({ env, run: background(processes.run, () => priority) }) }),
  settings: () => ({ maxParallel: 2, budgets: { maxTurns: 10_000, maxMinutes: 60, maxCost: null, maxTokens: null }, allowedCommands: ['node --test *'], testsCommand: '', testsTimeoutMs: 60_000, processPriority: priority }),
  trusted: () => true,
  // Built once, as the extension keeps it until the settings change.
  isDenied: () => denyList,
  overlays: () => [],
  askConsent: async () => 'deny',
  alwaysAllowed: new Set(),
  onError: (m) => errors.push(m),
});

const rand = rng(42);
/** Where each non-empty line's code starts, after the previous line and its indentation. */
const lineStarts = [...text.matchAll(/\n([ \t]*)(?=\S)/g)].map((m) => m.index! + m[0].length);
const sources = new Map<string, number>();

/** A key: the pause before it and where the cursor lands. */
interface Key {
  gap: number;
  pos: number;
}

/**
 * `count` keystrokes at a human pace (60 ms floor, mean ~150 ms), each at a new place: the start
 * of a line (Enter pressed, indentation in place), where the model is asked, as ghost text asks
 * it after each line typed.
 */
const keysOf = (count: number): Key[] =>
  Array.from({ length: count }, () => ({ gap: 60 + -Math.log(1 - rand()) * 90, pos: lineStarts[Math.floor(rand() * lineStarts.length)]! }));

/** Types `keys`, each asking the engine as the editor would. */
async function typeWindow(withTasks: boolean, pair: number, keys: readonly Key[], out: Sample[]): Promise<void> {
  let controller: AbortController | undefined;
  const pending: Promise<unknown>[] = [];
  const engines: CompletionEngine[] = [];
  for (const [key, { gap, pos }] of keys.entries()) {
    const due = performance.now() + gap;
    await sleep(gap);
    const lag = performance.now() - due;
    controller?.abort();
    const mine = (controller = new AbortController());
    const prefix = text.slice(0, pos);
    const engine = newEngine();
    engines.push(engine);
    pending.push(
      engine.provide({ prefix, suffix: '', languageId: 'typescript', filePath: 'inventory.ts', snippets: () => [], explicit: false, signal: mine.signal }).then((result) => {
        if (!result || mine.signal.aborted) return;
        sources.set(result.source, (sources.get(result.source) ?? 0) + 1);
        const at = performance.now() - due;
        out.push({ withTasks, pair, key, lag, added: at - result.timing.model, ...(result.source === 'model' && { firstToken: at }) });
      }),
    );
  }
  await sleep(300);
  controller?.abort();
  await Promise.allSettled(pending);
  for (const engine of engines) engine.dispose();
}

/** `count` inline edits one after the other, each timed to its first row in the document. */
async function editWindow(withTasks: boolean, pair: number, count: number, out: EditSample[]): Promise<void> {
  for (let edit = 0; edit < count; edit++) {
    await sleep(100 + rand() * 100);
    const firstRow = await timeFirstRow({ client: fast, lines: editLines, path: 'inventory.ts', instruction: EDIT });
    if (firstRow === undefined) errors.push(`inline edit ${pair}.${edit}: no row within 10 s`);
    else if (pair >= 0) out.push({ withTasks, pair, edit, firstRow });
  }
}

/** Two tasks running (streaming, calling tools, running tests) for the length of `work`. */
async function withTwoTasks(work: () => Promise<void>): Promise<number> {
  const tasks = [manager.start({ instruction: TASK, folder }), manager.start({ instruction: TASK, folder })];
  // Typing starts once both stream: their first turns' tool calls have run.
  await until('both tasks calling tools', () => tasks.every((t) => manager.get(t.id)?.log.some((e) => e.kind === 'tool')), 60_000);
  await work();
  const turns = tasks.reduce((s, t) => s + (manager.get(t.id)?.usage.turns ?? 0), 0);
  for (const t of tasks) manager.stop(t.id);
  await until('both tasks stopped', () => tasks.every((t) => !['running', 'queued', 'waiting'].includes(manager.get(t.id)!.state)), 30_000);
  for (const t of tasks) await manager.discard(t.id);
  return turns;
}

/** The host's CPU ms per 1,000 task tokens: windows while two tasks stream and run tests, nobody typing. */
async function hostCpu(): Promise<{ figure: Record<string, unknown>; load: [number, number] }> {
  const samples: number[] = [];
  const loopSamples: number[] = [];
  const before = loadavg()[0]!;
  for (let run = 0; run < cpuRuns; run++) {
    await withTwoTasks(async () => {
      for (let w = 0; w < cpuWindows; w++) {
        const tokens0 = streamedTokens();
        const cpu0 = process.cpuUsage();
        const loop0 = performance.eventLoopUtilization();
        await sleep(cpuWindowMs);
        const cpu = process.cpuUsage(cpu0);
        const loop = performance.eventLoopUtilization(loop0);
        const tokens = streamedTokens() - tokens0;
        if (tokens === 0) continue;
        samples.push((cpu.user + cpu.system) / 1000 / (tokens / 1000));
        loopSamples.push(loop.active / (tokens / 1000));
      }
    });
  }
  const figure = { ...percentileFigure('host_cpu_ms_per_1k_task_tokens', samples, 50, { digits: 2 }), ...percentileFigure('host_loop_busy_ms_per_1k_task_tokens', loopSamples, 50, { digits: 2 }) };
  return { figure, load: [Math.round(before * 100) / 100, Math.round(loadavg()[0]! * 100) / 100] };
}

/** Figures of one phase (quiet or busy), suffixed. */
function figures(samples: Sample[], edits: EditSample[], suffix: string): Record<string, unknown> {
  const pick = (withTasks: boolean, f: (s: Sample) => number | undefined) => samples.filter((s) => s.withTasks === withTasks).map(f).filter((x): x is number => x !== undefined);
  const named = (base: string) => `${base}${suffix}`;
  /** Each key answered both ways (the same place of the same window pair): its value with tasks and without. */
  const pairs = (f: (s: Sample) => number | undefined) => pairUp(samples.filter((s) => s.withTasks), samples.filter((s) => !s.withTasks), (s) => `${s.pair}:${s.key}`, f);
  const editPairs = pairUp(edits.filter((e) => e.withTasks), edits.filter((e) => !e.withTasks), (e) => `${e.pair}:${e.edit}`, (e) => e.firstRow);
  return {
    ...pairedMedianDifference(named('keystroke_added_ms_with_tasks_minus_none'), pairs((s) => s.added), { digits: 3 }),
    ...pairedMedianDifference(named('ghost_text_first_token_added_ms_with_tasks_minus_none'), pairs((s) => s.firstToken), { digits: 3 }),
    ...medianDifference(named('keystroke_added_ms_with_tasks_minus_none_unpaired'), pick(true, (s) => s.added), pick(false, (s) => s.added), { digits: 3 }),
    ...medianDifference(named('ghost_text_first_token_added_ms_with_tasks_minus_none_unpaired'), pick(true, (s) => s.firstToken), pick(false, (s) => s.firstToken), { digits: 3 }),
    ...percentileFigure(named('keystroke_added_ms_p50_with_tasks'), pick(true, (s) => s.added), 50, { digits: 3 }),
    ...percentileFigure(named('keystroke_added_ms_p50_none'), pick(false, (s) => s.added), 50, { digits: 3 }),
    ...percentileFigure(named('ghost_text_first_token_ms_p50_with_tasks'), pick(true, (s) => s.firstToken), 50, { digits: 3 }),
    ...percentileFigure(named('ghost_text_first_token_ms_p50_none'), pick(false, (s) => s.firstToken), 50, { digits: 3 }),
    ...percentileFigure(named('key_handler_lag_ms_p95_with_tasks'), pick(true, (s) => s.lag), 95, { digits: 3 }),
    ...percentileFigure(named('key_handler_lag_ms_p95_none'), pick(false, (s) => s.lag), 95, { digits: 3 }),
    ...percentileFigure(named('keystroke_added_ms_p95_with_tasks'), pick(true, (s) => s.added), 95, { digits: 3 }),
    ...percentileFigure(named('keystroke_added_ms_p95_none'), pick(false, (s) => s.added), 95, { digits: 3 }),
    ...pairedMedianDifference(named('inline_edit_first_row_added_ms_with_tasks_minus_none'), editPairs, { digits: 3 }),
    ...percentileFigure(named('inline_edit_first_row_ms_p50_with_tasks'), edits.filter((e) => e.withTasks).map((e) => e.firstRow), 50, { digits: 3 }),
    ...percentileFigure(named('inline_edit_first_row_ms_p50_none'), edits.filter((e) => !e.withTasks).map((e) => e.firstRow), 50, { digits: 3 }),
  };
}

/** Windows with and without tasks in balanced orders; returns the samples and the task turns taken while typing. */
async function phase(count: number): Promise<{ samples: Sample[]; edits: EditSample[]; turns: number; load: [number, number] }> {
  const samples: Sample[] = [];
  const edits: EditSample[] = [];
  let turns = 0;
  const before = loadavg()[0]!;
  for (const [pair, order] of (count > 0 ? balancedTurns(2, Math.max(1, Math.round(count / 2))) : []).entries()) {
    // The two windows of a pair type the same keys.
    const keys = keysOf(keysPerWindow);
    for (const kind of order) {
      const window = async (withTasks: boolean) => {
        await typeWindow(withTasks, pair, keys, samples);
        await editWindow(withTasks, pair, editsPerWindow, edits);
      };
      if (kind === 0) await window(false);
      else turns += await withTwoTasks(() => window(true));
    }
  }
  return { samples, edits, turns, load: [Math.round(before * 100) / 100, Math.round(loadavg()[0]! * 100) / 100] };
}

try {
  await until('the fast connection warm', () => fast.state.status === 'warm', 30_000);
  // A warm-up window of each kind, not counted.
  await typeWindow(false, -1, keysOf(10), []);
  await editWindow(false, -1, 2, []);
  await withTwoTasks(() => typeWindow(true, -1, keysOf(10), []));
  const cpu = cpuRuns > 0 ? await hostCpu() : undefined;
  const quiet = await phase(windows);
  let busy: Awaited<ReturnType<typeof phase>> | undefined;
  if (busyWindows > 0) {
    const load = competingLoad(20 * 60_000);
    try {
      busy = await phase(busyWindows);
    } finally {
      load.stop();
    }
  }
  const cpuPart = cpu && { ...cpu.figure, load_average_cpu: cpu.load, cpu_windows: cpuRuns * cpuWindows, cpu_window_ms: cpuWindowMs, cpu_measured_at: new Date().toISOString() };
  const result = {
    ...figures(quiet.samples, quiet.edits, ''),
    ...cpuPart,
    ...(busy && figures(busy.samples, busy.edits, '_busy')),
    windows,
    busy_windows: busyWindows,
    keys_per_window: keysPerWindow,
    edits_per_window: editsPerWindow,
    task_process_priority: priority,
    task_turns_while_typing: quiet.turns,
    ...(busy && { task_turns_while_typing_busy: busy.turns }),
    load_average: quiet.load,
    ...(busy && { load_average_busy: busy.load }),
    answers_by_source: Object.fromEntries(sources),
    measured_in: `in-process: the extension's completion engine and task manager on one event loop; the fast and the full model each on a local endpoint in its own process, the full model's (a remote service in real use) at nice ${fullNiceness}; the two windows of a pair type the same keys`,
    errors,
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, 'bench/results/tasks-keys.json');
  // The CPU figure alone replaces its own entries in the results kept; the typing figures stay.
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, `${JSON.stringify(windows > 0 ? result : { ...kept, ...cpuPart }, null, 2)}\n`);
  const line = (suffix: string) => {
    const r = result as Record<string, unknown>;
    const f = (name: string) => `${r[name + suffix]} ms (${JSON.stringify(r[`${name}${suffix}_ci`])}, n ${r[`${name}${suffix}_n`]})`;
    return `keystroke added with tasks − none ${f('keystroke_added_ms_with_tasks_minus_none')}, ghost text ${f('ghost_text_first_token_added_ms_with_tasks_minus_none')}, inline edit's first row ${f('inline_edit_first_row_added_ms_with_tasks_minus_none')}`;
  };
  if (cpu) {
    const r = cpu.figure;
    const f = (name: keyof typeof r & string) => `${r[name]} ms (${JSON.stringify(r[`${name}_ci` as keyof typeof r])}, n ${r[`${name}_n` as keyof typeof r]})`;
    console.log(`tasks-keys host per 1,000 task tokens (load ${cpu.load.join('→')}): CPU ${f('host_cpu_ms_per_1k_task_tokens')}, event loop busy ${f('host_loop_busy_ms_per_1k_task_tokens')}`);
  }
  if (windows > 0) console.log(`tasks-keys quiet, task processes at ${priority} priority (load ${quiet.load.join('→')}): ${line('')}; ${quiet.turns} task turns while typing`);
  if (busy) console.log(`tasks-keys busy (load ${busy.load.join('→')}): ${line('_busy')}; ${busy.turns} task turns while typing`);
} finally {
  await manager.dispose();
  processes.dispose();
  fast.dispose();
  full.dispose();
  fastEndpoint.child.kill('SIGTERM');
  fullEndpoint.child.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
