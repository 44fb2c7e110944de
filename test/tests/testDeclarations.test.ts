import { describe, expect, it } from 'vitest';
import { declarationNamed, testAtLine, testDeclarations } from '../../src/tests/testDeclarations';

const JS = `import { area } from './shapes';

describe('area', () => {
  it('multiplies', () => {
    expect(area(2, 3)).toBe(6); // ) a bracket in a comment
  });

  describe.skip("when \\"zero\\"", () => {
    test('is zero', () => expect(area(0, 3)).toBe(0));
  });
  it.each([1, 2])('works for %i', () => {});
  it(\`uses \${x}\`, () => {});
});

test('top level', async () => {
  await 1;
});
`;

describe('testDeclarations', () => {
  it('reads describe/it/test calls with their nesting and whole lines; titles built at run time are left out', () => {
    const d = testDeclarations(JS, 'js');
    expect(d.map((x) => [x.kind, x.path.join(' > '), x.startLine, x.endLine])).toEqual([
      ['group', 'area', 2, 13],
      ['test', 'area > multiplies', 3, 6],
      ['group', 'area > when "zero"', 7, 10],
      ['test', 'area > when "zero" > is zero', 8, 9],
      ['test', 'top level', 14, 17],
    ]);
    expect(testAtLine(d, 4)?.path).toEqual(['area', 'multiplies']);
    expect(declarationNamed(d, 'area > when "zero" > is zero')?.startLine).toBe(8);
  });

  it("reads pytest's test functions and Test classes, and Go's TestXxx", () => {
    const py = 'import pytest\n\n\ndef test_total():\n    assert total([1]) == 1\n\n\nclass TestCart:\n    def test_empty(self):\n        assert Cart().total() == 0\n\n    def helper(self):\n        pass\n\n\ndef test_last():\n    pass\n';
    expect(testDeclarations(py, 'python').map((x) => [x.kind, x.path.join(' > '), x.startLine, x.endLine])).toEqual([
      ['test', 'test_total', 3, 5],
      ['group', 'TestCart', 7, 13],
      ['test', 'TestCart > test_empty', 8, 10],
      ['test', 'test_last', 15, 17],
    ]);
    const go = 'package shapes\n\nimport "testing"\n\nfunc TestArea(t *testing.T) {\n\tif Area(2, 3) != 6 {\n\t\tt.Fatal("no")\n\t}\n}\n';
    expect(testDeclarations(go, 'go').map((x) => [x.path[0], x.startLine, x.endLine])).toEqual([['TestArea', 4, 9]]);
  });
});
