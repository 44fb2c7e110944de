import { describe, expect, it } from 'vitest';
import { takeExtent } from '../../src/completions/suggestionExtent';

const line = { kind: 'line' } as const;
const block = { kind: 'block', indent: 0 } as const;

describe('takeExtent', () => {
  it('line: complete at the first newline after text', () => {
    expect(takeExtent('a + b;\nnext', line, 30, false)).toEqual({ text: 'a + b;', complete: true });
    expect(takeExtent('a + b', line, 30, false)).toEqual({ text: 'a + b', complete: false });
    expect(takeExtent('a + b', line, 30, true)).toEqual({ text: 'a + b', complete: true });
  });

  it('line: a leading newline makes it the next line', () => {
    expect(takeExtent('\n  next();\nmore', line, 30, false)).toEqual({ text: '\n  next();', complete: true });
    expect(takeExtent('\n  nex', line, 30, false).complete).toBe(false);
  });

  it('block: complete once the block end is seen, or at maxLines', () => {
    expect(takeExtent('\n  a();\n  b', block, 30, false).complete).toBe(false);
    expect(takeExtent('\n  a();\n}\n', block, 30, false)).toEqual({ text: '\n  a();\n}', complete: true });
    expect(takeExtent('\n  a();\n  b();\n  c();', block, 2, false)).toEqual({ text: '\n  a();', complete: true });
  });

  it('block: a line at the opener indentation ends it before its newline arrives', () => {
    expect(takeExtent('\n  a();\nfoo', block, 30, false)).toEqual({ text: '\n  a();', complete: true });
    expect(takeExtent('\n  a();\n}', block, 30, false).complete).toBe(false);
  });
});
