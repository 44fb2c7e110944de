import { describe, expect, it } from 'vitest';
import { applyEdits, acceptTaskHunks } from '../../../src/tasks/merge/composeMerge';
import { fileOutcomes } from '../../../src/tasks/merge/fileOutcome';
import { mergeFile } from '../../../src/tasks/merge/mergeFile';
import { planRevert, revertHasConflict, revertOutcome } from '../../../src/tasks/revert/planRevert';
import { recordApply } from '../../../src/tasks/revert/revertRecord';
import type { FileChange } from '../../../src/tasks/changeSet';

const lines = (n: number, eol = '\n') => Array.from({ length: n }, (_, i) => `line ${i}${eol}`).join('');
type Files = Record<string, string | undefined>;

function apply(files: Files, changes: FileChange[]) {
  const current = (p: string) => files[p];
  const outcomes = changes.flatMap((c) => fileOutcomes(mergeFile(c, current), acceptTaskHunks, 'task', current));
  const after: Files = { ...files };
  for (const o of outcomes) after[o.path] = o.after;
  return { outcomes, after };
}

function revert(files: Files, record: ReturnType<typeof recordApply>) {
  const plan = planRevert(record, (p) => files[p]);
  const out: Files = { ...files };
  for (const f of plan) {
    const o = revertOutcome(f, acceptTaskHunks, 'task');
    if (o) out[o.path] = o.after;
  }
  return { plan, out };
}

describe('revert record and Revert Task', () => {
  const base = lines(20, '\r\n');
  const changes: FileChange[] = [
    { kind: 'modified', path: 'a.txt', base, task: base.replace('line 5', 'task 5') },
    { kind: 'created', path: 'new.txt', task: 'fresh\n' },
    { kind: 'deleted', path: 'gone.txt', base: 'old\n' },
    { kind: 'renamed', from: 'r1.txt', path: 'r2.txt', base: 'r\n', task: 'r\nmore\n' },
  ];
  const start: Files = { 'a.txt': base.replace('line 15', 'user 15'), 'gone.txt': 'old\n', 'r1.txt': 'r\n' };

  it('restores every file byte for byte: created files deleted, deleted and renamed ones back', () => {
    const { outcomes, after } = apply(start, changes);
    const record = recordApply(undefined, 't1', outcomes);
    const { plan, out } = revert(after, record);
    expect(plan.some(revertHasConflict)).toBe(false);
    expect(out).toEqual({ ...start, 'new.txt': undefined, 'r2.txt': undefined });
  });

  it('keeps an edit the user made after the apply, reverting the task\'s hunks around it', () => {
    const { outcomes, after } = apply(start, changes);
    const record = recordApply(undefined, 't1', outcomes);
    const typed = { ...after, 'a.txt': after['a.txt']!.replace('line 12', 'later 12') };
    const { out } = revert(typed, record);
    expect(out['a.txt']).toBe(start['a.txt']!.replace('line 12', 'later 12'));
  });

  it('makes a revert over a later edit of the same lines a conflict that keeps the user\'s text by default', () => {
    const { outcomes, after } = apply(start, changes);
    const record = recordApply(undefined, 't1', outcomes);
    const typed = { ...after, 'a.txt': after['a.txt']!.replace('task 5', 'task 5 and mine'), 'new.txt': 'fresh\nmine\n' };
    const { plan, out } = revert(typed, record);
    const a = plan.find((f) => f.entry.path === 'a.txt')!;
    expect(a.text!.hunks[0]).toMatchObject({ kind: 'conflict', user: 'task 5 and mine\r\n', task: 'line 5\r\n', base: 'task 5\r\n' });
    expect(out['a.txt']).toBe(typed['a.txt']);
    expect(plan.find((f) => f.entry.path === 'new.txt')!.conflict?.reason).toBe('edited-after-apply');
    // Keeping the user's side of a file conflict changes nothing.
    expect(revertOutcome(plan.find((f) => f.entry.path === 'new.txt')!, acceptTaskHunks, 'user')).toBeUndefined();
  });

  it('keeps the first text of a path across a review applied in several steps', () => {
    const first = recordApply(undefined, 't', [{ path: 'a', before: 'v0', after: 'v1' }]);
    const second = recordApply(first, 't', [{ path: 'a', before: 'v1', after: 'v2' }, { path: 'b', before: undefined, after: 'x' }]);
    expect(second.files).toEqual([{ path: 'a', before: 'v0', after: 'v2' }, { path: 'b', before: undefined, after: 'x' }]);
    expect(recordApply(second, 't', [{ path: 'a', before: 'v2', after: 'v0' }]).files.map((f) => f.path)).toEqual(['b']);
  });

  it('gives edits that revert an open buffer in place', () => {
    const { outcomes, after } = apply(start, changes);
    const plan = planRevert(recordApply(undefined, 't', outcomes), (p) => after[p]);
    const a = plan.find((f) => f.entry.path === 'a.txt')!;
    const o = revertOutcome(a, acceptTaskHunks, 'task')!;
    expect(applyEdits(after['a.txt']!, o.edits!)).toBe(start['a.txt']);
  });
});
