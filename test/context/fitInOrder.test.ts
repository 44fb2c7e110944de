import { describe, expect, it } from 'vitest';
import { fitInOrder, type FitRule } from '../../src/context/fitInOrder';
import { estimateTokens } from '../../src/context/tokenEstimate';

interface Piece {
  text: string;
  cuttable?: boolean;
}

/** `n` lines of 39 characters plus the line break: 10 tokens a line. */
const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`.padEnd(39, '.')).join('\n');

/** Fits `pieces` and returns what each became ('-' when left out) and the tokens left. */
function fit(pieces: Piece[], tokens: number, split: FitRule<Piece>['split'], minLines = 1) {
  const taken = new Map<Piece, string>();
  const left = fitInOrder(pieces, tokens, {
    cost: (p) => estimateTokens(p.text),
    overhead: () => 0,
    minLines: (p) => (p.cuttable ? minLines : Number.POSITIVE_INFINITY),
    split,
    take: (p, text, cutLines) => {
      taken.set(p, cutLines === undefined ? 'whole' : `${cutLines} lines`);
      return estimateTokens(text);
    },
  });
  return { got: pieces.map((p) => taken.get(p) ?? '-'), left };
}

describe('fitInOrder', () => {
  it('first: each piece is offered all that is left, so the first ones take what they need', () => {
    const r = fit([{ text: lines(30), cuttable: true }, { text: lines(30), cuttable: true }], 400, 'first');
    expect(r.got).toEqual(['whole', '10 lines']);
    expect(r.left).toBe(0);
  });

  it('even: each piece is offered an equal part of what is left, the rest going to those after it', () => {
    expect(fit([{ text: lines(5), cuttable: true }, { text: lines(30), cuttable: true }, { text: lines(30), cuttable: true }], 400, 'even').got).toEqual(['whole', '17 lines', '18 lines']);
  });

  it('skips a piece that cannot be cut and takes a smaller one after it', () => {
    const r = fit([{ text: lines(30) }, { text: lines(3) }], 100, 'first');
    expect(r.got).toEqual(['-', 'whole']);
    expect(r.left).toBe(70);
  });

  it('leaves out a piece whose cut would keep fewer lines than its minimum', () => {
    expect(fit([{ text: lines(30), cuttable: true }], 25, 'first', 3).got).toEqual(['-']);
    expect(fit([{ text: lines(30), cuttable: true }], 30, 'first', 3).got).toEqual(['3 lines']);
  });

  it('treats a negative budget as none', () => {
    expect(fit([{ text: lines(1), cuttable: true }], -50, 'even')).toEqual({ got: ['-'], left: 0 });
  });
});
