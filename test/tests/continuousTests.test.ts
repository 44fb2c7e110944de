import { describe, expect, it } from 'vitest';
import { parseSections } from '../../src/tests/flintTestFile';
import { failing, sectionsPass, setup, SOURCE, TEST_FILE } from './continuousHarness';

describe('ContinuousTests', () => {
  it("writes every testable function's tests into Flint's own file on the first save, then runs it", async () => {
    const h = setup();
    await h.save('/w/src/shapes.ts', SOURCE);
    const file = h.probe.files[TEST_FILE];
    expect(file).toContain("import { describe, expect, it } from 'vitest';\nimport { area, perimeter } from './shapes';");
    expect(parseSections(file).map((s) => s.name)).toEqual(['area', 'perimeter']);
    expect(h.runs).toEqual([TEST_FILE]);
    expect(h.log).toEqual(['generating area,perimeter', 'written area,perimeter', 'added shapes.flint.test.ts 2/2']);
    expect(h.requests[0].input).toMatch(/already has these lines at its top[\s\S]*import \{ area \} from '.\/shapes'/);
  });

  it('regression first: a changed function whose passing test now fails is reported, nothing is asked or written, the test file stays byte for byte', async () => {
    const h = setup();
    await h.save('/w/src/shapes.ts', SOURCE);
    const before = h.probe.files[TEST_FILE];
    const asked = h.requests.length;
    h.setRunner(failing('area'));
    await h.save('/w/src/shapes.ts', SOURCE.replace('w * h', 'w + h'));
    expect(h.probe.files[TEST_FILE]).toBe(before);
    expect(h.requests).toHaveLength(asked);
    expect(h.log.slice(-1)).toEqual(['check shapes.flint.test.ts 1/2']);
    expect(h.regressions.map((r) => [r.fn, r.test.name, r.test.message, r.previous])).toEqual([['area', 'area > works', 'expected 5 to be 6', 'export function area(w: number, h: number): number {\n  return w * h;\n}']]);
    // Saved again still broken: still failing, but not a new regression; fixed: it passes and nothing is written.
    await h.save('/w/src/shapes.ts', SOURCE.replace('w * h', 'w + h + 0'));
    expect(h.regressions).toHaveLength(1);
    h.setRunner(sectionsPass);
    await h.save('/w/src/shapes.ts', SOURCE);
    expect(h.log.slice(-1)).toEqual(['check shapes.flint.test.ts 2/2']);
    expect([h.probe.files[TEST_FILE], h.writes.length, h.requests.length]).toEqual([before, 1, asked]);
  });

  it('compares with the source as it was opened: a save that changes no function runs only tests never seen and asks for nothing; a changed function without tests gets them', async () => {
    const userTests = "describe('perimeter', () => {\n  it('of a unit square is 4', () => {\n    expect(perimeter(1, 1)).toBe(4);\n  });\n});\n";
    const h = setup({ files: { '/w/package.json': JSON.stringify({ devDependencies: { vitest: '4' } }), '/w/src/shapes.test.ts': userTests } });
    h.setRunner((file, files) => (file.endsWith('shapes.test.ts') ? [{ name: 'perimeter > of a unit square is 4', title: 'of a unit square is 4', status: 'passed' }] : sectionsPass(file, files)));
    await h.tests.opened('/w/src/shapes.ts', SOURCE);
    await h.save('/w/src/shapes.ts', `// Shapes.\n${SOURCE}`);
    expect([h.runs, h.requests.length, h.probe.files[TEST_FILE]]).toEqual([['/w/src/shapes.test.ts'], 0, undefined]);
    await h.save('/w/src/shapes.ts', `// Shapes, measured.\n${SOURCE}`);
    expect([h.runs.length, h.requests.length]).toEqual([1, 0]);
    await h.save('/w/src/shapes.ts', `// Shapes, measured.\n${SOURCE.replace('w * h', 'h * w')}`);
    expect(parseSections(h.probe.files[TEST_FILE]).map((s) => s.name)).toEqual(['area']);
    expect(h.runs).toEqual(['/w/src/shapes.test.ts', '/w/src/shapes.test.ts', TEST_FILE]);
  });

  it('a change with no new behaviour runs the existing tests and adds none; saving the same text again runs nothing', async () => {
    const h = setup();
    await h.save('/w/src/shapes.ts', SOURCE);
    await h.save('/w/src/shapes.ts', SOURCE.replace('2 * (w + h)', 'w + w + h + h'));
    expect(h.runs).toEqual([TEST_FILE, TEST_FILE]);
    expect([h.requests.length, h.writes.length]).toEqual([2, 1]);
    await h.save('/w/src/shapes.ts', SOURCE.replace('2 * (w + h)', 'w + w + h + h'));
    expect(h.runs).toHaveLength(2);
  });

  it('add, not replace: new behaviour gets new tests, asked with the existing ones as what must keep passing, appended to its section', async () => {
    const h = setup();
    await h.save('/w/src/shapes.ts', SOURCE);
    const before = parseSections(h.probe.files[TEST_FILE]);
    const changed = SOURCE.replace('  return w * h;', "  if (w < 0) throw new Error('negative');\n  return w * h;");
    await h.save('/w/src/shapes.ts', changed);
    const ask = h.requests.at(-1)!.input;
    expect(ask).toMatch(/These tests of `area` exist and must keep passing[^\n]*\n[\s\S]*it\('works'/);
    expect(ask).toMatch(/`area` changed \(it has new branches, it can fail in new ways\)/);
    const after = parseSections(h.probe.files[TEST_FILE]);
    expect(after[0].body.startsWith(before[0].body)).toBe(true);
    expect(after[0].body.length).toBeGreaterThan(before[0].body.length);
    expect(after[1]).toEqual(before[1]);
    expect(h.log.slice(-3)).toEqual(['generating area', 'written area', 'added shapes.flint.test.ts 2/2']);
  });

  it("the user's own tests count: a function they test gets no Flint section, their file runs first, and it is never written", async () => {
    const userTests = "import { perimeter } from './shapes';\ndescribe('perimeter', () => {\n  it('of a unit square is 4', () => {\n    expect(perimeter(1, 1)).toBe(4);\n  });\n});\n";
    const h = setup({ files: { '/w/package.json': JSON.stringify({ devDependencies: { vitest: '4' } }), '/w/src/shapes.test.ts': userTests } });
    h.setRunner((file, files) => (file.endsWith('shapes.test.ts') ? [{ name: 'perimeter > of a unit square is 4', title: 'of a unit square is 4', status: 'passed' }] : sectionsPass(file, files)));
    await h.save('/w/src/shapes.ts', SOURCE);
    expect(parseSections(h.probe.files[TEST_FILE]).map((s) => s.name)).toEqual(['area']);
    expect(h.runs).toEqual(['/w/src/shapes.test.ts', TEST_FILE]);
    h.setRunner((file, files) => (file.endsWith('shapes.test.ts') ? [{ name: 'perimeter > of a unit square is 4', title: 'of a unit square is 4', status: 'failed', message: 'expected 2 to be 4' }] : sectionsPass(file, files)));
    await h.save('/w/src/shapes.ts', SOURCE.replace('2 * (w + h)', 'w + h'));
    expect(h.regressions.map((r) => [r.fn, r.testFile])).toEqual([['perimeter', '/w/src/shapes.test.ts']]);
    expect(h.probe.files['/w/src/shapes.test.ts']).toBe(userTests);
    expect(h.writes).toEqual([TEST_FILE]);
  });

  it('a check that errors (runner missing, crashed, unreadable) writes nothing and asks nothing', async () => {
    const h = setup();
    await h.save('/w/src/shapes.ts', SOURCE);
    const before = h.probe.files[TEST_FILE];
    h.setRunner(() => ({ error: 'the runner could not start' }));
    await h.save('/w/src/shapes.ts', `${SOURCE}\nexport function volume(w: number, h: number, d: number): number {\n  return w * h * d;\n}\n`);
    expect(h.log.slice(-1)).toEqual(['check shapes.flint.test.ts errored']);
    expect([h.probe.files[TEST_FILE], h.requests.length]).toEqual([before, 2]);
  });

  it('keeps the tests of a removed function (no test goes without the user) but stops importing it', async () => {
    const h = setup();
    await h.save('/w/src/shapes.ts', SOURCE);
    await h.save('/w/src/shapes.ts', `${SOURCE.split('\n\n')[0]}\n\nexport function volume(w: number, h: number, d: number): number {\n  return w * h * d;\n}\n`);
    const file = h.probe.files[TEST_FILE];
    expect(parseSections(file).map((s) => s.name)).toEqual(['area', 'volume', 'perimeter']);
    expect(file).toContain("import { area, volume } from './shapes';");
  });

  it('writes tests for class methods, importing the class', async () => {
    const h = setup();
    await h.save('/w/src/shape.ts', 'export class Shape {\n  area(w: number, h: number): number {\n    return w * h;\n  }\n}\n');
    const file = h.probe.files['/w/src/shape.flint.test.ts'];
    expect(parseSections(file).map((s) => s.name)).toEqual(['Shape.area']);
    expect(file).toContain("import { Shape } from './shape';");
    expect(h.requests[0].input).toContain('Write the tests of `Shape.area`');
  });

  it('asks once more when the answer does not parse, and refuses a second bad one, writing nothing', async () => {
    const once = setup({ answer: (_r, n) => (n === 1 ? "describe('area', () => {" : "describe('x', () => {});") });
    once.tests.saved('/w/src/a.ts', 'export const area = (n: number) => n;\n');
    await once.tests.idle();
    expect(once.requests[1].input).toMatch(/previous answer did not parse \(line \d+: "\{" is never closed\)/);
    expect(parseSections(once.probe.files['/w/src/a.flint.test.ts'])[0].body).toBe("describe('x', () => {});");

    const twice = setup({ answer: () => "describe('area', () => {" });
    twice.tests.saved('/w/src/a.ts', 'export const area = (n: number) => n;\n');
    await twice.tests.idle();
    expect(twice.requests).toHaveLength(2);
    expect(twice.log[1]).toMatch(/^refused area: the generated tests did not parse twice \(.*never closed\); nothing was written$/);
    expect(twice.probe.files['/w/src/a.flint.test.ts']).toBeUndefined();
    expect(twice.runs).toEqual([]);
  });

  it('names what it looked for and the setting when no framework is found; the setting alone is enough', async () => {
    const h = setup({ files: {} });
    h.tests.saved('/w/app.py', 'def total(xs):\n    return sum(xs)\n');
    await h.tests.idle();
    expect(h.log).toEqual([expect.stringMatching(/^none no test framework found for app\.py: looked for pytest\.ini, conftest\.py.*flint\.tests\.command/)]);
    expect(h.requests).toEqual([]);

    const custom = setup({ files: {}, override: 'make test' });
    custom.tests.saved('/w/app.py', 'def total(xs):\n    return sum(xs)\n');
    await custom.tests.idle();
    expect(custom.probe.files['/w/test_app_flint.py']).toMatch(/^from app import total$/m);
  });

  it('ignores test files, user-written or its own', async () => {
    const h = setup();
    h.tests.saved('/w/src/shapes.test.ts', SOURCE);
    h.tests.saved(TEST_FILE, SOURCE);
    await h.tests.idle();
    expect(h.requests).toEqual([]);
  });

  it('a burst of saves cancels the stale generation and writes only the newest, one generation at a time', async () => {
    const h = setup({ modelDelayMs: 30 });
    h.tests.saved('/w/src/a.ts', 'export const area = (n: number) => n * 1;\n');
    await new Promise((r) => setTimeout(r, 10));
    h.tests.saved('/w/src/a.ts', 'export const area = (n: number) => n * 2;\n');
    h.tests.saved('/w/src/a.ts', 'export const area = (n: number) => n * 3;\n');
    await h.tests.idle();
    expect(h.maxInFlight()).toBe(1);
    expect(h.writes).toHaveLength(1);
    expect(h.requests.at(-1)!.input).toContain('n * 3');
    expect(h.requests.some((r) => r.input.includes('n * 2'))).toBe(false);
  });
});
