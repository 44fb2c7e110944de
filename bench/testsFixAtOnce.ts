// A fix saved at once, and what one save asks: the module of bench/testsRegressions.ts with its
// tests written and passing; then each single-operator mutation is planted together with a new
// function that has no tests (so the save has follow-up work: tests to write and run), and the
// moment the regression is reported the mutation is undone and saved at once, while that work is
// under way. Measured: the share of fixes after which the mutated function's tests pass again
// with nothing else done, and the time from the fix's save to that; the model requests of each
// save (also on modules whose twelve untested functions all change in one save), and the
// notifications each save would raise (the editor's rule: SaveNotices).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CodeParser } from '../src/code/codeParser';
import { silentLogger } from '../src/log/logger';
import { startEndpoint } from '../src/server/startEndpoint';
import { ContinuousTests, type ContinuousEvents } from '../src/tests/continuousTests';
import { projectSyntaxCheck } from '../src/tests/projectSyntaxCheck';
import type { Regression } from '../src/tests/regressionCheck';
import { runnerCommand } from '../src/tests/runnerCommand';
import { runTestFile } from '../src/tests/runTestFile';
import { SaveNotices } from '../src/tests/saveNotices';
import { parsedFunctions } from '../src/tests/sourceFunctions';
import { spawnProcess } from '../src/tests/spawnProcess';
import { streamTestModel } from '../src/tests/streamTestModel';
import { memoryLedgerStore, TestLedger } from '../src/tests/testLedger';
import { TEST_INSTRUCTIONS } from '../src/tests/testPrompt';
import { createModelClient } from '../src/transport/createModelClient';
import { percentileFigure, shareFigure } from './sampleStats.mjs';
import { assertKillable, declaration, FUNCTIONS, moduleText, mutations, testsFor } from './testsRegressions';

const extra = (i: number) => `export function extra${i}(x: number): number {\n  return x + ${i} - ${i};\n}\n`;
const extraTests = (i: number) => `describe('extra${i}', () => {\n  it('returns x', () => {\n    expect(extra${i}(2)).toBe(2);\n  });\n});\n`;
const WIDE = 12;
const wide = (round: number) => Array.from({ length: WIDE }, (_, i) => `export function w${i}(x: number): number {\n  return x * ${round + 1};\n}\n`).join('\n');
const wideTests = (i: number) => `describe('w${i}', () => {\n  it('is a number', () => {\n    expect(typeof w${i}(2)).toBe('number');\n  });\n});\n`;

export interface FixFigures {
  [figure: string]: unknown;
  problems_fix: string[];
}

