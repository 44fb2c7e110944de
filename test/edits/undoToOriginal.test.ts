import { describe, expect, it } from 'vitest';
import { undoToOriginal, type UndoHistory } from '../../src/edits/undoToOriginal';

/** An editor's undo history: the texts at each step boundary, and where it stands. */
class FakeHistory implements UndoHistory {
  undos = 0;
  private changes = 0;
  constructor(
    private readonly boundaries: string[],
    private at = boundaries.length - 1,
  ) {}
  async undo(): Promise<void> {
    this.undos++;
    if (this.at > 0) {
      this.at--;
      this.changes++;
    }
  }
  async redo(): Promise<void> {
    if (this.at < this.boundaries.length - 1) {
      this.at++;
      this.changes++;
    }
  }
  version(): number {
    return this.changes;
  }
  text(): string {
    return this.boundaries[this.at]!;
  }
}

const id = (t: string) => `#${t}`;
const ORIGINAL = 'a\nb\n';

describe('undoToOriginal', () => {
  it('undoes an edit in one step', async () => {
    const h = new FakeHistory(['older', ORIGINAL, 'final']);
    expect(await undoToOriginal(h, ORIGINAL, ['p1', 'p2', 'final'].map(id), id)).toBe(true);
    expect(h.text()).toBe(ORIGINAL);
    expect(h.undos).toBe(1);
  });

  it('undoes every step when saves split the edit, and only those', async () => {
    // Saves closed steps after p2 and p4; the history before the edit stays.
    const h = new FakeHistory(['older', ORIGINAL, 'p2', 'p4', 'final']);
    expect(await undoToOriginal(h, ORIGINAL, ['p1', 'p2', 'p3', 'p4', 'final'].map(id), id)).toBe(true);
    expect(h.text()).toBe(ORIGINAL);
  });

  it('goes past an intermediate state that equals the original, not beyond the start', async () => {
    // The rewrite began with an unchanged line: after p1 the text was the original again.
    const states = ['p0', ORIGINAL, 'p2', 'final'];
    const h = new FakeHistory(['older', ORIGINAL, 'p0', ORIGINAL, 'p2', 'final']);
    expect(await undoToOriginal(h, ORIGINAL, states.map(id), id)).toBe(true);
    expect(h.text()).toBe(ORIGINAL);
    // Not beyond: one more undo brings the older text back.
    await h.undo();
    expect(h.text()).toBe('older');

    // The same intermediate state, but its step is the first one: stopping there is right.
    const first = new FakeHistory(['older', ORIGINAL, 'p2', 'final']);
    expect(await undoToOriginal(first, ORIGINAL, states.map(id), id)).toBe(true);
    expect(first.text()).toBe(ORIGINAL);
    await first.undo();
    expect(first.text()).toBe('older');
  });

  it('walks through steps that left the text the same', async () => {
    const states = ['p1', 'p2', 'p2', 'p3', 'final'];
    const h = new FakeHistory(['older', ORIGINAL, 'p1', 'p2', 'p2', 'p3', 'final']);
    expect(await undoToOriginal(h, ORIGINAL, states.map(id), id)).toBe(true);
    expect(h.text()).toBe(ORIGINAL);
    await h.undo();
    expect(h.text()).toBe('older');
  });

  it('stops at the start of an empty history', async () => {
    const h = new FakeHistory([ORIGINAL, 'p1', 'final']);
    expect(await undoToOriginal(h, ORIGINAL, ['p1', 'final'].map(id), id)).toBe(true);
    expect(h.text()).toBe(ORIGINAL);
  });

  it('puts everything back and says false when a step is not the edit\'s', async () => {
    // Someone else's change sits between the edit's steps.
    const h = new FakeHistory(['older', ORIGINAL, 'p1', 'typed', 'final']);
    expect(await undoToOriginal(h, ORIGINAL, ['p1', 'final'].map(id), id)).toBe(false);
    expect(h.text()).toBe('final');
  });
});
