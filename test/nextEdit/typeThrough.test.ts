import { describe, expect, it } from 'vitest';
import { typeThrough, type OffsetEdit } from '../../src/nextEdit/typeThrough';

const rename: OffsetEdit = { offset: 10, oldText: 'count', newText: 'total' };

describe('typeThrough', () => {
  it('keeps the prediction while the new word is typed before the old one, and completes it', () => {
    expect(typeThrough(rename, { offset: 10, length: 0, text: 't' })).toEqual({ kind: 'keep', edit: { offset: 11, oldText: 'count', newText: 'otal' } });
    expect(typeThrough(rename, { offset: 10, length: 5, text: 'total' })).toEqual({ kind: 'done' });
  });

  it('keeps it while the old word is deleted from its end, or selected and typed over', () => {
    expect(typeThrough(rename, { offset: 14, length: 1, text: '' })).toEqual({ kind: 'keep', edit: { offset: 10, oldText: 'coun', newText: 'total' } });
    expect(typeThrough(rename, { offset: 10, length: 5, text: 'to' })).toEqual({ kind: 'keep', edit: { offset: 12, oldText: '', newText: 'tal' } });
  });

  it('typing into a predicted insertion moves it along, as ghost text does', () => {
    const ins: OffsetEdit = { offset: 4, oldText: '', newText: 'foo()' };
    expect(typeThrough(ins, { offset: 4, length: 0, text: 'fo' })).toEqual({ kind: 'keep', edit: { offset: 6, oldText: '', newText: 'o()' } });
    expect(typeThrough(ins, { offset: 4, length: 0, text: 'foo()' })).toEqual({ kind: 'done' });
  });

  it('withdraws it for typing that disagrees or lands elsewhere', () => {
    expect(typeThrough(rename, { offset: 10, length: 0, text: 'x' })).toEqual({ kind: 'withdraw' });
    expect(typeThrough(rename, { offset: 15, length: 0, text: 'x' })).toEqual({ kind: 'withdraw' });
    expect(typeThrough(rename, { offset: 2, length: 0, text: 'a' })).toEqual({ kind: 'withdraw' });
    expect(typeThrough({ offset: 4, oldText: '', newText: 'foo' }, { offset: 4, length: 0, text: 'b' })).toEqual({ kind: 'withdraw' });
  });
});
