// Continuous tests on a real project: a TypeScript source on vitest in a scratch folder (its
// node_modules are the project's own), the local endpoint (scripted engine) at 1,000 tokens/s
// over a warm WebSocket, the real parser, the real syntax check (the project's TypeScript
// compiler) and the real runner. Each run saves a new source file whose function has no tests
// yet (so tests are written for it); measured: save → tests written (and the
// model's own first-to-last-token time inside it, the rest is what Flint adds), and save →
// results beside the runner's own time. Some saves plant a bug in the function (the tests the
// model writes must then fail in the runner): a run whose results could only say "passed"
// would prove nothing. Then the same saves of correct code with one core kept busy by a
// competing process. Then planted regressions (bench/testsRegressions.ts) and fixes saved at once
// while Flint is busy, with what one save asks (bench/testsFixAtOnce.ts). Usage: npm run bench -- tests [--runs=100] [--planted=10] [--busy-runs=100].
// Writes bench/results/tests.json.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { silentLogger } from '../src/log/logger';
import { startEndpoint } from '../src/server/startEndpoint';
import { CodeParser, installedParserFiles } from '../src/code/codeParser';
import { ContinuousTests } from '../src/tests/continuousTests';
import { projectSyntaxCheck } from '../src/tests/projectSyntaxCheck';
import { runnerCommand } from '../src/tests/runnerCommand';
import { runTestFile } from '../src/tests/runTestFile';
import { parsedFunctions } from '../src/tests/sourceFunctions';
import { spawnProcess } from '../src/tests/spawnProcess';
import { streamTestModel } from '../src/tests/streamTestModel';
import { memoryLedgerStore, TestLedger } from '../src/tests/testLedger';
import { TEST_INSTRUCTIONS } from '../src/tests/testPrompt';
import { createModelClient } from '../src/transport/createModelClient';
import { competingLoad } from './competingLoad.mjs';
import { percentileFigure } from './sampleStats.mjs';
import { measureFixAtOnce } from './testsFixAtOnce';
import { measureRegressions } from './testsRegressions';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const runs = arg('runs', 100);
const planted = arg('planted', 10);
const busyRuns = arg('busy-runs', 100);
/** How many planted mutations the regressions part uses (all of them by default). */
const mutationLimit = arg('mutations', Infinity);
const RATE = 1000;

const TESTS = `describe('area', () => {
  it('multiplies width by height', () => {
    expect(area(2, 3)).toBe(6);
  });

  it('is zero when a side is zero', () => {
    expect(area(0, 3)).toBe(0);
    expect(area(2, 0)).toBe(0);
  });

  it('is symmetric', () => {
    expect(area(4, 7)).toBe(area(7, 4));
  });
});
`;

const source = (i: number, bug: boolean) => `export function area(w: number, h: number): number {
  return ${bug ? 'w + h' : 'w * h'} + ${i} - ${i};
}
`;
/** Saves with the planted bug, spread evenly among the others. */
const buggy = (i: number, total: number) => Math.floor(((i + 1) * planted) / total) > Math.floor((i * planted) / total);

const parser = await CodeParser.load(installedParserFiles(process.cwd()));
const dir = mkdtempSync(join(tmpdir(), 'flint-bench-tests-'));
mkdirSync(join(dir, 'src'));
writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench', private: true, type: 'module', devDependencies: { vitest: '4' } }));
symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
const sourcePath = (i: number) => join(dir, 'src', `shapes${i + 1}.ts`);

const endpoint = await startEndpoint({
  engine: 'scripted',
  script: { rules: [{ match: { user: 'Function under test: area' }, reply: TESTS }] },
  knobs: { tokensPerSecond: RATE, firstTokenDelayMs: 0 },
});
const client = createModelClient({
  role: 'fast',
  model: 'gpt-5.3-codex-spark',
  url: endpoint.url,
  httpApi: 'responses',
  allowInsecure: false,
  firstTokenTimeoutMs: 10_000,
  stallTimeoutMs: 10_000,
  log: silentLogger,
});
const streamModel = streamTestModel({
  route: (r) => ({ target: 'fast', reasons: ['bench'], text: r.text }),
  fast: () => client,
  full: () => client,
  beginGeneration: () => () => undefined,
  log: silentLogger,
});
/** Time spent before the model's first token and in the syntax check, per run (where Flint's share goes). */
const parts = { request: 0, check: 0 };
const model: typeof streamModel = async (request, signal) => {
  const t0 = performance.now();
  const answer = await streamModel(request, signal);
  parts.request += performance.now() - t0 - (answer.modelMs ?? 0);
  return answer;
};
const realCheck = projectSyntaxCheck(spawnProcess);
const check: typeof realCheck = async (...args) => {
  const t0 = performance.now();
  try {
    return await realCheck(...args);
  } finally {
    parts.check += performance.now() - t0;
  }
};

interface Sample {
  saveToWritten: number;
  model: number;
  saveToResults: number;
  runner: number;
  passed: boolean;
  /** Tests ran and at least one failed. */
  failed: boolean;
  bug: boolean;
  request: number;
  check: number;
}
let current: { resolve: (s: Sample) => void; partial: Partial<Sample> } | undefined;
const problems: string[] = [];

