import { join } from 'node:path';
import { CodeParser, installedParserFiles } from '../../src/code/codeParser';
import { ContinuousTests, type ContinuousEvents } from '../../src/tests/continuousTests';
import { parseSections } from '../../src/tests/flintTestFile';
import type { Regression } from '../../src/tests/regressionCheck';
import { parsedFunctions, type FunctionFinder } from '../../src/tests/sourceFunctions';
import { bracketProblem } from '../../src/tests/syntaxCheck';
import type { TestModelRequest } from '../../src/tests/testGeneration';
import { memoryLedgerStore, TestLedger } from '../../src/tests/testLedger';
import type { RunOutcome, TestCaseResult } from '../../src/tests/testTypes';
import { memoryProbe } from './memoryProbe';

export const SOURCE = 'export function area(w: number, h: number): number {\n  return w * h;\n}\n\nexport function perimeter(w: number, h: number): number {\n  return 2 * (w + h);\n}\n';
export const TEST_FILE = '/w/src/shapes.flint.test.ts';
const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };

let finder: Promise<FunctionFinder> | undefined;
/** The real parser's functions (loaded once). */
export const findFunctions: FunctionFinder = async (text, path) => {
  finder ??= CodeParser.load(installedParserFiles(join(__dirname, '../..'))).then((parser) => parsedFunctions(async () => parser));
  return (await finder)(text, path);
};

/** What the fake runner reports for a test file: by default, one passing test per Flint section ("<fn> > works"). */
export type Runner = (file: string, files: Record<string, string>) => TestCaseResult[] | { error: string };
export const sectionsPass = (file: string, files: Record<string, string>): TestCaseResult[] => parseSections(files[file] ?? '').map((s) => ({ name: `${s.name} > works`, title: 'works', status: 'passed' as const }));

export interface SetupOptions {
  answer?: (r: TestModelRequest, n: number) => string;
  delayMs?: number;
  modelDelayMs?: number;
  override?: string;
  files?: Record<string, string>;
  runner?: Runner;
  /** How long each run of a test file takes (its verdict is on the files as the run starts). */
  runDelayMs?: number;
  /** With it, a failing test never seen passing runs on the previous text: the runner on the files with the source's text replaced. */
  previousRuns?: boolean;
  committed?: Record<string, string>;
  maxFunctionsPerSave?: number;
}

/**
 * Continuous tests on an in-memory workspace, the real parser, a fake model and a fake runner
 * whose verdict is a function of the files (a saved source is in them): what each part did is
 * recorded in order.
 */
export function setup(options: SetupOptions = {}) {
  const probe = memoryProbe(options.files ?? { '/w/package.json': JSON.stringify({ devDependencies: { vitest: '4' } }) });
  const requests: TestModelRequest[] = [];
  const writes: string[] = [];
  const runs: string[] = [];
  const log: string[] = [];
  const regressions: Regression[] = [];
  const previousRuns: { testFile: string; text: string }[] = [];
  /** Each finished check: how many regressions it found. */
  const checked: number[] = [];
  let runner = options.runner ?? sectionsPass;
  const ledger = new TestLedger(memoryLedgerStore());
  let inFlight = 0;
  let maxInFlight = 0;
  const events: ContinuousEvents = {
    busy: () => undefined,
    noFramework: (_s, m) => log.push(`none ${m}`),
    generating: (_s, f, left) => log.push(`generating ${f.join(',')}${left.length > 0 ? ` (left ${left.join(',')})` : ''}`),
    refused: (_s, f, r) => log.push(`refused ${f}: ${r}`),
    failed: (_s, m) => log.push(`failed ${m}`),
    written: (_s, _t, i) => log.push(`written ${i.functions.join(',')}`),
    results: (_s, t, _fw, o, i) => {
      log.push(`${i.phase} ${t.split('/').pop()} ${o.error ? 'errored' : `${o.tests.filter((x) => x.status === 'passed').length}/${o.tests.length}`}`);
      regressions.push(...i.regressions);
    },
    checked: (_s, r) => checked.push(r.regressions.length),
  };
  const runOn = async (file: string, files: Record<string, string>): Promise<RunOutcome> => {
    const r = runner(file, files);
    if (options.runDelayMs) await new Promise((res) => setTimeout(res, options.runDelayMs));
    return 'error' in r ? { tests: [], output: 'boom', command: 'vitest', runnerMs: 1, error: r.error } : { tests: r, output: '', command: 'vitest', runnerMs: 1 };
  };
  const answer = options.answer ?? ((r) => {
    const name = /Write the tests of `([\w.]+)`/.exec(r.input)![1];
    return `describe('${name}', () => {\n  it('works', () => expect(${name}(2, 3)).toBeGreaterThan(0));\n});`;
  });
  const tests = new ContinuousTests({
    root: () => '/w',
    probe,
    findFunctions: (text, path) => findFunctions(text, path),
    ledger,
    write: async (p, t) => {
      probe.files[p] = t;
      writes.push(p);
    },
    model: async (r, signal) => {
      requests.push(r);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        await new Promise((res) => setTimeout(res, options.modelDelayMs ?? 1));
        if (signal.aborted) throw new Error('cancelled');
        return { text: answer(r, requests.length), model: 'fast', modelMs: 1 };
      } finally {
        inFlight--;
      }
    },
    check: async (code, _f, lang) => bracketProblem(code, lang),
    run: async (_fw, file) => {
      runs.push(file);
      return runOn(file, probe.files);
    },
    ...(options.previousRuns
      ? {
          runPrevious: async (_fw: unknown, file: string, source: string, text: string) => {
            previousRuns.push({ testFile: file, text });
            return runOn(file, { ...probe.files, [source]: text });
          },
        }
      : {}),
    ...(options.committed ? { committed: async (path: string) => options.committed?.[path] } : {}),
    ...(options.maxFunctionsPerSave !== undefined ? { maxFunctionsPerSave: () => options.maxFunctionsPerSave! } : {}),
    events,
    timers,
    now: () => performance.now(),
    delayMs: options.delayMs ?? 0,
    commandOverride: () => options.override ?? '',
  });
  /** A save as the editor makes it: the text is on disk, then continuous tests hear of it. */
  const saveNow = (path: string, text: string) => {
    probe.files[path] = text;
    tests.saved(path, text);
  };
  const save = async (path: string, text: string) => {
    saveNow(path, text);
    await tests.idle();
  };
  return { tests, probe, requests, writes, runs, log, regressions, previousRuns, checked, ledger, save, saveNow, setRunner: (r: Runner) => (runner = r), maxInFlight: () => maxInFlight };
}

/** The runner's verdict after a bug in `fn`: its tests fail, the others pass. */
export const failing = (fn: string, message = 'expected 5 to be 6'): Runner => (file, files) => sectionsPass(file, files).map((t) => (t.name.startsWith(`${fn} >`) ? { ...t, status: 'failed' as const, message } : t));

