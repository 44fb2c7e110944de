import { describe, expect, it } from 'vitest';
import { toTextReplace } from '../../src/edits/textReplace';
import { MemoryDocument } from '../../support/memoryDocument';

const noop = () => {};

describe('toTextReplace', () => {
  const shape = (lines: string[], eol = '\n') => ({ lineCount: lines.length, lineLength: (l: number) => lines[l].length, eol });

  it('inserts whole lines before a line', () => {
    expect(toTextReplace({ row: 1, deleteCount: 0, insert: ['x', 'y'] }, shape(['a', 'b']))).toEqual({
      startLine: 1, startCharacter: 0, endLine: 1, endCharacter: 0, text: 'x\ny\n',
    });
  });

  it('appends after the last line with a leading break', () => {
    expect(toTextReplace({ row: 2, deleteCount: 0, insert: ['x'] }, shape(['a', 'bb'], '\r\n'))).toEqual({
      startLine: 1, startCharacter: 2, endLine: 1, endCharacter: 2, text: '\r\nx',
    });
  });

  it('deletes the last line together with the break before it', () => {
    expect(toTextReplace({ row: 1, deleteCount: 1, insert: [] }, shape(['a', 'b']))).toEqual({
      startLine: 0, startCharacter: 1, endLine: 1, endCharacter: 1, text: '',
    });
  });
});

describe('row edits on documents with different line ends', () => {
  it.each([
    ['LF with final newline', 'a\nb\nc\n'],
    ['CRLF with final newline', 'a\r\nb\r\nc\r\n'],
    ['LF without final newline', 'a\nb\nc'],
    ['CRLF without final newline', 'a\r\nb\r\nc'],
    ['tabs', '\ta\n\t\tb\n\tc'],
  ])('%s: insert, delete and replace keep every other byte', async (_, text) => {
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const doc = new MemoryDocument(text);
    const lines = text.split(eol);
    // Append two lines after the last content line, then delete them again.
    const last = lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
    await doc.apply([{ row: last, deleteCount: 0, insert: ['x', 'y'] }], 'preview', noop);
    const expectedWith = [...lines.slice(0, last), 'x', 'y', ...lines.slice(last)].join(eol);
    expect(doc.text).toBe(expectedWith);
    await doc.apply([{ row: last, deleteCount: 2, insert: [] }], 'preview', noop);
    expect(doc.text).toBe(text);
    // Replace the first and the last content line in one batch.
    await doc.apply(
      [
        { row: 0, deleteCount: 1, insert: ['first'] },
        { row: last - 1, deleteCount: 1, insert: ['end1', 'end2'] },
      ],
      'preview',
      noop,
    );
    expect(doc.text).toBe(['first', ...lines.slice(1, last - 1), 'end1', 'end2', ...lines.slice(last)].join(eol));
  });

  it('deletes a whole single-line document', async () => {
    const doc = new MemoryDocument('only');
    await doc.apply([{ row: 0, deleteCount: 1, insert: [] }], 'preview', noop);
    expect(doc.text).toBe('');
  });
});