const tests = new ContinuousTests({
  root: () => dir,
  findFunctions: parsedFunctions(async () => parser),
  ledger: new TestLedger(memoryLedgerStore()),
  probe: { read: async (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined), exists: async (p) => existsSync(p) },
  write: async (p, t) => writeFileSync(p, t),
  model,
  check,
  run: async (framework, testFile, signal) => {
    const command = await runnerCommand(framework, testFile, join(dir, 'results.json'), { read: async () => undefined, exists: async (p) => existsSync(p) });
    return runTestFile(command, 120_000, { spawn: spawnProcess, now: () => performance.now(), takeResultFile: async (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined) }, signal);
  },
  events: {
    busy: () => undefined,
    noFramework: (_s, m) => problems.push(m),
    generating: () => undefined,
    refused: (_s, _f, r) => problems.push(r),
    failed: (_s, m) => problems.push(m),
    written: (_s, _t, info) => {
      if (current) Object.assign(current.partial, { saveToWritten: info.writtenAt - info.savedAt, model: info.modelMs, request: parts.request, check: parts.check });
    },
    results: (_s, _t, _fw, outcome, info) => {
      if (outcome.error) problems.push(outcome.error);
      current?.resolve({
        ...(current.partial as Sample),
        saveToResults: info.resultsAt - info.savedAt,
        runner: outcome.runnerMs,
        passed: !outcome.error && outcome.tests.length === 3 && outcome.tests.every((t) => t.status === 'passed'),
        failed: !outcome.error && outcome.tests.length === 3 && outcome.tests.some((t) => t.status === 'failed'),
      });
    },
  },
  timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
  now: () => performance.now(),
  commandOverride: () => '',
});

function save(i: number, bug = false): Promise<Sample> {
  const text = source(i, bug);
  parts.request = 0;
  parts.check = 0;
  writeFileSync(sourcePath(i), text);
  return new Promise<Sample>((resolveSample, reject) => {
    const timer = setTimeout(() => reject(new Error(`run ${i}: no results after 180 s (${problems.join('; ')})`)), 180_000);
    current = {
      partial: { bug },
      resolve: (s) => {
        clearTimeout(timer);
        resolveSample(s);
      },
    };
    tests.saved(sourcePath(i), text, performance.now());
  });
}

const samples: Sample[] = [];
/** Saves of correct code with one core kept busy by a competing process. */
const busySamples: Sample[] = [];
try {
  // As the editor does when continuous tests are on: the instructions are warm before the first save.
  await client.warm(TEST_INSTRUCTIONS);
  // One unmeasured run warms the socket, the compiler and the runner's caches.
  await save(-1);
  for (let i = 0; i < runs + planted; i++) samples.push(await save(i, buggy(i, runs + planted)));
  const load = competingLoad();
  try {
    for (let i = 0; i < busyRuns; i++) busySamples.push(await save(runs + planted + i));
  } finally {
    load.stop();
  }
} finally {
  tests.dispose();
  client.dispose();
  await endpoint.close();
  rmSync(dir, { recursive: true, force: true });
}
const { problems: regressionProblems, ...regressions } = await measureRegressions(mutationLimit, RATE, parser);
const fixAtOnce = await measureFixAtOnce(mutationLimit, RATE, parser);

const correct = samples.filter((s) => !s.bug);
const withBug = samples.filter((s) => s.bug);
const result = {
  runs: correct.length,
  tokens_per_s: RATE,
  runner: 'vitest',
  runs_passed: correct.filter((s) => s.passed).length,
  planted_bug_runs: withBug.length,
  planted_bug_runs_failed: withBug.filter((s) => s.failed).length,
  // Every save, planted bug or not: the path to tests written is the same.
  ...percentileFigure('save_to_tests_written_ms_p50', samples.map((s) => s.saveToWritten), 50, { digits: 1 }),
  ...percentileFigure('model_ms_p50', samples.map((s) => s.model), 50, { digits: 1 }),
  ...percentileFigure('flint_added_ms_p50', samples.map((s) => s.saveToWritten - s.model), 50, { digits: 1 }),
  ...percentileFigure('flint_added_ms_p50_busy', busySamples.map((s) => s.saveToWritten - s.model), 50, { digits: 1 }),
  busy_runs_passed: busySamples.filter((s) => s.passed).length,
  ...percentileFigure('save_to_results_ms_p50', samples.map((s) => s.saveToResults), 50, { digits: 1 }),
  ...percentileFigure('runner_ms_p50', samples.map((s) => s.runner), 50, { digits: 1 }),
  // Where Flint's share goes: sending the request until the first token, and the syntax check.
  ...percentileFigure('to_first_token_ms_p50', samples.map((s) => s.request), 50, { digits: 1 }),
  ...percentileFigure('syntax_check_ms_p50', samples.map((s) => s.check), 50, { digits: 1 }),
  problems,
  ...regressions,
  problems_regressions: regressionProblems,
  ...fixAtOnce,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/tests.json', `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
if (result.runs_passed !== result.runs || result.busy_runs_passed !== busySamples.length || result.planted_bug_runs_failed !== result.planted_bug_runs) process.exitCode = 1;
