import { describe, expect, it } from 'vitest';
import { rebaseEdits } from '../../src/context/rebaseEdits';

const edit = (startLine: number, removed: string[], added: string[]) => ({ startLine, removed, added });

describe('rebaseEdits', () => {
  it('moves an edit down by the lines a later edit above it added', () => {
    const [first] = rebaseEdits([edit(10, ['a'], ['A']), edit(2, [], ['x', 'y', 'z'])]);
    expect(first.startLine).toBe(13);
  });

  it('moves an edit up by the lines a later edit above it removed', () => {
    const [first] = rebaseEdits([edit(10, ['a'], ['A']), edit(2, ['p', 'q'], [])]);
    expect(first.startLine).toBe(8);
  });

  it('adds up several later edits, and leaves the ones below alone', () => {
    const rebased = rebaseEdits([edit(20, ['a'], ['A']), edit(5, [], ['n']), edit(30, ['b', 'c'], []), edit(0, ['h'], ['h1', 'h2'])]);
    expect(rebased.map((e) => e.startLine)).toEqual([22, 6, 31, 0]);
  });

  it('leaves an edit a later edit overlaps where it was', () => {
    const [first] = rebaseEdits([edit(10, ['a', 'b'], ['A', 'B']), edit(9, ['x', 'A'], ['x'])]);
    expect(first.startLine).toBe(10);
  });

  it('an insertion right above an edit moves it; the newest edit never moves', () => {
    const rebased = rebaseEdits([edit(4, ['a'], ['A']), edit(4, [], ['new'])]);
    expect(rebased.map((e) => e.startLine)).toEqual([5, 4]);
  });

  it('returns the very objects that did not move', () => {
    const edits = [edit(1, ['a'], ['A']), edit(5, [], ['n'])];
    expect(rebaseEdits(edits)[0]).toBe(edits[0]);
  });
});
