import { describe, expect, it } from 'vitest';
import { parseSections } from '../../src/tests/flintTestFile';
import { functionByKey } from '../../src/tests/functionKeys';
import type { TestCaseResult } from '../../src/tests/testTypes';
import { until } from '../../support/until.mjs';
import { findFunctions, sectionsPass, setup, SOURCE, TEST_FILE, type Runner } from './continuousHarness';

const SHAPES = '/w/src/shapes.ts';
const USER_FILE = '/w/src/shapes.test.ts';
const VITEST = { '/w/package.json': JSON.stringify({ devDependencies: { vitest: '4' } }) };
const USER_TESTS = "import { perimeter } from './shapes';\ndescribe('perimeter', () => {\n  it('of a unit square is 4', () => {\n    expect(perimeter(1, 1)).toBe(4);\n  });\n});\n";
const BUG = SOURCE.replace('w * h', 'w / h');
const VOLUME = '\nexport function volume(w: number, h: number, d: number): number {\n  return w * h * d;\n}\n';

/** A runner that reads the saved source as a real one would: area's tests fail on `w / h`, perimeter's on `w - h`. */
const readsSource: Runner = (file, files) => {
  const source = files[SHAPES] ?? '';
  const user: TestCaseResult[] = [{ name: 'perimeter > of a unit square is 4', title: 'of a unit square is 4', status: source.includes('(w - h)') ? 'failed' : 'passed' }];
  const tests = file === USER_FILE ? user : sectionsPass(file, files);
  return tests.map((t) => (t.name.startsWith('area >') && source.includes('w / h') ? { ...t, status: 'failed' as const, message: 'expected 5 to be 6' } : t));
};

const waitFor = (what: string, ok: () => boolean) => until(what, ok, 2000, 5);

describe('continuous tests: a save is never dropped', () => {
  it('a save undone and saved again while the tests of its other change are being written clears the regression at once', async () => {
    const h = setup({ runner: readsSource, modelDelayMs: 150 });
    await h.save(SHAPES, SOURCE + VOLUME);
    const file = h.probe.files[TEST_FILE];
    // The bug in area, and volume doing more (new tests are asked for it, slowly).
    h.saveNow(SHAPES, BUG + VOLUME.replace('  return w * h * d;', "  if (d < 0) throw new Error('negative depth');\n  return w * h * d;"));
    await waitFor('the regression reported and tests of volume asked', () => h.regressions.length === 1 && h.log.includes('generating volume'));
    expect(h.ledger.regressions().map((e) => e.fn)).toEqual(['area']);
    // Undone and saved at once, while the model is still writing: the text is the one saved before the bug.
    h.saveNow(SHAPES, SOURCE + VOLUME);
    await h.tests.idle();
    expect(h.ledger.regressions()).toEqual([]);
    expect(h.ledger.get(TEST_FILE, 'area > works')?.status).toBe('passed');
    expect(h.log.filter((l) => l.startsWith('check'))).toEqual(['check shapes.flint.test.ts 2/3', 'check shapes.flint.test.ts 3/3']);
    // volume is back as it was: nothing is asked for it again, and nothing was written.
    expect([h.probe.files[TEST_FILE], h.requests.length]).toEqual([file, 4]);
  });

  it('a fix saved while the existing tests run: the run is stopped and every covering file runs on the newest text, even one already recorded', async () => {
    const h = setup({ files: { ...VITEST, [USER_FILE]: USER_TESTS }, runner: readsSource, runDelayMs: 60 });
    await h.save(SHAPES, SOURCE);
    h.saveNow(SHAPES, BUG);
    // Flint's file has run (its regression is recorded); the user's file is running when the fix comes.
    await waitFor('the regression recorded', () => h.ledger.regressions().length === 1);
    expect(h.checked).toEqual([0]);
    h.saveNow(SHAPES, SOURCE);
    await h.tests.idle();
    expect(h.ledger.regressions()).toEqual([]);
    expect(h.ledger.get(TEST_FILE, 'area > works')?.status).toBe('passed');
    // The fix's text is the one last fully checked before the bug, yet its check ran both files.
    expect(h.runs.slice(-2)).toEqual([TEST_FILE, USER_FILE]);
    expect(h.checked).toEqual([0, 0]);
  });
});

