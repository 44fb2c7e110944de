// One project test run of a background task, its package's test script run directly (as npm
// would) beside real `npm test`, alternating in one run: wall time and the CPU time of the run's
// processes (user + system of the children this process reaped, from /proc/self/stat), through
// the task environment's own runTests at the tasks' priority (the idle scheduling class).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDenyList } from '../src/privacy/denyList';
import { background } from '../src/tasks/backgroundProcess';
import { nodeProbe } from '../src/tasks/nodeProbe';
import { packageScript } from '../src/tasks/packageScript';
import { createTaskEnvironment } from '../src/tasks/taskEnvironment';
import { spawnProcess } from '../src/tests/spawnProcess';
import { writeFiles } from '../support/folderFixture';
import { balancedTurns } from './balancedOrders.mjs';
import { pairedMedianDifference, percentileFigure } from './sampleStats.mjs';

const TEST = (i: number) => `import test from 'node:test';\nimport assert from 'node:assert';\ntest('sum ${i}', () => assert.equal(${i} + 1, ${i + 1}));\ntest('text ${i}', () => assert.match('run ${i}', /run/));\n`;

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** CPU time (ms) of the children this process has reaped, and theirs: utime + stime of the children, fields 16 and 17. */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
}

interface Sample {
  wallMs: number;
  cpuMs: number;
}

export interface ProjectTestRuns {
  direct: Sample[];
  npm: Sample[];
}

/** `runs` test runs each way on a small node --test project, in balanced alternating order. */
export async function projectTestRuns(runs: number): Promise<ProjectTestRuns> {
  const root = await mkdtemp(join(tmpdir(), 'flint-bench-npm-'));
  writeFiles(root, {
    'package.json': JSON.stringify({ name: 'bench-project', version: '1.0.0', type: 'module', scripts: { test: 'node --test' } }),
    ...Object.fromEntries([1, 2, 3].map((i) => [`test/t${i}.test.js`, TEST(i)])),
  });
  const plan = await packageScript(root, 'test', process.env);
  if (plan.kind === 'npm') throw new Error(`the test script would run through npm here (${plan.reason}): nothing to compare`);
  const env = (override: string) =>
    createTaskEnvironment({
      root, folder: root, isDenied: createDenyList([]), trusted: () => true, allowedCommands: () => [], alwaysAllowed: new Set<string>(),
      askConsent: async () => 'deny', spawn: background(spawnProcess, () => 'idle'), commandTimeoutMs: 60_000, testTimeoutMs: 60_000,
      testCommandOverride: override, probe: nodeProbe,
    });
  // flint.tests.command `npm test` runs npm itself: the same path, with npm.
  const ways = { direct: env(''), npm: env('npm test') };
  const out: ProjectTestRuns = { direct: [], npm: [] };
  try {
    for (const order of balancedTurns(2, runs)) {
      for (const way of order.map((i) => (['direct', 'npm'] as const)[i])) {
        const cpu0 = childrenCpuMs();
        const t0 = performance.now();
        const r = await ways[way].runTests(new AbortController().signal);
        const wallMs = performance.now() - t0;
        if (r.exitCode !== 0 || !r.output.startsWith('\n> bench-project@1.0.0 test\n> node --test\n')) throw new Error(`the ${way} test run failed (${r.exitCode}): ${r.output.slice(0, 400)}`);
        out[way].push({ wallMs, cpuMs: childrenCpuMs() - cpu0 });
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return out;
}

/** Flat figures: medians each way and the paired differences npm − direct, wall and CPU, with `suffix` (`_busy`). */
export function projectTestFigures(runs: ProjectTestRuns, suffix = ''): Record<string, unknown> {
  const pairs = (key: keyof Sample) => runs.npm.map((s, i) => [s[key], runs.direct[i][key]] as [number, number]);
  return {
    ...percentileFigure(`project_test_run_ms_p50_direct${suffix}`, runs.direct.map((s) => s.wallMs), 50, { digits: 1 }),
    ...percentileFigure(`project_test_run_ms_p50_npm${suffix}`, runs.npm.map((s) => s.wallMs), 50, { digits: 1 }),
    ...pairedMedianDifference(`project_test_run_ms_npm_minus_direct${suffix}`, pairs('wallMs'), { digits: 1 }),
    ...percentileFigure(`project_test_run_cpu_ms_p50_direct${suffix}`, runs.direct.map((s) => s.cpuMs), 50, { digits: 1 }),
    ...percentileFigure(`project_test_run_cpu_ms_p50_npm${suffix}`, runs.npm.map((s) => s.cpuMs), 50, { digits: 1 }),
    ...pairedMedianDifference(`project_test_run_cpu_ms_npm_minus_direct${suffix}`, pairs('cpuMs'), { digits: 1 }),
  };
}
