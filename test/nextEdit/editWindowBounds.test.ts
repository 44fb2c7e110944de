import { describe, expect, it } from 'vitest';
import { editWindow } from '../../src/nextEdit/editWindow';

const source = (lines: string[]) => ({ lineCount: lines.length, lineAt: (i: number) => lines[i] });
const limits = { linesEachSide: 8, maxChars: 100_000, maxLineChars: 1000 };
/** Four functions of 10 lines each, one after the other. */
const FILE = Array.from({ length: 40 }, (_, i) => (i % 10 === 0 ? `function f${i / 10}() {` : i % 10 === 9 ? '}' : `  step(${i});`));
const FUNCTIONS = [0, 10, 20, 30].map((start) => ({ start, end: start + 10 }));

describe('editWindow cut at function boundaries', () => {
  it('±N lines alone cut the neighbours in half', () => {
    const w = editWindow(source(FILE), { line: 14, character: 0 }, limits)!;
    expect([w.startLine, w.startLine + w.lines.length]).toEqual([6, 23]);
  });

  it('with the functions, a neighbour is in whole or not at all', () => {
    const w = editWindow(source(FILE), { line: 14, character: 0 }, limits, FUNCTIONS)!;
    expect(w.startLine).toBe(10);
    expect(w.lines).toEqual(FILE.slice(10, 20));
    // The lines just outside still check the reply.
    expect(w.above).toEqual(FILE.slice(7, 10));
    expect(w.below).toEqual(FILE.slice(20, 23));
  });

  it('whole neighbours that fit stay: a call site in the next function is still in the window', () => {
    const w = editWindow(source(FILE), { line: 14, character: 0 }, { ...limits, linesEachSide: 16 }, FUNCTIONS)!;
    expect([w.startLine, w.startLine + w.lines.length]).toEqual([0, 30]);
  });

  it('the function holding the cursor is cut only when it is larger than the window', () => {
    const w = editWindow(source(FILE), { line: 14, character: 0 }, { ...limits, linesEachSide: 2 }, FUNCTIONS)!;
    expect([w.startLine, w.startLine + w.lines.length]).toEqual([12, 17]);
  });

  it('between functions, the code there and whole functions only', () => {
    const lines = [...FILE.slice(0, 10), 'const a = 1;', 'const b = 2;', ...FILE.slice(10, 20)];
    const w = editWindow(source(lines), { line: 10, character: 0 }, limits, [{ start: 0, end: 10 }, { start: 12, end: 22 }])!;
    expect([w.startLine, w.startLine + w.lines.length]).toEqual([10, 12]);
  });
});