const NESTED = `def outer(xs):
    def helper(x):
        return x + 1
    ys = [helper(x) for x in xs]
    def helper(x):
        return x * 2
    zs = [helper(y) for y in ys]
    def helper(x):
        return x - 3
    return [helper(z) for z in zs]


def scale(x, k):
    return x * k
`;
const PY_TESTS = 'from calc import scale as grow\n\n\ndef test_doubles():\n    assert grow(2, 2) == 4\n';
const nestedRunner: Runner = (file, files) => (file === '/w/test_calc.py' ? [{ name: 'test_doubles', title: 'test_doubles', status: files['/w/calc.py']?.includes('x + k') ? 'failed' : 'passed', line: 3 }] : sectionsPass(file, files));

describe('continuous tests: functions told apart by where they are', () => {
  it('nested helpers of one name never count as changed; a regression lands on the function that changed', async () => {
    const h = setup({ files: { '/w/pytest.ini': '[pytest]\n', '/w/test_calc.py': PY_TESTS }, runner: nestedRunner, maxFunctionsPerSave: 0 });
    await h.tests.opened('/w/calc.py', NESTED);
    await h.save('/w/calc.py', `# Calculations.\n${NESTED}`);
    expect(h.runs).toEqual(['/w/test_calc.py']);
    // Saved again with no function changed: nothing runs (before, two of the helpers "changed" on every save).
    await h.save('/w/calc.py', `# Calculations, again.\n${NESTED}`);
    expect(h.runs).toHaveLength(1);
    const buggy = `# Calculations, again.\n${NESTED.replace('x * k', 'x + k')}`;
    await h.save('/w/calc.py', buggy);
    expect(h.regressions.map((r) => r.fn)).toEqual(['scale']);
    expect(h.ledger.regressions().map((e) => e.fn)).toEqual(['scale']);
  });

  it("a changed nested helper is put on its own line, not on its namesake's", async () => {
    const h = setup({ files: { '/w/pytest.ini': '[pytest]\n', '/w/test_calc.py': 'from calc import outer as pipeline\n\n\ndef test_pipeline():\n    assert pipeline([1]) == [1]\n' }, runner: (_file, files) => [{ name: 'test_pipeline', title: 'test_pipeline', status: files['/w/calc.py']?.includes('x * 3') ? 'failed' : 'passed' }], maxFunctionsPerSave: 0 });
    await h.tests.opened('/w/calc.py', NESTED);
    await h.save('/w/calc.py', `#\n${NESTED}`);
    const buggy = `#\n${NESTED.replace('x * 2', 'x * 3')}`;
    await h.save('/w/calc.py', buggy);
    const fn = h.regressions[0]?.fn;
    expect(fn).toBe('outer.helper#2');
    // The diagnostic's line: the second helper's, one below the comment added on top.
    expect(functionByKey(await findFunctions(buggy, '/w/calc.py'), fn!)?.startLine).toBe(5);
  });
});

