import { describe, expect, it } from 'vitest';
import { latestText, shownRun, type LatestRun } from '../../src/tests/latestRun';
import { memoryLedgerStore, TestLedger } from '../../src/tests/testLedger';
import type { RunOutcome, TestStatus } from '../../src/tests/testTypes';

const run = (tests: [string, TestStatus][]): RunOutcome => ({ tests: tests.map(([name, status]) => ({ name, title: name, status })), output: '', command: 'vitest', runnerMs: 1 });
const latest = (testFile: string, passed: number, failed = 0, regressions = 0): LatestRun => ({ testFile, name: testFile.slice(1), passed, failed, regressions });

describe('the latest run in the status bar', () => {
  it('names the file and says the worst of it, in the words of the notification', () => {
    expect(latestText(latest('/src/a.test.ts', 3))).toBe('$(pass) a.test.ts: 3 passed');
    expect(latestText(latest('/src/a.test.ts', 2, 1))).toBe('$(error) a.test.ts: 1 failed');
    expect(latestText(latest('/src/a.test.ts', 1, 2, 2))).toBe('$(error) a.test.ts: 2 regressions');
    expect(latestText({ ...latest('/src/a.test.ts', 0), name: 'src\\a.test.ts', error: 'boom' })).toBe('$(warning) a.test.ts: could not run');
  });

  it('a run that went well does not hide a regression still failing in another file; once it passes, the latest run shows again', () => {
    const ledger = new TestLedger(memoryLedgerStore());
    ledger.record('/a.flint.test.ts', run([['area works', 'passed'], ['area rounds', 'passed']]), { wholeFile: true });
    ledger.record('/a.flint.test.ts', run([['area works', 'failed'], ['area rounds', 'passed']]), { wholeFile: true });
    ledger.record('/a.test.ts', run([['perimeter', 'passed']]), { wholeFile: true });
    const shown = shownRun(latest('/a.test.ts', 1), ledger, (p) => p.slice(1));
    expect(latestText(shown)).toBe('$(error) a.flint.test.ts: 1 regression');
    expect(shown).toMatchObject({ testFile: '/a.flint.test.ts', passed: 1, failed: 1, note: 'the latest run, of a.test.ts, had 1 passed' });
    // The regressed file's own run, and a run with a regression of its own, are shown as they are.
    expect(shownRun(latest('/a.flint.test.ts', 1, 1, 1), ledger, String).testFile).toBe('/a.flint.test.ts');
    expect(shownRun(latest('/b.test.ts', 0, 1, 1), ledger, String).testFile).toBe('/b.test.ts');
    ledger.record('/a.flint.test.ts', run([['area works', 'passed'], ['area rounds', 'passed']]), { wholeFile: true });
    expect(shownRun(latest('/a.test.ts', 1), ledger, String)).toEqual(latest('/a.test.ts', 1));
  });
});
