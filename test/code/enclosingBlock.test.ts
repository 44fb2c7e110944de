import { describe, expect, it } from 'vitest';
import { enclosingBlock } from '../../src/code/enclosingBlock';

const ts = [
  'import x from "x";', // 0
  '', // 1
  'function f(a) {', // 2
  '  if (a) {', // 3
  '    one();', // 4
  '', // 5
  '    two();', // 6
  '  }', // 7
  '  return a;', // 8
  '}', // 9
  'const y = 1;', // 10
];

describe('enclosingBlock', () => {
  it('takes a header with its body and closing line', () => {
    expect(enclosingBlock(ts, 3)).toEqual({ start: 3, end: 8 });
    expect(enclosingBlock(ts, 2)).toEqual({ start: 2, end: 10 });
  });

  it('takes the block a body line sits in, across blank lines', () => {
    expect(enclosingBlock(ts, 6)).toEqual({ start: 3, end: 8 });
    expect(enclosingBlock(ts, 8)).toEqual({ start: 2, end: 10 });
  });

  it('takes a blank line or a top-level statement alone', () => {
    expect(enclosingBlock(ts, 1)).toEqual({ start: 1, end: 2 });
    expect(enclosingBlock(ts, 10)).toEqual({ start: 10, end: 11 });
    expect(enclosingBlock(ts, 0)).toEqual({ start: 0, end: 1 });
  });

  it('handles indentation-only blocks and tabs', () => {
    const py = ['def f(x):', '\tif x:', '\t\treturn 1', '\treturn 2', '', 'print(f(1))'];
    expect(enclosingBlock(py, 2)).toEqual({ start: 1, end: 3 });
    expect(enclosingBlock(py, 0)).toEqual({ start: 0, end: 4 });
  });

  it('includes end keywords of Ruby or Lua style blocks', () => {
    const rb = ['def f', '  1', 'end', 'f'];
    expect(enclosingBlock(rb, 1)).toEqual({ start: 0, end: 3 });
  });
});
