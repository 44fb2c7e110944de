import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodeParser, installedParserFiles } from '../../src/code/codeParser';
import { functionAt, functionHash, importedName, languageOf, parsedFunctions, shortName, type FunctionFinder } from '../../src/tests/sourceFunctions';

let find: FunctionFinder;
beforeAll(async () => {
  const parser = await CodeParser.load(installedParserFiles(join(__dirname, '../..')));
  find = parsedFunctions(async () => parser);
});

const TS = `export class Shape {
  constructor(private w: number) {}
  area(h: number): number {
    const inner = () => this.w * h;
    return inner();
  }
  #secret() {
    return 1;
  }
}

export const double = (n: number) => n * 2;

function hidden() {
  return 1;
}
`;

describe('parsedFunctions', () => {
  it('finds class methods and arrow functions; nested functions, constructors and private ones get no tests of their own', async () => {
    const fns = await find(TS, '/w/src/shape.ts');
    expect(fns.map((f) => [f.name, f.startLine, f.endLine, f.testable])).toEqual([
      ['Shape.constructor', 1, 2, false],
      ['Shape.area', 2, 6, true],
      ['Shape.area.inner', 3, 4, false],
      ['Shape.#secret', 6, 9, false],
      ['double', 11, 12, true],
      ['hidden', 13, 16, false],
    ]);
    expect(fns[1].text).toBe('  area(h: number): number {\n    const inner = () => this.w * h;\n    return inner();\n  }');
    expect([importedName('Shape.area'), shortName('Shape.area')]).toEqual(['Shape', 'area']);
  });

  it('finds Python methods and Go methods', async () => {
    const py = await find('class Cart:\n    def total(self, prices):\n        return sum(prices)\n\n    def _audit(self):\n        pass\n', '/w/cart.py');
    expect(py.map((f) => [f.name, f.testable])).toEqual([
      ['Cart.total', true],
      ['Cart._audit', false],
    ]);
    const go = await find('package shapes\n\nfunc (r *Rect) Scale(k int) {\n\tr.w *= k\n}\n', '/w/rect.go');
    expect(go.map((f) => [f.name, f.startLine, f.endLine, f.testable])).toEqual([['Rect.Scale', 2, 5, true]]);
  });

  it('finds nothing when the parser did not load, or in a language Flint writes no tests for', async () => {
    const area = 'export function area(w: number) {\n  return w;\n}\n';
    expect(await parsedFunctions(async () => undefined)(area, '/w/a.ts')).toEqual([]);
    expect((await find(area, '/w/a.ts')).map((f) => f.name)).toEqual(['area']);
    expect(await find(area, '/w/a.rs')).toEqual([]);
  });
});

describe('functions of a source file', () => {
  it('hashes a function the same when only trailing spaces change, differently when its code does', () => {
    expect(functionHash('a  \nb')).toBe(functionHash('a\nb'));
    expect(functionHash('return w * h')).not.toBe(functionHash('return w + h'));
  });

  it('knows the languages it handles and which function holds a line (the innermost)', async () => {
    expect([languageOf('a.ts'), languageOf('a.d.ts'), languageOf('a.py'), languageOf('a.go'), languageOf('a.rs')]).toEqual(['js', undefined, 'python', 'go', undefined]);
    const fns = await find(TS, '/w/src/shape.ts');
    expect(functionAt(fns, 3)?.name).toBe('Shape.area.inner');
    expect(functionAt(fns, 5)?.name).toBe('Shape.area');
    expect(functionAt(fns, 10)).toBeUndefined();
  });
});
