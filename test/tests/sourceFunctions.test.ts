import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodeParser, installedParserFiles } from '../../src/code/codeParser';
import { importedName, parsedFunctions, shortName, type FunctionFinder } from '../../src/tests/sourceFunctions';

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

  it('falls back to first lines when the parser did not load', async () => {
    const fns = await parsedFunctions(async () => undefined)('export function area(w: number) {\n  return w;\n}\n', '/w/a.ts');
    expect(fns.map((f) => f.name)).toEqual(['area']);
  });
});
