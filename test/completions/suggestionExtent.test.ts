import { describe, expect, it } from 'vitest';
import { grownExtent, takeExtent } from '../../src/completions/suggestionExtent';

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

describe('grownExtent', () => {
  it('waits for the first line, then takes every complete line', () => {
    expect(grownExtent('a + b', line, 0, 30, false)).toEqual({ text: 'a + b', complete: false, final: false });
    expect(grownExtent('a;\nb;\nc', line, 0, 30, false)).toEqual({ text: 'a;\nb;', complete: true, final: false });
    expect(grownExtent('a;\nb;\nc', line, 0, 30, true)).toEqual({ text: 'a;\nb;\nc', complete: true, final: true });
    expect(grownExtent('\n  next();\n  more', line, 2, 30, false)).toEqual({ text: '\n  next();', complete: true, final: false });
  });

  it('is final once the end of the block, maxLines or the end of the stream is in', () => {
    expect(grownExtent('x;\n    y();\n', line, 4, 30, false).final).toBe(false);
    expect(grownExtent('x;\n    y();\n}', line, 4, 30, false)).toEqual({ text: 'x;\n    y();', complete: true, final: false });
    expect(grownExtent('x;\n    y();\n}\n', line, 4, 30, false)).toEqual({ text: 'x;\n    y();\n}', complete: true, final: true });
    expect(grownExtent('x;\n    y();\nz', line, 4, 30, false)).toEqual({ text: 'x;\n    y();', complete: true, final: true });
    expect(grownExtent('a;\nb;\nc', line, 0, 2, false)).toEqual({ text: 'a;\nb;', complete: true, final: true });
    expect(grownExtent('a;\nb;', line, 0, 30, true).final).toBe(true);
  });

  it('stops at the end of the block around the cursor line, keeping its closer', () => {
    const text = 'x;\n    return x;\n}\n\nfunction other() {\n';
    expect(grownExtent(text, line, 4, 30, false).text).toBe('x;\n    return x;\n}');
    expect(grownExtent('x\n    y = 1\nelse:\n', line, 4, 30, false).text).toBe('x\n    y = 1');
  });

  it('stops at a blank line at the top level, and at maxLines', () => {
    expect(grownExtent('a;\nb;\n\nc;\n', line, 0, 30, false).text).toBe('a;\nb;');
    expect(grownExtent('a;\nb;\nc;\nd;\n', line, 0, 2, false).text).toBe('a;\nb;');
  });

  it('only ever extends as the text grows', () => {
    const full = 'total;\n    if (x) {\n        y();\n    }\n    return total;\n}\nnext';
    let last = '';
    for (let n = 1; n <= full.length; n++) {
      const e = grownExtent(full.slice(0, n), line, 4, 30, false);
      if (!e.complete) continue;
      expect(e.text.startsWith(last)).toBe(true);
      last = e.text;
    }
    expect(last).toBe('total;\n    if (x) {\n        y();\n    }\n    return total;\n}');
  });
});
