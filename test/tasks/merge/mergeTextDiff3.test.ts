import { diff3Merge } from 'node-diff3';
import { describe, expect, it } from 'vitest';
import { composeMerge } from '../../../src/tasks/merge/composeMerge';
import { mergeText } from '../../../src/tasks/merge/mergeText';

/** Seeded, so a failure names a case that can be run again. */
function rng(seed: number) {
  let x = seed;
  return () => ((x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
}

/** Random edits of base lines with lines no other text has, so every diff has one answer. */
function edited(base: string[], rand: () => number, tag: string): string[] {
  const out = [...base];
  const n = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < n; i++) {
    const at = Math.floor(rand() * out.length);
    const kind = Math.floor(rand() * 3);
    const fresh = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, j) => `${tag}${i}.${j}`);
    if (kind === 0) out.splice(at, 0, ...fresh);
    else if (kind === 1) out.splice(at, 1 + Math.floor(rand() * 2));
    else out.splice(at, 1, ...fresh);
  }
  return out;
}

const text = (lines: string[]) => lines.map((l) => `${l}\n`).join('');

describe('mergeText against node-diff3 as a reference', () => {
  it('finds the same conflicts and the same merged text on 500 random cases with unambiguous lines', () => {
    const rand = rng(39);
    for (let c = 0; c < 500; c++) {
      const base = Array.from({ length: 8 + Math.floor(rand() * 30) }, (_, i) => `base ${i}`);
      const ours = edited(base, rand, 'user');
      const task = edited(base, rand, 'task');
      const reference = diff3Merge(ours, base, task, { excludeFalseConflicts: true });
      const m = mergeText(text(base), text(ours), text(task));
      const conflicts = reference.filter((r) => r.conflict).map((r) => ({ user: text(r.conflict!.a), task: text(r.conflict!.b), base: text(r.conflict!.o) }));
      expect(m.hunks.filter((h) => h.kind === 'conflict').map((h) => ({ user: h.user, task: h.task, base: h.base })), `case ${c}`).toEqual(conflicts);
      // With each conflict taken as the user's side, both give the same text.
      const referenceText = reference.map((r) => text(r.ok ?? r.conflict!.a)).join('');
      expect(composeMerge(m, (h) => (h.kind === 'task' ? 'task' : 'user')), `case ${c}`).toBe(referenceText);
    }
  });
});
