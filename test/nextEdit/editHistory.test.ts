import { describe, expect, it } from 'vitest';
import { EditHistory } from '../../src/nextEdit/editHistory';
import { LineMirror } from '../../src/nextEdit/lineMirror';

describe('LineMirror', () => {
  it('reports the whole lines a change touched, before and after', () => {
    const m = new LineMirror('let count = 0;\ncount++;\n');
    expect(m.apply({ startLine: 0, startCharacter: 4, endLine: 0, endCharacter: 9, text: 'total' })).toEqual({ startLine: 0, removed: ['let count = 0;'], added: ['let total = 0;'] });
    expect(m.apply({ startLine: 1, startCharacter: 8, endLine: 2, endCharacter: 0, text: '\nx;\n' })).toEqual({ startLine: 1, removed: ['count++;', ''], added: ['count++;', 'x;', ''] });
    expect(m.lineCount).toBe(4);
  });
});

describe('EditHistory', () => {
  it('merges keystrokes on the same lines into one edit and forgets an edit typed back', () => {
    const h = new EditHistory();
    h.record('a', { startLine: 2, removed: ['let x'], added: ['let xy'] }, 1);
    h.record('a', { startLine: 2, removed: ['let xy'], added: ['let xyz'] }, 2);
    expect(h.recent('a', 3)).toEqual([{ startLine: 2, removed: ['let x'], added: ['let xyz'], at: 2 }]);
    h.record('a', { startLine: 2, removed: ['let xyz'], added: ['let x'] }, 4);
    expect(h.recent('a', 5)).toEqual([]);
  });

  it('keeps edits on other lines apart, bounded in count and age, per file', () => {
    const h = new EditHistory({ maxAgeMs: 1000, maxEdits: 2, maxChars: 100, maxFiles: 1 });
    h.record('a', { startLine: 0, removed: ['a'], added: ['b'] }, 0);
    h.record('a', { startLine: 5, removed: ['c'], added: ['d'] }, 500);
    h.record('a', { startLine: 9, removed: ['e'], added: ['f'] }, 900);
    expect(h.recent('a', 1000).map((e) => e.startLine)).toEqual([5, 9]);
    expect(h.recent('a', 1600).map((e) => e.startLine)).toEqual([9]);
    h.record('b', { startLine: 0, removed: ['x'], added: ['y'] }, 1600);
    expect(h.recent('a', 1600)).toEqual([]);
  });

  it('clips huge edits (pastes) to the character limit', () => {
    const h = new EditHistory({ maxAgeMs: 1000, maxEdits: 5, maxChars: 10, maxFiles: 5 });
    h.record('a', { startLine: 0, removed: [''], added: ['12345', '67890', 'abcde'] }, 0);
    expect(h.recent('a', 0)[0].added).toEqual(['12345']);
  });
});
