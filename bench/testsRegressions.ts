// Regressions caught: a TypeScript module of small functions on vitest, their tests written by
// continuous tests on a first save and passing; then single-operator mutations are planted one
// at a time, each saved and then put back. A mutation counts as caught when Flint reports it as
// a regression of the mutated function and the test file is byte for byte what it was. The
// model behind the local endpoint writes tests the way a model reading the code does: from what
// the code it is shown returns (for a mutated function, the mutated results), so tests that are
// rewritten from the changed code follow the bug instead of catching it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { silentLogger } from '../src/log/logger';
import { percentile } from '../src/metrics/percentiles';
import { startEndpoint } from '../src/server/startEndpoint';
import type { CodeParser } from '../src/code/codeParser';
import { ContinuousTests, type ContinuousEvents } from '../src/tests/continuousTests';
import type { Regression } from '../src/tests/regressionCheck';
import { projectSyntaxCheck } from '../src/tests/projectSyntaxCheck';
import { runnerCommand } from '../src/tests/runnerCommand';
import { runTestFile } from '../src/tests/runTestFile';
import { parsedFunctions } from '../src/tests/sourceFunctions';
import { spawnProcess } from '../src/tests/spawnProcess';
import { streamTestModel } from '../src/tests/streamTestModel';
import { memoryLedgerStore, TestLedger } from '../src/tests/testLedger';
import { TEST_INSTRUCTIONS } from '../src/tests/testPrompt';
import type { RunOutcome } from '../src/tests/testTypes';
import { createModelClient } from '../src/transport/createModelClient';

type Value = number | boolean;

/** One function of the module: its parameters, body and the inputs its tests call it with. */
export interface Fn {
  name: string;
  params: string[];
  type: 'number' | 'boolean';
  body: string;
  inputs: Value[][];
}

export const FUNCTIONS: Fn[] = [
  { name: 'add', params: ['a', 'b'], type: 'number', body: 'return a + b;', inputs: [[2, 3], [0, 0]] },
  { name: 'difference', params: ['a', 'b'], type: 'number', body: 'return a - b;', inputs: [[7, 2], [3, 3]] },
  { name: 'scale', params: ['x', 'k'], type: 'number', body: 'return x * k;', inputs: [[3, 4], [5, 1]] },
  { name: 'ratio', params: ['a', 'b'], type: 'number', body: 'return a / b;', inputs: [[8, 2], [9, 3]] },
  { name: 'remainder', params: ['a', 'b'], type: 'number', body: 'return a % b;', inputs: [[7, 3], [9, 3]] },
  { name: 'mean', params: ['a', 'b'], type: 'number', body: 'return (a + b) / 2;', inputs: [[2, 4], [5, 5]] },
  { name: 'sumOfSquares', params: ['a', 'b'], type: 'number', body: 'return a * a + b * b;', inputs: [[3, 4], [1, 2]] },
  { name: 'celsius', params: ['f'], type: 'number', body: 'return (f - 32) * 5 / 9;', inputs: [[212], [32]] },
  { name: 'isAdult', params: ['age'], type: 'number', body: 'return age >= 18;', inputs: [[18], [17]] },
  { name: 'isNegative', params: ['x'], type: 'number', body: 'return x < 0;', inputs: [[0], [-1]] },
  { name: 'isBig', params: ['x'], type: 'number', body: 'return x > 100;', inputs: [[100], [101]] },
  { name: 'atMost', params: ['x', 'max'], type: 'number', body: 'return x <= max;', inputs: [[5, 5], [6, 5]] },
  { name: 'inRange', params: ['x', 'lo', 'hi'], type: 'number', body: 'return x >= lo && x < hi;', inputs: [[5, 5, 10], [10, 5, 10], [4, 5, 10]] },
  { name: 'same', params: ['a', 'b'], type: 'number', body: 'return a === b;', inputs: [[1, 1], [1, 2]] },
  { name: 'differs', params: ['a', 'b'], type: 'number', body: 'return a !== b;', inputs: [[1, 1], [1, 2]] },
  { name: 'both', params: ['a', 'b'], type: 'boolean', body: 'return a && b;', inputs: [[true, false], [true, true]] },
  { name: 'either', params: ['a', 'b'], type: 'boolean', body: 'return a || b;', inputs: [[true, false], [false, false]] },
];

