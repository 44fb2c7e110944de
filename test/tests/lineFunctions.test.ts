import { describe, expect, it } from 'vitest';
import { lineFunctions } from '../../src/tests/lineFunctions';
import { functionAt, functionHash, languageOf } from '../../src/tests/sourceFunctions';

const TS = `import { x } from './x';

/** Area. */
export function area(w: number, h: number): number {
  const s = '}'; // a brace in a string: }
  return w * h;
}

function hidden() {
  return 1;
}

export const double = (n: number): number =>
  n * 2;

export const triple = (n: number) => {
  return n * 3;
};
export { hidden };
`;

describe('lineFunctions (without the parser)', () => {
  it('finds top-level TypeScript functions and arrow constants with their whole bodies', () => {
    const fns = lineFunctions(TS, 'js');
    expect(fns.map((f) => [f.name, f.startLine, f.endLine, f.testable])).toEqual([
      ['area', 3, 7, true],
      ['hidden', 8, 11, true],
      ['double', 12, 14, true],
      ['triple', 15, 18, true],
    ]);
    expect(fns[0].text).toContain('return w * h;');
  });

  it('marks functions that are neither exported nor re-exported as untestable', () => {
    const fns = lineFunctions('function inner() {\n  return 1;\n}\nexport function outer() {\n  return inner();\n}\n', 'js');
    expect(fns.map((f) => [f.name, f.testable])).toEqual([
      ['inner', false],
      ['outer', true],
    ]);
  });

  it('finds Python functions by indentation, decorators included, private ones untestable', () => {
    const py = 'import os\n\n@cache\ndef total(items):\n    s = 0\n\n    for i in items:\n        s += i\n    return s\n\n\ndef _helper(x,\n        y):\n    return x\n\nclass A:\n    pass\n';
    const fns = lineFunctions(py, 'python');
    expect(fns.map((f) => [f.name, f.startLine, f.endLine, f.testable])).toEqual([
      ['total', 2, 9, true],
      ['_helper', 11, 14, false],
    ]);
  });

  it('finds Go functions and methods', () => {
    const go = 'package shapes\n\nfunc Area(w, h int) int {\n\treturn w * h\n}\n\nfunc (r *Rect) Scale(k int) {\n\tr.w *= k\n}\n';
    expect(lineFunctions(go, 'go').map((f) => [f.name, f.startLine, f.endLine])).toEqual([
      ['Area', 2, 5],
      ['Rect.Scale', 6, 9],
    ]);
  });

  it('hashes a function the same when only trailing spaces change, differently when its code does', () => {
    expect(functionHash('a  \nb')).toBe(functionHash('a\nb'));
    expect(functionHash('return w * h')).not.toBe(functionHash('return w + h'));
  });

  it('knows the languages it handles and which function holds a line', () => {
    expect([languageOf('a.ts'), languageOf('a.d.ts'), languageOf('a.py'), languageOf('a.go'), languageOf('a.rs')]).toEqual(['js', undefined, 'python', 'go', undefined]);
    expect(functionAt(lineFunctions(TS, 'js'), 5)?.name).toBe('area');
    expect(functionAt(lineFunctions(TS, 'js'), 1)).toBeUndefined();
  });
});
