import { describe, expect, it } from 'vitest';
import { memoryLedgerStore, TestLedger } from '../../src/tests/testLedger';
import type { RunOutcome, TestStatus } from '../../src/tests/testTypes';

const run = (tests: [string, TestStatus][], error?: string): RunOutcome => ({
  tests: tests.map(([name, status]) => ({ name, title: name.split(' > ').pop()!, status, ...(status === 'failed' ? { message: `${name} broke` } : {}) })),
  output: '',
  command: 'vitest',
  runnerMs: 1,
  ...(error ? { error } : {}),
});

describe('TestLedger', () => {
  it('a test that passed and now fails is a regression, once; it stays one until it passes, keeping the function it was put on', () => {
    const ledger = new TestLedger(memoryLedgerStore());
    expect(ledger.record('/t.ts', run([['a > x', 'passed'], ['b > y', 'failed']]), { wholeFile: true })).toEqual([]);
    const blame = () => ({ source: '/s.ts', fn: 'a' });
    expect(ledger.record('/t.ts', run([['a > x', 'failed'], ['b > y', 'failed']]), { wholeFile: true, blame }).map((t) => t.name)).toEqual(['a > x']);
    expect(ledger.record('/t.ts', run([['a > x', 'failed']]), { wholeFile: false, blame: () => ({ source: '/s.ts', fn: 'other' }) })).toEqual([]);
    expect(ledger.regressions().map((e) => [e.name, e.fn, e.message])).toEqual([['a > x', 'a', 'a > x broke']]);
    expect(ledger.get('/t.ts', 'b > y')?.status).toBe('failed');
    ledger.record('/t.ts', run([['a > x', 'passed']]), { wholeFile: false });
    expect(ledger.regressions()).toEqual([]);
  });

  it('an errored run records nothing; a whole-file run forgets tests the file no longer has; the store keeps it across windows', () => {
    const store = memoryLedgerStore();
    const ledger = new TestLedger(store);
    ledger.record('/t.ts', run([['a', 'passed'], ['b', 'passed']]), { wholeFile: true });
    expect(ledger.record('/t.ts', run([], 'the runner could not start'), { wholeFile: true })).toEqual([]);
    expect(ledger.get('/t.ts', 'a')?.status).toBe('passed');
    ledger.record('/t.ts', run([['a', 'passed']]), { wholeFile: true });
    expect(ledger.get('/t.ts', 'b')).toBeUndefined();
    const reloaded = new TestLedger(store);
    expect(reloaded.record('/t.ts', run([['a', 'failed']]), { wholeFile: true }).map((t) => t.name)).toEqual(['a']);
  });

  it('tells its listeners of every recorded run', () => {
    const ledger = new TestLedger(memoryLedgerStore());
    let n = 0;
    const off = ledger.onChange(() => n++);
    ledger.record('/t.ts', run([['a', 'passed']]), { wholeFile: true });
    off();
    ledger.record('/t.ts', run([['a', 'passed']]), { wholeFile: true });
    expect(n).toBe(1);
  });

  it("knows a test file's standing, and forgets a deleted test file or folder (its regressions with it)", () => {
    const ledger = new TestLedger(memoryLedgerStore());
    let n = 0;
    ledger.onChange(() => n++);
    ledger.record('/w/a/t.ts', run([['x', 'passed'], ['y', 'passed'], ['z', 'failed']]), { wholeFile: true });
    ledger.record('/w/a/t.ts', run([['x', 'failed'], ['y', 'passed'], ['z', 'failed']]), { wholeFile: true });
    ledger.record('/w/b.ts', run([['k', 'passed']]), { wholeFile: true });
    expect(ledger.standing('/w/a/t.ts')).toEqual({ passed: 1, failed: 2, regressions: 1 });
    ledger.forget('/w/a/t');
    ledger.forget('/w/a/t.tsx');
    expect([ledger.regressions().length, n]).toEqual([1, 3]);
    ledger.forget('/w/a');
    expect([ledger.regressions(), ledger.standing('/w/a/t.ts'), ledger.get('/w/b.ts', 'k')?.status, n]).toEqual([[], { passed: 0, failed: 0, regressions: 0 }, 'passed', 4]);
  });
});
