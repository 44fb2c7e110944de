import { describe, expect, it } from 'vitest';
import { editWindow } from '../../src/nextEdit/editWindow';
import { editKind } from '../../src/nextEdit/predictedEdit';
import { predictEdits } from '../../src/nextEdit/predictEdits';
import { nextEditRequest, REGION_START } from '../../src/nextEdit/nextEditPrompt';
import { readPrediction } from '../../src/nextEdit/readPrediction';

const source = (lines: string[]) => ({ lineCount: lines.length, lineAt: (i: number) => lines[i] });

const FILE = ['function area(w, h) {', '  const total = w * h;', '  log(count);', '  return count;', '}'];

describe('editWindow', () => {
  it('takes lines each side of the cursor and the lines just outside', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`);
    const w = editWindow(source(lines), { line: 50, character: 3 }, { linesEachSide: 30, maxChars: 100_000, maxLineChars: 1000 })!;
    expect(w.startLine).toBe(20);
    expect(w.lines).toHaveLength(61);
    expect(w.above).toEqual(['line 17', 'line 18', 'line 19']);
    expect(w.below).toEqual(['line 81', 'line 82', 'line 83']);
  });

  it('shrinks to the budget around the cursor and refuses an overlong cursor line', () => {
    const lines = Array.from({ length: 100 }, () => 'x'.repeat(99));
    const w = editWindow(source(lines), { line: 50, character: 0 }, { linesEachSide: 30, maxChars: 1000, maxLineChars: 1000 })!;
    expect(w.lines.length).toBe(10);
    expect(w.startLine).toBeLessThanOrEqual(50);
    expect(w.startLine + w.lines.length).toBeGreaterThan(50);
    expect(editWindow(source(['y'.repeat(5000)]), { line: 0, character: 0 })).toBeUndefined();
  });
});

describe('readPrediction', () => {
  it('takes off fences, region markers and cursor marks', () => {
    expect(readPrediction('```ts\na<|user_cursor_is_here|>\nb\n```')).toEqual(['a', 'b']);
    expect(readPrediction('<|editable_region_start|>\na\nb<|editable_region_end|>\n')).toEqual(['a', 'b']);
    expect(readPrediction('a\nb\n')).toEqual(['a', 'b', '']);
  });

  it('reads the region of the prompt, echoed whole with its markers, as the window: nothing to edit', () => {
    // With the file's final empty line in the window, and without it.
    for (const lines of [[...FILE, ''], FILE]) {
      const window = editWindow(source(lines), { line: 1, character: 8 })!;
      const edits = [{ startLine: 1, removed: ['  const count = w * h;'], added: ['  const total = w * h;'], at: 0 }];
      const prompt = nextEditRequest('src/area.ts', 'typescript', window, edits, 256).input[0]!.content as string;
      const echoed = prompt.slice(prompt.indexOf(REGION_START));
      expect(readPrediction(echoed)).toEqual(window.lines);
      expect(predictEdits(window, readPrediction(echoed))).toEqual({ ok: true, edits: [] });
      expect(predictEdits(window, readPrediction(`${echoed}\n`))).toEqual({ ok: true, edits: [] });
    }
  });
});

describe('predictEdits', () => {
  const window = editWindow(source(FILE), { line: 1, character: 13 })!;

  it('finds each changed word as its own minimal edit, in document order', () => {
    const predicted = FILE.map((l) => l.replace('count', 'total'));
    const r = predictEdits(window, predicted);
    expect(r).toEqual({
      ok: true,
      edits: [
        { start: { line: 2, character: 6 }, end: { line: 2, character: 11 }, oldText: 'count', newText: 'total' },
        { start: { line: 3, character: 9 }, end: { line: 3, character: 14 }, oldText: 'count', newText: 'total' },
      ],
    });
  });

  it('widens a change inside a word to the whole word but keeps an insertion minimal', () => {
    const w = editWindow(source(['userName = 1;', 'x = ']), { line: 1, character: 4 })!;
    const r = predictEdits(w, ['userId = 1;', 'x = userId;']);
    expect(r.ok && r.edits).toEqual([
      { start: { line: 0, character: 0 }, end: { line: 0, character: 8 }, oldText: 'userName', newText: 'userId' },
      { start: { line: 1, character: 4 }, end: { line: 1, character: 4 }, oldText: '', newText: 'userId;' },
    ]);
  });

  it('inserts and deletes lines at the end of the window before its last line break', () => {
    const w = editWindow(source(['a', 'b']), { line: 1, character: 1 })!;
    const ins = predictEdits(w, ['a', 'b', 'c']);
    expect(ins.ok && ins.edits).toEqual([{ start: { line: 1, character: 1 }, end: { line: 1, character: 1 }, oldText: '', newText: '\nc' }]);
    const w3 = editWindow(source(['a', 'b', 'c', 'd']), { line: 0, character: 0 })!;
    const del = predictEdits(w3, ['a', 'b', 'c']);
    expect(del.ok && del.edits).toEqual([{ start: { line: 2, character: 1 }, end: { line: 3, character: 1 }, oldText: '\nd', newText: '' }]);
  });

  it('treats a final line break in the reply as the window has it, not as an edit', () => {
    const w = editWindow(source(['a', 'b', '']), { line: 0, character: 0 })!;
    expect(predictEdits(w, ['a', 'b'])).toEqual({ ok: true, edits: [] });
    const w2 = editWindow(source(['a', 'b']), { line: 0, character: 0 })!;
    expect(predictEdits(w2, ['a', 'b', ''])).toEqual({ ok: true, edits: [] });
    // The window ends the document with a line break and the reply adds its own after it.
    expect(predictEdits(w, ['a', 'b', '', ''])).toEqual({ ok: true, edits: [] });
  });

  it('takes a line that differs only by trailing whitespace as unchanged', () => {
    const lines = ['function f() {  ', '  const count = 1;\t', '  return count; ', '}'];
    const w = editWindow(source(lines), { line: 1, character: 8 })!;
    expect(predictEdits(w, lines.map((l) => l.trimEnd()))).toEqual({ ok: true, edits: [] });
    const r = predictEdits(w, lines.map((l) => l.trimEnd().replace('count', 'total')));
    expect(r.ok && r.edits.map((e) => [e.start.line, e.oldText, e.newText])).toEqual([
      [1, 'count', 'total'],
      [2, 'count', 'total'],
    ]);
  });

  it('accepts a change repeated on most lines of the window when each line is changed in place', () => {
    const lines = Array.from({ length: 6 }, (_, i) => `  { name: 'field${i}' },`);
    const w = editWindow(source(lines), { line: 0, character: 20 })!;
    const r = predictEdits(w, lines.map((l) => l.replace("' }", "', required: true }")));
    expect(r.ok && r.edits.length).toBe(6);
  });

  it('refuses a reply that rewrites the window, repeats lines around it or stops short', () => {
    expect(predictEdits(window, ['something', 'else', 'entirely'])).toEqual({ ok: false, reason: "keeps only 0 of the window's 5 lines (0 more changed in place)" });
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const mid = editWindow(source(lines), { line: 10, character: 0 }, { linesEachSide: 5, maxChars: 10_000, maxLineChars: 1000 })!;
    expect(predictEdits(mid, ['line 4', ...mid.lines])).toMatchObject({ ok: false, reason: 'repeats the lines above the window' });
    expect(predictEdits(mid, [...mid.lines, 'line 16'])).toMatchObject({ ok: false, reason: 'repeats the lines below the window' });
    expect(predictEdits(mid, mid.lines.slice(0, -4))).toMatchObject({ ok: false, reason: 'stops 4 lines before the end of the window' });
    expect(predictEdits(mid, mid.lines)).toEqual({ ok: true, edits: [] });
    const long = editWindow(source(lines), { line: 10, character: 0 })!;
    expect(predictEdits(long, [...long.lines.slice(0, 5), ...Array.from({ length: 41 }, (_, i) => `new ${i}`), ...long.lines.slice(5)])).toEqual({ ok: false, reason: 'changes 41 lines, more than one edit' });
  });

  it('offers an insertion at the cursor as ghost text, a change nearby in place, a far one as a jump', () => {
    const e = { start: { line: 5, character: 2 }, end: { line: 5, character: 2 }, oldText: '', newText: 'x' };
    expect(editKind(e, { line: 5, character: 2 })).toBe('ghost');
    expect(editKind(e, { line: 6, character: 0 })).toBe('inline');
    expect(editKind({ ...e, oldText: 'y', end: { line: 5, character: 3 } }, { line: 5, character: 2 })).toBe('inline');
    expect(editKind(e, { line: 9, character: 0 })).toBe('jump');
  });
});
