import { describe, expect, it } from 'vitest';
import { arrivedAt, askedAgain, changedAt, edited, grownAt, moved, shown } from '../../src/completions/ghostTextSpot';

const P = { line: 3, character: 8 };

describe('Ghost text spot: what last happened in a document', () => {
  it('an edit is its asks\' change until a suggestion answers it', () => {
    const e = edited(undefined, 5, 100);
    expect(changedAt(e, 5)).toBe(100);
    expect(changedAt(e, 6)).toBeUndefined();
    expect(changedAt(shown(e, 5, P, false), 5)).toBeUndefined();
    expect(changedAt(moved(5), 5)).toBeUndefined();
  });

  it('the first edit after the cursor moved is where it arrived, for that version only, shown or not', () => {
    const m = moved(4);
    expect(arrivedAt(m, 5)).toBe(true);
    const e = edited(m, 5, 100);
    expect(arrivedAt(e, 5)).toBe(true);
    expect(arrivedAt(shown(e, 5, P, false), 5)).toBe(true);
    expect(arrivedAt(edited(e, 6, 200), 6)).toBe(false);
    expect(arrivedAt(edited(moved(2), 5, 100), 5)).toBe(false);
    expect(arrivedAt(undefined, 5)).toBe(false);
  });

  it('a shown suggestion is asked for again once, in place', () => {
    const s = shown(edited(undefined, 5, 100), 5, P, false);
    expect(askedAgain(s, 5, { line: 3, character: 9 })).toBeUndefined();
    expect(askedAgain(s, 6, P)).toBeUndefined();
    const again = askedAgain(s, 5, P);
    expect(again).toMatchObject({ kind: 'asked-again', version: 5 });
    expect(askedAgain(again, 5, P)).toBeUndefined();
    expect(askedAgain(edited(s, 6, 200), 6, P)).toBeUndefined();
  });

  it('a grown suggestion is cycled from once, asked again or not; an edit or a move ends it', () => {
    const s = shown(undefined, 5, P, true);
    const g = grownAt(s, 5);
    expect(g?.position).toEqual(P);
    expect(grownAt(g?.rest, 5)).toBeUndefined();
    expect(grownAt(askedAgain(s, 5, P), 5)?.position).toEqual(P);
    expect(grownAt(s, 6)).toBeUndefined();
    expect(grownAt(shown(undefined, 5, P, false), 5)).toBeUndefined();
    expect(grownAt(edited(s, 6, 1), 6)).toBeUndefined();
    expect(grownAt(moved(5), 5)).toBeUndefined();
  });
});
