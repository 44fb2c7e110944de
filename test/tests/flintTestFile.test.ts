import { describe, expect, it } from 'vitest';
import { composeFlintTestFile, goPackageOf, parseSections, sectionAt } from '../../src/tests/flintTestFile';
import { appendTests, planUserTests } from '../../src/tests/userTests';
import type { Framework } from '../../src/tests/testTypes';
import { memoryProbe } from './memoryProbe';

const fw = (id: Framework['id'], language: Framework['language']): Framework => ({ id, language, projectDir: '/w', evidence: '' });

describe("Flint's test file", () => {
  it('composes a header, the imports of the tested functions and one section per function, and reads the sections back', () => {
    const sections = [
      { name: 'area', hash: 'aaaa1111', body: "describe('area', () => {});" },
      { name: 'perimeter', hash: 'bbbb2222', body: "describe('perimeter', () => {});\n\n" },
    ];
    const text = composeFlintTestFile(fw('vitest', 'js'), '/w/src/s.flint.test.ts', '/w/src/s.ts', sections);
    expect(text).toMatch(/^\/\/ Tests of s\.ts written by Flint\./);
    expect(text).toContain("import { describe, expect, it } from 'vitest';\nimport { area, perimeter } from './s';\n\n// flint:begin area aaaa1111\n");
    expect(parseSections(text)).toEqual([sections[0], { ...sections[1], body: "describe('perimeter', () => {});" }]);
  });

  it('writes Python and Go headers their languages accept', () => {
    const py = composeFlintTestFile(fw('pytest', 'python'), '/w/test_inv_flint.py', '/w/inv.py', [{ name: 'total', hash: '1', body: 'def test_t():\n    pass' }]);
    expect(py).toContain('from inv import total\n\n# flint:begin total 1\n');
    const go = composeFlintTestFile(fw('go test', 'go'), '/w/s_flint_test.go', '/w/s.go', [{ name: 'Rect.Area', hash: '1', body: 'func TestArea(t *testing.T) {}' }], goPackageOf('// doc\npackage shapes\n'));
    expect(go).toMatch(/\npackage shapes\n\nimport "testing"\n/);
  });

  it('ignores a section left open (a hand-edited file) instead of swallowing the rest', () => {
    expect(parseSections('// flint:begin a 1\nx\n// flint:end a\n// flint:begin b 2\ny\n')).toEqual([{ name: 'a', hash: '1', body: 'x' }]);
  });

  it('knows which section holds a line: its body only, not its markers or what is between sections', () => {
    const lines = '// header\n// flint:begin area 1\na\nb\n// flint:end area\n\n# flint:begin Cart.count 2\nc\n# flint:end Cart.count'.split('\n');
    expect([0, 1, 2, 3, 4, 5, 7].map((n) => sectionAt(lines, n)?.name)).toEqual([undefined, undefined, 'area', 'area', undefined, undefined, 'Cart.count']);
    expect(sectionAt(lines, 3)).toEqual({ name: 'area', hash: '1', start: 2, end: 4 });
  });
});

describe("the user's test file", () => {
  it('appends after what is there, one blank line between, ending in one line break', () => {
    expect(appendTests("import x;\n\ntest('a');\n\n\n", "test('b');\n")).toBe("import x;\n\ntest('a');\n\ntest('b');\n");
    expect(appendTests('', "test('b');")).toBe("test('b');\n");
  });

  it('asks for a whole file with imports when there is none, and shows the existing file when appending', async () => {
    const fn = { name: 'area', startLine: 0, endLine: 3, text: 'export function area() {}', testable: true };
    const fresh = await planUserTests(fw('vitest', 'js'), '/w/src/s.ts', 'src', [fn], '/w', memoryProbe({}));
    expect([fresh.testFile, fresh.exists, fresh.args.prompt.wholeFile, fresh.args.prompt.importFrom]).toEqual(['/w/src/s.test.ts', false, true, './s']);
    const existing = await planUserTests(fw('vitest', 'js'), '/w/src/s.ts', 'src', [fn], '/w', memoryProbe({ '/w/src/s.test.ts': "test('mine');\n" }));
    expect([existing.exists, existing.args.prompt.wholeFile, existing.args.prompt.existingTests]).toEqual([true, false, "test('mine');\n"]);
    expect(existing.args.compose("test('new');")).toBe("test('mine');\n\ntest('new');\n");
  });
});
