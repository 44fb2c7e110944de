import { describe, expect, it } from 'vitest';
import { PreviewLayout } from '../../src/edits/previewLayout';
import type { DiffRow } from '../../src/rewrite/diffRow';

const same = (text: string): DiffRow => ({ kind: 'same', text });
const removed = (text: string): DiffRow => ({ kind: 'removed', text });
const added = (text: string): DiffRow => ({ kind: 'added', text });

describe('PreviewLayout', () => {
  const original = ['a', 'b', 'c', 'd'];

  it('inserts new lines between original lines that stay in place', () => {
    const layout = new PreviewLayout(original);
    const rows = [same('a'), added('x'), removed('b'), same('c'), added('y')];
    const plan = layout.planAdvance(rows, 3, 'par');
    expect(plan.edits).toEqual([
      { row: 1, deleteCount: 0, insert: ['x'] },
      { row: 3, deleteCount: 0, insert: ['y', 'par'] },
    ]);
    plan.commit();
    expect(layout.kinds()).toEqual(['same', 'added', 'removed', 'same', 'added', 'partial', 'pending']);
    expect(layout.view()).toEqual({
      added: [{ start: 1, count: 1 }, { start: 4, count: 1 }],
      removed: [{ start: 2, count: 1 }],
      pending: [{ start: 6, count: 1 }],
      partial: [{ start: 5, count: 1 }],
      rowCount: 7,
      focusRow: 5,
    });
  });

  it('replaces the unfinished line in the same edit as the lines after it', () => {
    const layout = new PreviewLayout(original);
    layout.planAdvance([added('x')], 0, 'y1').commit();
    const plan = layout.planAdvance([added('x'), added('y12')], 0, 'z');
    expect(plan.edits).toEqual([{ row: 1, deleteCount: 1, insert: ['y12', 'z'] }]);
    // A matched original right after the unfinished line: the line goes, the original stays.
    plan.commit();
    expect(layout.planAdvance([added('x'), added('y12'), same('a')], 1, null).edits).toEqual([{ row: 2, deleteCount: 1, insert: [] }]);
  });

  it('costs nothing when nothing changed', () => {
    const layout = new PreviewLayout(original);
    layout.planAdvance([same('a')], 1, 'p').commit();
    expect(layout.planAdvance([same('a')], 1, 'p').edits).toEqual([]);
  });

  it('settles to the exact rows with minimal edits, then accepts or restores', () => {
    const layout = new PreviewLayout(original);
    layout.planAdvance([same('a'), added('x'), added('c')], 1, null).commit();
    // Shown: a x c b c d; exact: a -b +x c d
    const settle = layout.planSettle([same('a'), removed('b'), added('x'), same('c'), same('d')]);
    // One inserted and two deleted lines: the minimum to turn a x c b c d into a b x c d.
    expect(settle.edits).toEqual([{ row: 1, deleteCount: 0, insert: ['b'] }, { row: 2, deleteCount: 2, insert: [] }]);
    settle.commit();
    expect(layout.kinds()).toEqual(['same', 'removed', 'added', 'same', 'same']);
    expect(layout.planAccept()).toEqual([{ row: 1, deleteCount: 1, insert: [] }]);
    const restore = layout.planRestore();
    expect(restore.edits).toEqual([{ row: 2, deleteCount: 1, insert: [] }]);
    restore.commit();
    expect(layout.kinds()).toEqual(['pending', 'pending', 'pending', 'pending']);
  });

  it('says with each plan what the region shows once it is committed', () => {
    const layout = new PreviewLayout(original);
    const plans = [
      () => layout.planAdvance([same('a')], 1, 'x'),
      () => layout.planAdvance([same('a'), added('x'), removed('b'), added('y')], 2, 'z'),
      () => layout.planAdvance([same('a'), added('x'), removed('b'), added('y')], 2, 'z'),
      () => layout.planSettle([same('a'), added('x'), removed('b'), added('y'), same('c'), removed('d')]),
      () => layout.planRestore(),
    ];
    for (const next of plans) {
      const plan = next();
      const before = layout.view();
      plan.commit();
      expect(plan.view).toEqual(layout.view());
      if (plan.edits.length > 0) expect(plan.view).not.toEqual(before);
    }
  });

  it('refuses to accept before the rewrite settled', () => {
    const layout = new PreviewLayout(original);
    layout.planAdvance([same('a')], 1, null).commit();
    expect(() => layout.planAccept()).toThrow(/settled/);
  });

  it('replaces a very large region in one edit instead of diffing it exactly', () => {
    const big = Array.from({ length: 6000 }, (_, i) => `l${i}`);
    const layout = new PreviewLayout(big);
    const target = [...big.map((t) => removed(t)), ...big.map((t) => added(`${t}!`))];
    const plan = layout.planSettle(target);
    expect(plan.edits).toEqual([{ row: 0, deleteCount: 6000, insert: target.map((r) => r.text) }]);
  });
});
