// Background tasks benchmark, two figures, against the real local endpoint (scripted engine) over
// the full model's real HTTP client, with the real agent loop and toolbox on a temp folder:
// 1. tool_step_overhead_ms_p50: from a function_call item complete at the client (its
//    response.output_item.done read off the stream) to the request carrying its output reaching
//    the endpoint (the server's request start, same process and clock), minus the tool's own
//    work. Counts the wait for the turn's terminal event, the loop's bookkeeping, building and
//    sending the request and the loopback. Quiet, then with one core kept busy.
// 2. loop_guard_turns_over_limit: models that never finish on their own (one repeating one call,
//    one calling with new arguments forever, one reading forever without a change, one talking
//    until the time limit) run under the default limits; the figure is the most turns any of them
//    ran beyond the guard that should have stopped it (the repeat limit, flint.tasks.maxTurns, the
//    no-change limit).
// 3. project_test_run_*: one project test run of a task, the detected `npm test` run directly (its
//    package's scripts as npm runs them) beside real `npm test`, alternating, wall and CPU time
//    (bench/projectTestRun.ts), quiet and with one core kept busy.
// Usage: npm run bench -- tasks [--steps=250] [--runs=5] [--test-runs=30]
// Writes bench/results/tasks.json.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDenyList } from '../src/privacy/denyList';
import { silentLogger } from '../src/log/logger';
import { startEndpoint } from '../src/server/startEndpoint';
import { AgentLoop, type AgentTask } from '../src/tasks/agentLoop';
import type { TaskEnvironment } from '../src/tasks/taskEnvironment';
import { DEFAULT_LIMITS, type TaskLimits } from '../src/tasks/taskLimits';
import { createToolbox } from '../src/tasks/tools/createToolbox';
import { spawnProcess } from '../src/tests/spawnProcess';
import { createModelClient } from '../src/transport/createModelClient';
import { competingLoad } from './competingLoad.mjs';
import { projectTestFigures, projectTestRuns } from './projectTestRun';
import { percentileFigure } from './sampleStats.mjs';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const steps = arg('steps', 250);
const runs = arg('runs', 5);
const testRuns = arg('test-runs', 30);
const root = process.cwd();

const script = {
  rules: [
    // Each turn reads a different range of one file: a step per turn, never a repeat.
    { match: { user: 'step' }, reply: { text: 'Reading.', calls: [{ name: 'read_file', arguments: '{"path":"src/app.js","start_line":1,"end_line":1{{turn}}}' }] } },
    { match: { user: 'repeat' }, reply: { calls: [{ name: 'list_files', arguments: { glob: 'src/**' } }] } },
    { match: { user: 'forever' }, reply: { calls: [{ name: 'create_file', arguments: { path: 'out/f{{turn}}.txt', content: 'turn {{turn}}' } }] } },
    { match: { user: 'idle' }, reply: { calls: [{ name: 'search_workspace', arguments: { pattern: 'x{{turn}}' } }] } },
    { match: { user: 'talk' }, reply: Array.from({ length: 4000 }, (_, i) => ` word${i}`).join('') },
  ],
};

const endpoint = await startEndpoint({ script, knobs: { tokensPerSecond: 0, fullDelayMs: 0 } });
const client = createModelClient({
  role: 'full',
  url: endpoint.httpUrl,
  model: 'gpt-5.3-codex',
  httpApi: 'responses',
  allowInsecure: false,
  firstTokenTimeoutMs: 10_000,
  stallTimeoutMs: 10_000,
  log: silentLogger,
});

// When each POST /v1/responses reaches the endpoint (this process, this clock).
const arrivals: number[] = [];
const onServerRequest = (message: unknown) => {
  const req = (message as { request: IncomingMessage }).request;
  if (req.method === 'POST' && req.url?.endsWith('/responses')) arrivals.push(performance.now());
};

async function workspace(): Promise<TaskEnvironment> {
  const dir = await mkdtemp(join(tmpdir(), 'flint-bench-task-'));
  const file = join(dir, 'src/app.js');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, Array.from({ length: 200 }, (_, i) => `export const v${i} = ${i};`).join('\n'));
  const isDenied = createDenyList([]);
  const refuse = async () => ({ exitCode: null, output: 'Commands do not run in this benchmark.', timedOut: false });
  return { root: dir, isDenied, runCommand: refuse, runTests: async () => ({ command: 'none', ...(await refuse()) }) };
}

async function runTask(prompt: string, limits: Partial<TaskLimits>, extra: Partial<AgentTask> = {}) {
  const env = await workspace();
  const loop = new AgentLoop(
    { client: () => client, toolbox: createToolbox({ env, run: spawnProcess }), metrics: { record() {} }, prices: () => ({}), now: () => performance.now() },
    { instructions: 'Work with the tools.', prompt, limits: { ...DEFAULT_LIMITS, ...limits }, ...extra },
  );
  try {
    return { loop, result: await loop.run() };
  } finally {
    await rm(env.root, { recursive: true, force: true });
  }
}