/** Plants each mutation (at most `limit`) with a new function, undoes it the moment it is reported, and saves at once. */
export async function measureFixAtOnce(limit: number, rate: number, parser: CodeParser, wideSaves = 60): Promise<FixFigures> {
  const all = mutations().slice(0, limit);
  assertKillable(all);
  const rules = [
    ...all.map((m) => ({ match: { user: `Function under test: ${m.fn.name}\n${declaration(m.fn, m.body)}` }, reply: testsFor(m.fn, m.body) })),
    ...FUNCTIONS.map((fn) => ({ match: { user: `Function under test: ${fn.name}\n` }, reply: testsFor(fn, fn.body) })),
    ...all.map((_, i) => ({ match: { user: `Function under test: extra${i}\n` }, reply: extraTests(i) })),
    ...Array.from({ length: WIDE }, (_, i) => ({ match: { user: `Function under test: w${i}\n` }, reply: wideTests(i) })),
  ];
  const endpoint = await startEndpoint({ engine: 'scripted', script: { rules }, knobs: { tokensPerSecond: rate, firstTokenDelayMs: 0 } });
  const client = createModelClient({ role: 'fast', model: 'gpt-5.3-codex-spark', url: endpoint.url, httpApi: 'responses', allowInsecure: false, firstTokenTimeoutMs: 10_000, stallTimeoutMs: 10_000, log: silentLogger });
  const dir = mkdtempSync(join(tmpdir(), 'flint-bench-fix-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-fix', private: true, type: 'module', devDependencies: { vitest: '4' } }));
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  const sourcePath = join(dir, 'src', 'calc.ts');
  const testFile = join(dir, 'src', 'calc.flint.test.ts');
  const problems: string[] = [];
  const ledger = new TestLedger(memoryLedgerStore());
  const notices = new SaveNotices();
  /** Per save (each piece of work the scheduler starts): model requests and notifications. */
  const saves: { requests: number; notifications: number }[] = [];
  let counting = false;
  const current = () => saves.at(-1);
  const told = (n: unknown) => {
    if (n && current()) current()!.notifications++;
  };
  let onRegression: ((r: Regression[]) => void) | undefined;
  const events: ContinuousEvents = {
    busy: (source, on) => {
      if (on) {
        if (counting) saves.push({ requests: 0, notifications: 0 });
        notices.begin(source);
      } else if (notices.end(source)) told(true);
    },
    noFramework: (_s, m) => {
      problems.push(m);
      told(true);
    },
    generating: () => undefined,
    refused: (s, f, r) => {
      problems.push(r);
      notices.refused(s, f, r);
    },
    failed: (_s, m) => problems.push(m),
    written: () => undefined,
    results: (source, file, _fw, outcome, info) => {
      const n = { testFile: file, outcome, regressions: info.regressions };
      if (info.phase === 'check') notices.checkRun(source, n);
      else told(notices.addedRun(source, n));
    },
    // The moment the notification would show: the regression is reported.
    checked: (source, result) => {
      told(notices.checked(source));
      if (result.regressions.length > 0) onRegression?.(result.regressions);
    },
  };
  const stream = streamTestModel({ route: (r) => ({ target: 'fast', reasons: ['bench'], text: r.text }), fast: () => client, full: () => client, beginGeneration: () => () => undefined, log: silentLogger });
  let bound = FUNCTIONS.length;
  const tests = new ContinuousTests({
    root: () => dir,
    findFunctions: parsedFunctions(async () => parser),
    ledger,
    probe: { read: async (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined), exists: async (p) => existsSync(p) },
    write: async (p, t) => writeFileSync(p, t),
    model: (request, signal) => {
      if (current()) current()!.requests++;
      return stream(request, signal);
    },
    check: projectSyntaxCheck(spawnProcess),
    run: async (framework, file, signal) => {
      const command = await runnerCommand(framework, file, join(dir, `results-${performance.now()}.json`), { read: async () => undefined, exists: async (p) => existsSync(p) });
      return runTestFile(command, 120_000, { spawn: spawnProcess, now: () => performance.now(), takeResultFile: async (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined) }, signal);
    },
    events,
    timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    now: () => performance.now(),
    commandOverride: () => '',
    maxFunctionsPerSave: () => bound,
  });
  const saveNow = (path: string, text: string) => {
    writeFileSync(path, text);
    tests.saved(path, text, performance.now());
  };
  /** Every test of `fn` passes in the ledger (their names are the ones testsFor gives). */
  const passing = (name: string) => {
    const fn = FUNCTIONS.find((f) => f.name === name)!;
    return fn.inputs.every((args) => ledger.get(testFile, `${name} > ${name}(${args.join(', ')}) is ${String(new Function(...fn.params, fn.body)(...args))}`)?.status === 'passed');
  };
  const clearedMs: number[] = [];
  let cleared = 0;
  let reported = 0;
  try {
    await client.warm(TEST_INSTRUCTIONS);
    // The accepted tests: every function's, written on a first save, passing.
    saveNow(sourcePath, moduleText());
    await tests.idle();
    bound = 3;
    counting = true;
    let extras = '';
    for (const [i, m] of all.entries()) {
      const regression = new Promise<boolean>((res) => {
        const timer = setTimeout(() => res(false), 120_000);
        onRegression = (rs) => {
          if (!rs.some((r) => r.fn === m.fn.name)) return;
          clearTimeout(timer);
          res(true);
        };
      });
      saveNow(sourcePath, `${moduleText(new Map([[m.fn.name, m.body]]))}\n${extras}${extra(i)}`);
      if (!(await regression)) {
        problems.push(`${m.label}: never reported`);
        await tests.idle();
        continue;
      }
      reported++;
      onRegression = undefined;
      // Undone and saved at once: the follow-up work (tests of extra${i}) is under way.
      extras += `${extra(i)}\n`;
      const t0 = performance.now();
      const done = new Promise<number | undefined>((res) => {
        const timer = setTimeout(() => (off(), res(undefined)), 60_000);
        const off = ledger.onChange(() => {
          if (!passing(m.fn.name)) return;
          clearTimeout(timer);
          off();
          res(performance.now() - t0);
        });
      });
      saveNow(sourcePath, `${moduleText()}\n${extras}`);
      const ms = await done;
      await tests.idle();
      if (ms !== undefined && passing(m.fn.name)) {
        cleared++;
        clearedMs.push(ms);
      } else problems.push(`${m.label}: the fix saved at once did not clear the regression`);
    }
    // Modules of twelve functions without tests, each opened and saved with all twelve changed.
    for (let round = 0; round < wideSaves; round++) {
      const path = join(dir, 'src', `wide${round}.ts`);
      await tests.opened(path, wide(0));
      saveNow(path, wide(1));
      await tests.idle();
    }
  } finally {
    tests.dispose();
    client.dispose();
    await endpoint.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    fix_saves: reported,
    ...shareFigure('fix_cleared_share', cleared, reported),
    ...percentileFigure('fix_cleared_ms_p50', clearedMs, 50, { digits: 1 }),
    ...percentileFigure('model_requests_per_save_p50', saves.map((s) => s.requests), 50, { digits: 1 }),
    model_requests_per_save_max: Math.max(0, ...saves.map((s) => s.requests)),
    notifications_per_save_max: Math.max(0, ...saves.map((s) => s.notifications)),
    saves_counted: saves.length,
    problems_fix: problems,
  };
}