/** Single-operator swaps: each operator in a body, replaced by its counterpart, is one mutation. */
const SWAPS: Record<string, string> = { '+': '-', '-': '+', '*': '/', '/': '*', '%': '*', '<': '<=', '<=': '<', '>': '>=', '>=': '>', '===': '!==', '!==': '===', '&&': '||', '||': '&&' };
const OPERATOR = /===|!==|<=|>=|&&|\|\||[+\-*/%<>]/g;

export interface Mutation {
  fn: Fn;
  body: string;
  /** e.g. "add: + → -" */
  label: string;
}

export function mutations(): Mutation[] {
  const out: Mutation[] = [];
  for (const fn of FUNCTIONS) {
    for (const m of fn.body.matchAll(OPERATOR)) {
      // A minus sign of a negative literal is not an operator here (the bodies have none).
      const to = SWAPS[m[0]];
      const body = fn.body.slice(0, m.index) + to + fn.body.slice(m.index! + m[0].length);
      out.push({ fn, body, label: `${fn.name}: ${m[0]} → ${to}` });
    }
  }
  return out;
}

const returnType = (fn: Fn) => (/^return .*(===|!==|<|>|<=|>=)/.test(fn.body) ? 'boolean' : fn.type);
export const declaration = (fn: Fn, body = fn.body) => `export function ${fn.name}(${fn.params.map((p) => `${p}: ${fn.type}`).join(', ')}): ${returnType(fn)} {\n  ${body}\n}`;
export const moduleText = (bodies: Map<string, string> = new Map()) => `${FUNCTIONS.map((fn) => declaration(fn, bodies.get(fn.name))).join('\n\n')}\n`;
const evaluate = (fn: Fn, body: string, args: Value[]) => new Function(...fn.params, body)(...args) as Value;

/** Tests of `fn` as a model reading `body` would write them: the results that body returns. */
export function testsFor(fn: Fn, body: string): string {
  const cases = fn.inputs.map((args) => {
    const value = evaluate(fn, body, args);
    return `  it('${fn.name}(${args.join(', ')}) is ${value}', () => {\n    expect(${fn.name}(${args.join(', ')})).toBe(${value});\n  });`;
  });
  return `describe('${fn.name}', () => {\n${cases.join('\n\n')}\n});\n`;
}

/** Every mutation must change a result the tests look at; one that does not is a defect of this bench. */
export function assertKillable(all: Mutation[]): void {
  for (const m of all) {
    const killed = m.fn.inputs.some((args) => evaluate(m.fn, m.body, args) !== evaluate(m.fn, m.fn.body, args));
    if (!killed) throw new Error(`mutation ${m.label} changes no tested result: the bench's inputs must catch it`);
  }
}

export interface RegressionFigures {
  mutations: number;
  regressions_caught: number;
  /** Mutations after which the test file was no longer what it was. */
  tests_rewritten: number;
  /** Save of a mutation to Flint's verdict on it, p50 (ms). */
  save_to_verdict_ms_p50: number;
  save_to_verdict_ms_p50_n: number;
  missed: string[];
  problems: string[];
}

