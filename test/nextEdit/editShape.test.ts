import { describe, expect, it } from 'vitest';
import { editShape } from '../../src/nextEdit/editShape';
import { PlainDocument } from '../../src/nextEdit/plainDocument';
import type { OffsetChange } from '../../src/nextEdit/typeThrough';

/** The shape of `change` applied to `text`, read from the document after it as the editor reports it. */
function shapeOf(text: string, change: OffsetChange) {
  const doc = new PlainDocument(text);
  doc.apply(change);
  return editShape(doc, [change]);
}

describe('editShape', () => {
  it('typing, a line break or a backspace at the end of a line is new code', () => {
    expect(shapeOf('let a = 1;\nlet b', { offset: 16, length: 0, text: ' ' })).toBe('append');
    expect(shapeOf('let a = 1;', { offset: 10, length: 0, text: '\n  ' })).toBe('append');
    expect(shapeOf('let a = 1;', { offset: 9, length: 1, text: '' })).toBe('append');
    // What the editor closes by itself may follow the cursor.
    expect(shapeOf('call(', { offset: 5, length: 0, text: 'x' })).toBe('append');
    expect(shapeOf('call()', { offset: 5, length: 0, text: 'x' })).toBe('append');
    expect(shapeOf("f('');", { offset: 3, length: 0, text: 'a' })).toBe('append');
  });

  it('editing inside a line, replacing text or several changes at once is a change', () => {
    expect(shapeOf('let count = 0;', { offset: 4, length: 5, text: 'total' })).toBe('change');
    expect(shapeOf('let count = 0;', { offset: 9, length: 0, text: 's' })).toBe('change');
    expect(shapeOf('let count = 0;', { offset: 8, length: 1, text: '' })).toBe('change');
    const doc = new PlainDocument('a\nb\n');
    expect(editShape(doc, [{ offset: 1, length: 0, text: 'x' }, { offset: 3, length: 0, text: 'x' }])).toBe('change');
  });
});
