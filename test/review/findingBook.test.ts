import { describe, expect, it } from 'vitest';
import { codeKey, DismissedCode } from '../../src/review/dismissedCode';
import { FindingBook } from '../../src/review/findingBook';
import { findingSpan } from '../../src/review/findingSpan';
import { lineEditOf } from '../../src/review/lineEdit';
import type { ReviewFinding } from '../../src/review/reviewReply';

const text = ['a', 'for (i = 0; i <= n; i++) {', '  x();', '}', 'b', '  y = 1;'];
const finding = (start: number, end: number, message = 'm'): ReviewFinding => ({ lines: { start, end }, severity: 'warning', message });

function book(dismissed = new DismissedCode()): FindingBook {
  let n = 0;
  return new FindingBook(dismissed, () => `f${++n}`);
}

describe('FindingBook', () => {
  it('a new review of a hunk replaces the findings on its lines only', () => {
    const b = book();
    b.supersede({ start: 1, end: 3 }, [finding(1, 2, 'old')], text);
    b.supersede({ start: 5, end: 6 }, [finding(5, 6, 'other')], text);
    b.supersede({ start: 0, end: 2 }, [finding(0, 1, 'new')], text);
    expect(b.all().map((f) => f.message)).toEqual(['new', 'other']);
  });

  it('an edit withdraws the findings on the lines it touched and moves the others', () => {
    const b = book();
    b.supersede({ start: 0, end: 6 }, [finding(1, 2, 'loop'), finding(5, 6, 'y')], text);
    expect(b.edit(lineEditOf(0, 0, 'z\nz'))).toBe(false);
    expect(b.all().map((f) => [f.message, f.lines.start])).toEqual([
      ['loop', 2],
      ['y', 6],
    ]);
    expect(b.edit(lineEditOf(2, 2, 'for (i = 0; i < n; i++) {'))).toBe(true);
    expect(b.all().map((f) => f.message)).toEqual(['y']);
  });

  it('dismissal keeps findings away from the same code, wherever it moves and however it is indented', () => {
    const dismissed = new DismissedCode();
    const b = book(dismissed);
    b.supersede({ start: 1, end: 2 }, [finding(1, 2)], text);
    expect(b.dismiss(b.all()[0].id)).toBe(true);
    expect(b.all()).toEqual([]);
    const moved = ['new', 'line', '    for (i = 0; i <= n; i++) {'];
    b.supersede({ start: 2, end: 3 }, [finding(2, 3, 'rephrased')], moved);
    expect(b.all()).toEqual([]);
    // Other code still gets its findings.
    b.supersede({ start: 0, end: 1 }, [finding(0, 1)], moved);
    expect(b.all()).toHaveLength(1);
    // Dismissals survive a restart.
    const restored = book(new DismissedCode(dismissed.toJSON()));
    restored.supersede({ start: 1, end: 2 }, [finding(1, 2)], text);
    expect(restored.all()).toEqual([]);
    expect(b.dismiss('nope')).toBe(false);
  });

  it('hides findings another source already reports on the same range', () => {
    const b = book();
    b.supersede({ start: 0, end: 6 }, [finding(1, 2, "Variable 'counter' is never read."), finding(5, 6, 'y is assigned but unused.')], text);
    expect(b.visible([]).map((f) => f.lines.start)).toEqual([1, 5]);
    // Same lines: a repeat.
    expect(b.visible([{ lines: { start: 5, end: 6 }, message: 'Something else entirely.' }]).map((f) => f.lines.start)).toEqual([1]);
    // Overlapping and naming the same identifier: a repeat; a different complaint is not.
    expect(b.visible([{ lines: { start: 0, end: 3 }, message: "'counter' is declared but its value is never read." }]).map((f) => f.lines.start)).toEqual([5]);
    expect(b.visible([{ lines: { start: 0, end: 3 }, message: 'Missing semicolon.' }]).map((f) => f.lines.start)).toEqual([1, 5]);
  });
});

describe('codeKey', () => {
  it('ignores indentation and trailing blanks, not content', () => {
    expect(codeKey(['  a = 1;  '])).toBe(codeKey(['a = 1;']));
    expect(codeKey(['a = 1;'])).not.toBe(codeKey(['a = 2;']));
    expect(codeKey(['a', 'b'])).not.toBe(codeKey(['ab']));
  });

  it('DismissedCode forgets the oldest past its capacity', () => {
    const d = new DismissedCode([], 2);
    d.add('a');
    d.add('b');
    d.add('c');
    expect([d.has('a'), d.has('b'), d.has('c')]).toEqual([false, true, true]);
    expect(new DismissedCode([1, 'x', null]).toJSON()).toEqual(['x']);
  });
});

describe('findingSpan', () => {
  const lines = ['a', '    return x;', '', '  }'];
  const at = (i: number) => lines[i];
  it('runs from the first non-blank character to the end of the last line', () => {
    expect(findingSpan({ start: 1, end: 4 }, 4, at)).toEqual({ startLine: 1, startCharacter: 4, endLine: 3, endCharacter: 3 });
  });
  it('stays within the document and handles blank lines', () => {
    expect(findingSpan({ start: 2, end: 3 }, 4, at)).toEqual({ startLine: 2, startCharacter: 0, endLine: 2, endCharacter: 0 });
    expect(findingSpan({ start: 9, end: 12 }, 4, at)).toEqual({ startLine: 3, startCharacter: 2, endLine: 3, endCharacter: 3 });
  });
});
