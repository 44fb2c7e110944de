import { describe, expect, it } from 'vitest';
import { acceptTaskHunks, applyEdits, composeMerge, mergeEdits } from '../../../src/tasks/merge/composeMerge';
import { mergeText } from '../../../src/tasks/merge/mergeText';

const lines = (n: number, eol = '\n') => Array.from({ length: n }, (_, i) => `line ${i}${eol}`).join('');
const replaceLine = (text: string, i: number, by: string, eol = '\n') => {
  const ls = text.split(eol);
  ls[i] = by;
  return ls.join(eol);
};

describe('mergeText', () => {
  it('applies task hunks that do not overlap the user\'s edits and keeps every user edit', () => {
    const base = lines(20);
    const ours = replaceLine(base, 2, 'user two');
    const task = replaceLine(replaceLine(base, 10, 'task ten'), 15, 'task fifteen');
    const m = mergeText(base, ours, task);
    expect(m.hunks.map((h) => h.kind)).toEqual(['task', 'task']);
    expect(composeMerge(m, acceptTaskHunks)).toBe(replaceLine(replaceLine(ours, 10, 'task ten'), 15, 'task fifteen'));
  });

  it('reports an overlapping hunk as a conflict carrying the user\'s, the task\'s and the base text', () => {
    const base = lines(10);
    const ours = replaceLine(base, 4, 'user four');
    const task = replaceLine(base, 4, 'task four');
    const m = mergeText(base, ours, task);
    expect(m.hunks).toHaveLength(1);
    expect(m.hunks[0]).toMatchObject({ kind: 'conflict', user: 'user four\n', task: 'task four\n', base: 'line 4\n', oursLine: 4, baseLine: 4 });
    // Accept All never resolves a conflict silently: the user's text stays.
    expect(composeMerge(m, acceptTaskHunks)).toBe(ours);
    expect(composeMerge(m, () => 'both')).toBe(replaceLine(base, 4, 'user four\ntask four'));
  });

  it('keeps both sides of a conflict on the last line (no final line break) on separate lines', () => {
    const m = mergeText('a\r\nb\r\nlast', 'a\r\nb\r\nmine', 'a\r\nb\r\ntheirs');
    expect(composeMerge(m, () => 'both')).toBe('a\r\nb\r\nmine\r\ntheirs');
    expect(applyEdits(m.ours, mergeEdits(m, () => 'both'))).toBe('a\r\nb\r\nmine\r\ntheirs');
  });

  it('treats edits on touching lines as a conflict (as diff3 does)', () => {
    const base = lines(10);
    const m = mergeText(base, replaceLine(base, 4, 'u'), replaceLine(base, 5, 't'));
    expect(m.hunks.map((h) => h.kind)).toEqual(['conflict']);
  });

  it('takes a change both sides made alike as the user\'s, with no hunk', () => {
    const base = lines(6);
    const same = replaceLine(base, 1, 'same');
    expect(mergeText(base, same, same).hunks).toEqual([]);
  });

  it('keeps a task deletion and insertion as hunks of their own, each acceptable alone', () => {
    const base = lines(12);
    const ours = base;
    const task = base.replace('line 2\nline 3\n', '').replace('line 9\n', 'line 9\nnew a\nnew b\n');
    const m = mergeText(base, ours, task);
    expect(m.hunks.map((h) => [h.kind, h.user, h.task])).toEqual([
      ['task', 'line 2\nline 3\n', ''],
      ['task', '', 'new a\nnew b\n'],
    ]);
    const onlySecond = composeMerge(m, (h) => (h === m.hunks[1] ? 'task' : 'user'));
    expect(onlySecond).toBe(base.replace('line 9\n', 'line 9\nnew a\nnew b\n'));
  });

  it('keeps the user\'s CRLF when the task wrote LF, without making every line a hunk', () => {
    const base = lines(8, '\r\n');
    const ours = replaceLine(base, 1, 'user one', '\r\n');
    const task = replaceLine(base, 6, 'task six', '\r\n').replace(/\r\n/g, '\n');
    const m = mergeText(base, ours, task);
    expect(m.hunks).toHaveLength(1);
    expect(composeMerge(m, acceptTaskHunks)).toBe(replaceLine(ours, 6, 'task six', '\r\n'));
  });

  it('keeps mixed line endings and a missing final newline of the user\'s text byte for byte', () => {
    const base = 'a\r\nb\nc\r\nd\ne';
    const ours = 'a\r\nb\nc\r\nd\ne';
    const task = 'a\r\nb\nc\r\nD\ne';
    const m = mergeText(base, ours, task);
    expect(composeMerge(m, () => 'user')).toBe(ours);
    expect(composeMerge(m, acceptTaskHunks)).toBe('a\r\nb\nc\r\nD\ne');
  });

  it('keeps indentation as written on each side', () => {
    const base = 'def f():\n    a = 1\n    return a\n\n\n\nx = 2\n';
    const ours = 'def f():\n    a = 1\n    return a\n\n\n\nx = 3\n';
    const task = 'def f():\n\tif True:\n\t\ta = 1\n    return a\n\n\n\nx = 2\n';
    const merged = composeMerge(mergeText(base, ours, task), acceptTaskHunks);
    expect(merged).toBe('def f():\n\tif True:\n\t\ta = 1\n    return a\n\n\n\nx = 3\n');
  });

  it('gives edits against the user\'s text that produce the same merge as composing it', () => {
    const base = lines(30);
    const ours = replaceLine(replaceLine(base, 3, 'u3'), 20, 'u20\nextra');
    const task = replaceLine(replaceLine(replaceLine(base, 10, 't10'), 20, 't20'), 27, '');
    const m = mergeText(base, ours, task);
    for (const choose of [acceptTaskHunks, () => 'task' as const, () => 'both' as const]) {
      expect(applyEdits(ours, mergeEdits(m, choose))).toBe(composeMerge(m, choose));
    }
    expect(m.hunks.map((h) => ours.slice(h.oursOffset, h.oursOffset + h.user.length))).toEqual(m.hunks.map((h) => h.user));
  });

  it('keys a hunk by its base lines, so it is found again after the user types elsewhere', () => {
    const base = lines(30);
    const task = replaceLine(base, 25, 'task');
    const before = mergeText(base, base, task).hunks[0];
    const after = mergeText(base, replaceLine(base, 2, 'typed\nmore'), task).hunks[0];
    expect(after.key).toBe(before.key);
    expect(after.oursLine).toBe(before.oursLine + 1);
  });
});