/** Plants the mutations (at most `limit`) one by one and counts those reported as regressions. */
export async function measureRegressions(limit: number, rate: number, parser: CodeParser): Promise<RegressionFigures> {
  const all = mutations().slice(0, limit);
  assertKillable(all);
  const rules = [
    ...all.map((m) => ({ match: { user: `Function under test: ${m.fn.name}\n${declaration(m.fn, m.body)}` }, reply: testsFor(m.fn, m.body) })),
    ...FUNCTIONS.map((fn) => ({ match: { user: `Function under test: ${fn.name}\n` }, reply: testsFor(fn, fn.body) })),
  ];
  const endpoint = await startEndpoint({ engine: 'scripted', script: { rules }, knobs: { tokensPerSecond: rate, firstTokenDelayMs: 0 } });
  const client = createModelClient({ role: 'fast', model: 'gpt-5.3-codex-spark', url: endpoint.url, httpApi: 'responses', allowInsecure: false, firstTokenTimeoutMs: 10_000, stallTimeoutMs: 10_000, log: silentLogger });
  const dir = mkdtempSync(join(tmpdir(), 'flint-bench-regressions-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-regressions', private: true, type: 'module', devDependencies: { vitest: '4' } }));
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  const sourcePath = join(dir, 'src', 'calc.ts');
  const testFile = join(dir, 'src', 'calc.flint.test.ts');
  const problems: string[] = [];
  const seen: { results: RunOutcome[]; regressions: Regression[] } = { results: [], regressions: [] };
  const events: ContinuousEvents = {
    busy: () => undefined,
    noFramework: (_s, m) => problems.push(m),
    generating: () => undefined,
    refused: (_s, _f, r) => problems.push(r),
    failed: (_s, m) => problems.push(m),
    written: () => undefined,
    results: (_s, _t, _fw, outcome, info) => {
      seen.results.push(outcome);
      seen.regressions.push(...info.regressions);
    },
  };
  const tests = new ContinuousTests({
    root: () => dir,
    findFunctions: parsedFunctions(async () => parser),
    ledger: new TestLedger(memoryLedgerStore()),
    probe: { read: async (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined), exists: async (p) => existsSync(p) },
    write: async (p, t) => writeFileSync(p, t),
    model: streamTestModel({ route: (r) => ({ target: 'fast', reasons: ['bench'], text: r.text }), fast: () => client, full: () => client, beginGeneration: () => () => undefined, log: silentLogger }),
    check: projectSyntaxCheck(spawnProcess),
    run: async (framework, file, signal) => {
      const command = await runnerCommand(framework, file, join(dir, 'results.json'), { read: async () => undefined, exists: async (p) => existsSync(p) });
      return runTestFile(command, 120_000, { spawn: spawnProcess, now: () => performance.now(), takeResultFile: async (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined) }, signal);
    },
    events,
    timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    now: () => performance.now(),
    commandOverride: () => '',
    // The accepted tests cover every function; the mutations then change one function per save.
    maxFunctionsPerSave: () => FUNCTIONS.length,
  });
  const save = async (text: string) => {
    seen.results = [];
    seen.regressions = [];
    writeFileSync(sourcePath, text);
    tests.saved(sourcePath, text, performance.now());
    await tests.idle();
  };
  const missed: string[] = [];
  const verdictMs: number[] = [];
  let caught = 0;
  let rewritten = 0;
  try {
    await client.warm(TEST_INSTRUCTIONS);
    // The accepted tests: written on a first save, and they must pass before anything is planted.
    await save(moduleText());
    const passing = seen.results.at(-1);
    if (!passing || passing.error || passing.tests.length === 0 || passing.tests.some((t) => t.status !== 'passed')) {
      throw new Error(`the first tests did not pass: ${passing?.error ?? passing?.tests.filter((t) => t.status !== 'passed').map((t) => t.name).join(', ') ?? 'no run'} (${problems.join('; ')})`);
    }
    for (const m of all) {
      const before = readFileSync(testFile, 'utf8');
      const t0 = performance.now();
      await save(moduleText(new Map([[m.fn.name, m.body]])));
      verdictMs.push(performance.now() - t0);
      const unchanged = readFileSync(testFile, 'utf8') === before;
      const reported = seen.regressions.some((r) => r.fn === m.fn.name && r.test.name.startsWith(`${m.fn.name} >`));
      if (!unchanged) rewritten++;
      if (reported && unchanged) caught++;
      else missed.push(m.label);
      // Put it back: its tests pass again before the next mutation.
      await save(moduleText());
    }
  } finally {
    tests.dispose();
    client.dispose();
    await endpoint.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const sorted = [...verdictMs].sort((a, b) => a - b);
  return {
    mutations: all.length,
    regressions_caught: Math.round((caught / all.length) * 1000) / 1000,
    tests_rewritten: rewritten,
    save_to_verdict_ms_p50: Math.round(percentile(sorted, 50)! * 10) / 10,
    save_to_verdict_ms_p50_n: sorted.length,
    missed,
    problems,
  };
}
