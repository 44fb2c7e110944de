import { describe, expect, it } from 'vitest';
import type { ContextItem } from '../../src/context/contextItem';
import { withoutRepeats } from '../../src/context/withoutRepeats';

const item = (source: ContextItem['source'], path: string, text: string, trimmable = source !== 'definitions'): ContextItem => ({ source, path, text, distance: 0, ageMs: 0, uses: 1, key: `${source}:${path}:${text.length}`, trimmable });
const code = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `  statement(${from + i});`).join('\n');

describe('withoutRepeats', () => {
  it('gives each line of a file once: a later piece overlapping an earlier one keeps only its own lines', () => {
    const out = withoutRepeats([item('viewed', 'a.ts', code(0, 20)), item('viewed', 'a.ts', code(10, 30))]);
    expect(out.map((i) => i.text)).toEqual([code(0, 20), code(20, 30)]);
  });

  it('marks a gap inside a piece of code, never inside a list of definitions', () => {
    const [, gapped] = withoutRepeats([item('viewed', 'a.ts', code(5, 10)), item('viewed', 'a.ts', code(0, 20))]);
    expect(gapped.text).toBe(`${code(0, 5)}\n  …\n${code(10, 20)}`);
    const [, listed] = withoutRepeats([item('definitions', 'a.ts', 'class A\n  run(): void'), item('definitions', 'a.ts', 'function helper(a: A): void\n  run(): void\nfunction other(): number')]);
    expect(listed.text).toBe('function helper(a: A): void\nfunction other(): number');
  });

  it('drops a piece left with little of its own, or with comments only', () => {
    expect(withoutRepeats([item('viewed', 'a.ts', code(0, 20)), item('viewed', 'a.ts', `${code(0, 19)}\n  statement(99);`)])).toHaveLength(1);
    expect(withoutRepeats([item('definitions', 'a.ts', 'class A\n  sum(a: number): number'), item('definitions', 'a.ts', '// Adds up.\nsum(a: number): number')])).toHaveLength(1);
  });

  it('leaves out what the prompt\u2019s own window of the open file holds', () => {
    const window = new Map([['here.ts', new Set(['const LIMIT = 10;'])]]);
    const out = withoutRepeats([item('definitions', 'here.ts', 'const LIMIT = 10;'), item('definitions', 'here.ts', 'function far(): void')], window);
    expect(out.map((i) => i.text)).toEqual(['function far(): void']);
  });

  it('keeps the same line in different files, and short lines that repeat by nature', () => {
    const out = withoutRepeats([item('viewed', 'a.py', 'def transform(self, node):\n    return\n    pass'), item('viewed', 'b.py', 'def transform(self, node):\n    return\n    pass')]);
    expect(out).toHaveLength(2);
    const short = withoutRepeats([item('viewed', 'a.ts', '}\nfoo(1);\n}'), item('viewed', 'a.ts', '}\nbar(2);\n}')]);
    expect(short.map((i) => i.text)).toEqual(['}\nfoo(1);\n}', '}\nbar(2);\n}']);
  });
});
