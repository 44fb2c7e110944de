import { describe, expect, it } from 'vitest';
import { SaveNotices, type RunNotice } from '../../src/tests/saveNotices';
import type { TestCaseResult } from '../../src/tests/testTypes';

const test = (name: string, status: TestCaseResult['status']): TestCaseResult => ({ name, title: name, status });
const run = (testFile: string, tests: TestCaseResult[], regressed: string[] = [], error?: string): RunNotice => ({
  testFile,
  outcome: { tests, output: '', command: 'pytest', runnerMs: 1, ...(error ? { error } : {}) },
  regressions: regressed.map((n) => ({ test: test(n, 'failed'), testFile, source: '/w/calc.py', fn: 'scale' })),
});

describe('SaveNotices', () => {
  it('one notification per save: of the check runs the one with most to say, told when the check ends; nothing more after it', () => {
    const n = new SaveNotices();
    n.begin('/w/calc.py');
    n.checkRun('/w/calc.py', run('/w/test_calc.py', [test('a', 'failed'), test('b', 'passed')]));
    n.checkRun('/w/calc.py', run('/w/test_calc_flint.py', [test('c', 'failed')], ['c']));
    n.checkRun('/w/calc.py', run('/w/other.py', [test('d', 'passed')]));
    expect(n.checked('/w/calc.py')?.testFile).toBe('/w/test_calc_flint.py');
    expect(n.addedRun('/w/calc.py', run('/w/test_calc_flint.py', [test('e', 'failed')]))).toBeUndefined();
    n.refused('/w/calc.py', 'total', 'the answer did not parse');
    expect(n.end('/w/calc.py')).toBeUndefined();
  });

  it('a save whose check has nothing to say: the run of the new tests may speak, else one line for all refused tests', () => {
    const n = new SaveNotices();
    n.begin('/w/calc.py');
    n.checkRun('/w/calc.py', run('/w/test_calc.py', [test('a', 'passed')]));
    expect(n.checked('/w/calc.py')).toBeUndefined();
    expect(n.addedRun('/w/calc.py', run('/w/test_calc_flint.py', [test('b', 'passed')]))).toBeUndefined();
    for (const fn of ['f1', 'f2', 'f3']) n.refused('/w/calc.py', fn, 'the model declined');
    expect(n.end('/w/calc.py')).toEqual({ functions: ['f1', 'f2', 'f3'], reason: 'the model declined' });

    n.begin('/w/calc.py');
    expect(n.addedRun('/w/calc.py', run('/w/test_calc_flint.py', [], [], 'pytest crashed'))?.outcome.error).toBe('pytest crashed');
    n.refused('/w/calc.py', 'f4', 'the model declined');
    expect(n.end('/w/calc.py')).toBeUndefined();
  });

  it("a newer save drops what the stale one had kept to say", () => {
    const n = new SaveNotices();
    n.begin('/w/calc.py');
    n.checkRun('/w/calc.py', run('/w/test_calc.py', [test('a', 'failed')], ['a']));
    n.begin('/w/calc.py');
    n.checkRun('/w/calc.py', run('/w/test_calc.py', [test('a', 'passed')]));
    expect(n.checked('/w/calc.py')).toBeUndefined();
  });
});
