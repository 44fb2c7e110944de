import type { SaveSnapshot } from './saveSnapshot';
import { blameFunction, type CoveringFile } from './testCoverage';
import type { TestLedger } from './testLedger';
import type { Framework, RunOutcome, TestCaseResult } from './testTypes';

/** A test that passed before a change and fails after it. */
export interface Regression {
  test: TestCaseResult;
  testFile: string;
  /** The source file and the changed function it is shown on. */
  source: string;
  fn?: string;
  /** That function's text before the change, when known. */
  previous?: string;
}

export interface CheckResult {
  regressions: Regression[];
  /** Names of changed functions with a failing test (regressed or not): no tests are added for them. */
  failing: Set<string>;
  /** A run that itself went wrong: then nothing is written. */
  errored: boolean;
}

export type CheckRun = (framework: Framework, testFile: string, signal: AbortSignal) => Promise<RunOutcome>;

/** Whether a test file declares tests the ledger has no result for yet. */
function hasUnknownTests(file: CoveringFile, ledger: TestLedger): boolean {
  return file.tests.some((d) => !ledger.get(file.path, d.path.join(' > ')));
}

/**
 * Regression first: before anything is written, the test files holding tests of the changed
 * source run as they are. Each failing test is put on the changed function it is about, and a
 * test that passed before and fails now is a regression. When no function changed, only files
 * with tests never seen run, so that what passes now is known before the next change. Nothing
 * here writes a file.
 */
export async function checkExisting(
  s: SaveSnapshot,
  run: CheckRun,
  ledger: TestLedger,
  signal: AbortSignal,
  onOutcome: (testFile: string, outcome: RunOutcome, regressions: Regression[]) => void,
): Promise<CheckResult | undefined> {
  const result: CheckResult = { regressions: [], failing: new Set(), errored: false };
  const files = s.changed.length > 0 ? s.covering : s.covering.filter((f) => hasUnknownTests(f, ledger));
  for (const file of files) {
    const outcome = await run(s.framework, file.path, signal);
    if (signal.aborted) return undefined;
    const blamed = new Map<TestCaseResult, string | undefined>();
    const blame = (t: TestCaseResult) => {
      const fn = blameFunction(file, t, s.changed)?.name;
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
      const fn = blamed.get(t) ?? blameFunction(file, t, s.changed)?.name;
      if (fn) result.failing.add(fn);
    }
    onOutcome(file.path, outcome, found);
  }
  return result;
}