describe('continuous tests: a regression needs no earlier run', () => {
  const perimeterBug = SOURCE.replace('2 * (w + h)', '2 * (w - h)');

  it('the first save before any run: a failing test never seen passing runs on the text as opened, and passing there it is a regression', async () => {
    const h = setup({ files: { ...VITEST, [USER_FILE]: USER_TESTS }, runner: readsSource, previousRuns: true, maxFunctionsPerSave: 0 });
    await h.tests.opened(SHAPES, SOURCE);
    await h.save(SHAPES, perimeterBug);
    expect(h.previousRuns).toEqual([{ testFile: USER_FILE, text: SOURCE }]);
    expect(h.regressions.map((r) => [r.fn, r.test.name, r.previous])).toEqual([['perimeter', 'perimeter > of a unit square is 4', 'export function perimeter(w: number, h: number): number {\n  return 2 * (w + h);\n}']]);
    expect(h.ledger.get(USER_FILE, 'perimeter > of a unit square is 4')?.status).toBe('regressed');
    // Fixed: it passes, and nothing more runs aside.
    await h.save(SHAPES, SOURCE);
    expect([h.ledger.regressions(), h.previousRuns.length]).toEqual([[], 1]);
  });

  it('with no earlier saved text, the committed one; a test that failed there too is no regression', async () => {
    const h = setup({ files: { ...VITEST, [USER_FILE]: USER_TESTS }, runner: readsSource, previousRuns: true, committed: { [SHAPES]: SOURCE }, maxFunctionsPerSave: 0 });
    await h.save(SHAPES, perimeterBug);
    expect(h.previousRuns.map((r) => r.text)).toEqual([SOURCE]);
    expect(h.regressions.map((r) => r.fn)).toEqual(['perimeter']);

    const broken = setup({ files: { ...VITEST, [USER_FILE]: USER_TESTS }, runner: readsSource, previousRuns: true, committed: { [SHAPES]: `${perimeterBug}\n` }, maxFunctionsPerSave: 0 });
    await broken.save(SHAPES, perimeterBug);
    expect(broken.previousRuns).toHaveLength(1);
    expect(broken.regressions).toEqual([]);
    expect(broken.ledger.get(USER_FILE, 'perimeter > of a unit square is 4')?.status).toBe('failed');
    // Saved again, still failing: it failed on the text before, nothing runs aside again.
    await broken.save(SHAPES, perimeterBug.replace('2 * (w - h)', '(w - h) * 2'));
    expect([broken.previousRuns.length, broken.runs.length, broken.regressions.length]).toEqual([1, 2, 0]);
  });

  it('no earlier text at all (nothing opened, nothing committed): nothing runs aside and the failure is not called a regression', async () => {
    const h = setup({ files: { ...VITEST, [USER_FILE]: USER_TESTS }, runner: readsSource, previousRuns: true, maxFunctionsPerSave: 0 });
    await h.save(SHAPES, perimeterBug);
    expect([h.previousRuns.length, h.regressions.length]).toEqual([0, 0]);
  });
});

describe('continuous tests: one save, a bounded ask', () => {
  const fns = ['one', 'two', 'three', 'four', 'five'];
  const module = (body: (name: string) => string) => fns.map((n) => `export function ${n}(x: number): number {\n  return ${body(n)};\n}\n`).join('\n');

  it('tests are asked for at most maxFunctionsPerSave changed functions, in file order; the rest are left, and a later save asks only for what it changed', async () => {
    const h = setup({ maxFunctionsPerSave: 2 });
    await h.tests.opened('/w/src/calc.ts', module(() => 'x'));
    await h.save('/w/src/calc.ts', module((n) => (n === 'three' ? 'x' : 'x + 1')));
    expect(h.requests).toHaveLength(2);
    expect(h.log[0]).toBe('generating one,two (left four,five)');
    expect(parseSections(h.probe.files['/w/src/calc.flint.test.ts']).map((s) => s.name)).toEqual(['one', 'two']);
    await h.save('/w/src/calc.ts', module((n) => (n === 'three' ? 'x * 3' : 'x + 1')));
    expect(h.requests.map((r) => /Write the tests of `(\w+)`/.exec(r.input)![1])).toEqual(['one', 'two', 'three']);
  });

  it('0 asks for nothing: a save only runs the existing tests', async () => {
    const h = setup({ maxFunctionsPerSave: 0 });
    await h.save('/w/src/calc.ts', module(() => 'x'));
    expect([h.requests.length, h.writes.length]).toEqual([0, 0]);
  });
});
