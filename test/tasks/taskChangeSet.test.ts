import { cp, mkdtemp, rm, rename, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDenyList } from '../../src/privacy/denyList';
import { folderTree, taskChangeSet } from '../../src/tasks/taskChangeSet';
import { tempWorkspace } from './taskHarness';

describe('taskChangeSet', () => {
  it('lists what changed between the snapshot and the working copy: modified, created, deleted, renamed', async () => {
    const snapshot = await tempWorkspace({
      'a.ts': 'a\n',
      'b.ts': 'b\n',
      'old/name.ts': 'moved\n',
      'gone.ts': 'bye\n',
      '.gitignore': 'dist/\n',
      '.env': 'K=1\n',
    });
    const work = await mkdtemp(join(tmpdir(), 'flint-work-'));
    await cp(snapshot, work, { recursive: true });
    await writeFile(join(work, 'a.ts'), 'a changed\n');
    await writeFile(join(work, 'new.ts'), 'new\n');
    await unlink(join(work, 'gone.ts'));
    await rename(join(work, 'old/name.ts'), join(work, 'moved.ts'));
    await writeFile(join(work, '.env'), 'K=2\n');
    await cp(join(work, 'a.ts'), join(work, 'dist-a.ts'));
    await writeFile(join(work, 'x.bin'), Buffer.from([0, 1, 2, 0, 255]));
    const denied = createDenyList([]);
    const set = await taskChangeSet('t1', 'Did it.', folderTree(snapshot, denied), folderTree(work, denied));
    expect(set.taskId).toBe('t1');
    expect(set.summary).toBe('Did it.');
    expect(set.files).toEqual([
      { kind: 'modified', path: 'a.ts', base: 'a\n', task: 'a changed\n' },
      { kind: 'created', path: 'dist-a.ts', task: 'a changed\n' },
      { kind: 'deleted', path: 'gone.ts', base: 'bye\n' },
      { kind: 'renamed', from: 'old/name.ts', path: 'moved.ts', base: 'moved\n', task: 'moved\n' },
      { kind: 'created', path: 'new.ts', task: 'new\n' },
    ]);
    await rm(snapshot, { recursive: true });
    await rm(work, { recursive: true });
  });
});
