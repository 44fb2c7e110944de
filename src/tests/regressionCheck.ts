import type { SaveSnapshot } from './saveSnapshot';
import { blameFunction, type CoveringFile } from './testCoverage';
import { testId, type TestLedger } from './testLedger';
import type { Framework, RunOutcome, TestCaseResult } from './testTypes';

/** A test that passed before a change and fails after it. */
export interface Regression {
  test: TestCaseResult;
  testFile: string;
  /** The source file and the changed function it is shown on (its key: see functionKeys). */
  source: string;
  fn?: string;
  /** That function's text before the change, when known. */
  previous?: string;
}

export interface CheckResult {
  regressions: Regression[];
  /** Keys of changed functions with a failing test (regressed or not): no tests are added for them. */
  failing: Set<string>;
  /** A run that itself went wrong: then nothing is written. */
  errored: boolean;
  /** The tests that failed (ids, see testId): on the next save, known to fail on its previous text. */
  failedTests: Set<string>;
}

export type CheckRun = (framework: Framework, testFile: string, signal: AbortSignal) => Promise<RunOutcome>;

export interface CheckOptions {
  /** Run every covering file even when no function changed (the last check was cut short). */
  all?: boolean;
  /** The test file run on the source's previous text, aside; undefined when there is none. */
  before?(testFile: string, signal: AbortSignal): Promise<RunOutcome | undefined>;
  /** Tests (ids) already seen failing on that previous text: no need to run them there. */
  failedBefore?: ReadonlySet<string>;
}

/** Whether the ledger has seen the test pass (it passed last, or it regressed since). */
function seenPassing(ledger: TestLedger, testFile: string, test: TestCaseResult): boolean {
  const status = ledger.get(testFile, test.name)?.status;
  return status === 'passed' || status === 'regressed';
}

/**
 * Failing tests Flint has never seen pass are run on the previous text before they are called
 * anything: those that passed there are recorded as passing then, so that the run of now makes
 * them regressions. Returns false when the check was cancelled meanwhile.
 */
async function learnBaseline(file: string, outcome: RunOutcome, ledger: TestLedger, options: CheckOptions, signal: AbortSignal): Promise<boolean> {
  const known = (t: TestCaseResult) => seenPassing(ledger, file, t) || !!options.failedBefore?.has(testId(file, t.name));
  const unseen = new Set(outcome.tests.filter((t) => t.status === 'failed' && !known(t)).map((t) => t.name));
  if (outcome.error || unseen.size === 0 || !options.before) return true;
  const earlier = await options.before(file, signal);
  if (signal.aborted) return false;
  const passedThen = earlier && !earlier.error ? earlier.tests.filter((t) => t.status === 'passed' && unseen.has(t.name)) : [];
  if (passedThen.length > 0) ledger.record(file, { ...earlier!, tests: passedThen }, { wholeFile: false });
  return true;
}

/** Whether a test file declares tests the ledger has no result for yet. */
function hasUnknownTests(file: CoveringFile, ledger: TestLedger): boolean {
  return file.tests.some((d) => !ledger.get(file.path, d.path.join(' > ')));
}

/**
 * Regression first: before anything is written, the test files holding tests of the changed
 * source run as they are. Each failing test is put on the changed function it is about, and a
 * test that passed before and fails now is a regression. When no function changed, only files
 * with tests never seen run, so that what passes now is known before the next change. A failing
 * test never seen passing is run on the previous text first (see learnBaseline). Nothing here
 * writes a file.
 */
export async function checkExisting(
  s: SaveSnapshot,
  run: CheckRun,
  ledger: TestLedger,
  signal: AbortSignal,
  onOutcome: (testFile: string, outcome: RunOutcome, regressions: Regression[]) => void,
  options: CheckOptions = {},
): Promise<CheckResult | undefined> {
  const result: CheckResult = { regressions: [], failing: new Set(), errored: false, failedTests: new Set() };
  const files = s.changed.length > 0 || options.all ? s.covering : s.covering.filter((f) => hasUnknownTests(f, ledger));
  for (const file of files) {
    const outcome = await run(s.framework, file.path, signal);
    if (signal.aborted || !(await learnBaseline(file.path, outcome, ledger, options, signal))) return undefined;
    const blamed = new Map<TestCaseResult, string | undefined>();
    const blame = (t: TestCaseResult) => {
      const fn = blameFunction(file, t, s.changed)?.key;
      blamed.set(t, fn);
      return fn ? { source: s.path, fn } : undefined;
    };
    const regressed = ledger.record(file.path, outcome, { wholeFile: true, blame });
    const found = regressed.map((test): Regression => {
      const fn = blamed.get(test);
      const previous = fn ? s.previous?.get(fn) : undefined;
      return { test, testFile: file.path, source: s.path, ...(fn ? { fn } : {}), ...(previous !== undefined ? { previous } : {}) };
    });
    result.regressions.push(...found);
    if (outcome.error) result.errored = true;
    for (const t of outcome.tests) {
      if (t.status !== 'failed') continue;
      result.failedTests.add(testId(file.path, t.name));
      const fn = blamed.get(t) ?? blameFunction(file, t, s.changed)?.key;
      if (fn) result.failing.add(fn);
    }
    onOutcome(file.path, outcome, found);
  }
  return result;
}