/** Per step: the endpoint's arrival of the output's request − the call's completion − the tool's own time. */
async function stepOverheads(count: number): Promise<number[]> {
  const out: number[] = [];
  while (out.length < count) {
    arrivals.length = 0;
    const { loop } = await runTask('step', { maxTurns: 61, repeatedCalls: 1000, turnsWithoutChange: 1000 });
    let pending: { receivedAt: number; toolMs: number; doneAt: number } | undefined;
    for (const e of loop.log.events) {
      if (e.kind === 'tool-call') pending = { receivedAt: e.at, toolMs: 0, doneAt: 0 };
      else if (e.kind === 'tool-result' && pending) {
        pending.toolMs = e.durationMs;
        pending.doneAt = e.at;
        const sent = arrivals.find((t) => t >= pending!.doneAt);
        if (sent !== undefined) out.push(sent - pending.receivedAt - pending.toolMs);
        pending = undefined;
      }
    }
  }
  return out.slice(0, count);
}

interface GuardRun {
  model: string;
  reason: string;
  turns: number;
  limit: number;
}

async function guardRuns(): Promise<GuardRun[]> {
  const out: GuardRun[] = [];
  for (let r = 0; r < runs; r++) {
    const repeat = await runTask('repeat', {});
    out.push({ model: 'repeats one call', reason: repeat.result.reason, turns: repeat.result.state.turns, limit: DEFAULT_LIMITS.repeatedCalls });
    const forever = await runTask('forever', {});
    out.push({ model: 'changes a file every turn, never finishes', reason: forever.result.reason, turns: forever.result.state.turns, limit: DEFAULT_LIMITS.maxTurns });
    const idle = await runTask('idle', {});
    out.push({ model: 'searches forever, changes nothing', reason: idle.result.reason, turns: idle.result.state.turns, limit: DEFAULT_LIMITS.turnsWithoutChange });
  }
  // One that talks past its time limit: the turn is cut at the limit, never a turn more.
  endpoint.setKnobs({ tokensPerSecond: 200 });
  const t0 = performance.now();
  const timed = await runTask('talk', { maxMinutes: 0.02 });
  endpoint.setKnobs({ tokensPerSecond: 0 });
  out.push({ model: `talks past a ${0.02 * 60} s limit (ended after ${Math.round(performance.now() - t0)} ms)`, reason: timed.result.reason, turns: timed.result.state.turns, limit: 1 });
  return out;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

subscribe('http.server.request.start', onServerRequest);
try {
  const quiet = await stepOverheads(steps);
  const load = competingLoad();
  const busy = await stepOverheads(steps).finally(() => load.stop());
  const guards = await guardRuns();
  const testsQuiet = await projectTestRuns(testRuns);
  const testLoad = competingLoad();
  const testsBusy = await projectTestRuns(testRuns).finally(() => testLoad.stop());
  const testFigures = { ...projectTestFigures(testsQuiet), ...projectTestFigures(testsBusy, '_busy') };
  const overs = guards.map((g) => Math.max(0, g.turns - g.limit));
  const result = {
    ...percentileFigure('tool_step_overhead_ms_p50', quiet, 50, { digits: 3 }),
    ...percentileFigure('tool_step_overhead_ms_p95', quiet, 95, { digits: 3 }),
    ...percentileFigure('tool_step_overhead_ms_p50_busy', busy, 50, { digits: 3 }),
    ...percentileFigure('tool_step_overhead_ms_p95_busy', busy, 95, { digits: 3 }),
    loop_guard_turns_over_limit: Math.max(...overs),
    loop_guard_turns_over_limit_n: guards.length,
    loop_guard_turns_over_limit_ci: [Math.min(...overs), Math.max(...overs)],
    loop_guard_runs: guards.map((g) => ({ ...g, over: Math.max(0, g.turns - g.limit) })),
    ...testFigures,
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/tasks.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `tasks: tool step overhead p50 ${result.tool_step_overhead_ms_p50} ms (n ${result.tool_step_overhead_ms_p50_n}, ${result.tool_step_overhead_ms_p50_ci?.map(round).join('–')}), ` +
      `busy ${result.tool_step_overhead_ms_p50_busy} ms (${result.tool_step_overhead_ms_p50_busy_ci?.map(round).join('–')}); ` +
      `loop guard: ${result.loop_guard_turns_over_limit} turns over a limit in ${guards.length} runs (${[...new Set(guards.map((g) => g.reason))].join(', ')}); ` +
      `project test run npm − direct: wall ${String(testFigures.project_test_run_ms_npm_minus_direct)} ms (${String(testFigures.project_test_run_ms_npm_minus_direct_ci)}), ` +
      `CPU ${String(testFigures.project_test_run_cpu_ms_npm_minus_direct)} ms (${String(testFigures.project_test_run_cpu_ms_npm_minus_direct_ci)}), n ${testRuns} each`,
  );
} finally {
  unsubscribe('http.server.request.start', onServerRequest);
  client.dispose();
  await endpoint.close();
}
