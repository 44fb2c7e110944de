import { describe, expect, it } from 'vitest';
import type { FileChange } from '../../../src/tasks/changeSet';
import { acceptTaskHunks } from '../../../src/tasks/merge/composeMerge';
import { fileOutcomes } from '../../../src/tasks/merge/fileOutcome';
import { hasConflict, mergeFile } from '../../../src/tasks/merge/mergeFile';

const fs = (files: Record<string, string>) => (p: string) => files[p];
const accept = (change: FileChange, files: Record<string, string>) => {
  const current = fs(files);
  return fileOutcomes(mergeFile(change, current), acceptTaskHunks, 'task', current);
};

describe('mergeFile and fileOutcomes', () => {
  it('creates a new file with the task\'s text', () => {
    expect(accept({ kind: 'created', path: 'n.ts', task: 'x\n' }, {})).toEqual([{ path: 'n.ts', before: undefined, after: 'x\n' }]);
  });

  it('makes a path the user created too a conflict, and creates nothing when discarded', () => {
    const change: FileChange = { kind: 'created', path: 'n.ts', task: 'task\n' };
    const m = mergeFile(change, fs({ 'n.ts': 'user\n' }));
    expect(hasConflict(m)).toBe(true);
    expect(m.text!.hunks[0]).toMatchObject({ kind: 'conflict', user: 'user\n', task: 'task\n', base: '' });
    expect(fileOutcomes(mergeFile(change, fs({})), () => 'user', 'task', fs({}))).toEqual([]);
  });

  it('deletes a file the user left alone, and makes a deletion of an edited file a conflict', () => {
    const change: FileChange = { kind: 'deleted', path: 'd.ts', base: 'a\n' };
    expect(accept(change, { 'd.ts': 'a\n' })).toEqual([{ path: 'd.ts', before: 'a\n', after: undefined }]);
    expect(accept(change, { 'd.ts': 'a\r\n' })).toEqual([{ path: 'd.ts', before: 'a\r\n', after: undefined }]);
    const m = mergeFile(change, fs({ 'd.ts': 'a\nuser\n' }));
    expect(m.conflict).toEqual({ reason: 'edited-by-user', user: 'a\nuser\n', task: undefined, base: 'a\n' });
    expect(fileOutcomes(m, acceptTaskHunks, 'user', fs({ 'd.ts': 'a\nuser\n' }))).toEqual([]);
    expect(accept(change, {})).toEqual([]);
  });

  it('makes a file the user deleted meanwhile a conflict instead of recreating it', () => {
    const m = mergeFile({ kind: 'modified', path: 'm.ts', base: 'a\n', task: 'b\n' }, fs({}));
    expect(m.conflict).toMatchObject({ reason: 'deleted-by-user', task: 'b\n', base: 'a\n' });
    expect(fileOutcomes(m, acceptTaskHunks, 'task', fs({}))).toEqual([{ path: 'm.ts', before: undefined, after: 'b\n' }]);
  });

  it('moves a renamed file with the user\'s edits merged into the task\'s', () => {
    const base = 'one\ntwo\nthree\nfour\nfive\nsix\n';
    const change: FileChange = { kind: 'renamed', from: 'old.ts', path: 'new.ts', base, task: base.replace('six', 'SIX') };
    expect(accept(change, { 'old.ts': base.replace('one', 'ONE') })).toEqual([
      { path: 'old.ts', before: base.replace('one', 'ONE'), after: undefined },
      { path: 'new.ts', before: undefined, after: 'ONE\ntwo\nthree\nfour\nfive\nSIX\n' },
    ]);
    expect(mergeFile(change, fs({ 'old.ts': base, 'new.ts': 'mine\n' })).conflict?.reason).toBe('target-exists');
  });

  it('edits an existing file in place with edits that reach the merged text', () => {
    const [o] = accept({ kind: 'modified', path: 'm.ts', base: 'a\nb\nc\nd\ne\n', task: 'a\nb\nc\nd\nE\n' }, { 'm.ts': 'A\nb\nc\nd\ne\n' });
    expect(o).toEqual({ path: 'm.ts', before: 'A\nb\nc\nd\ne\n', after: 'A\nb\nc\nd\nE\n', edits: [{ offset: 8, length: 2, text: 'E\n' }] });
  });
});

describe('line endings of whole files', () => {
  it('creates a file with the task\'s own CRLF line endings', () => {
    expect(accept({ kind: 'created', path: 'n.ts', task: 'a\r\nb\r\n' }, {})).toEqual([{ path: 'n.ts', before: undefined, after: 'a\r\nb\r\n' }]);
  });
});
