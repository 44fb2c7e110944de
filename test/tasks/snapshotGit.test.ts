import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDenyList } from '../../src/privacy/denyList';
import { findRepository } from '../../src/tasks/gitRepository';
import { createWorkingCopy } from '../../src/tasks/workingCopy';
import { removeWorkingCopy } from '../../src/tasks/workingCopyRemoval';
import { commitAll, fingerprint, gitIn, touched, writeFiles } from '../../support/folderFixture';
import { spawnProcess } from '../../src/tests/spawnProcess';
import { gitOn } from '../../src/tasks/gitCommand';

const git = gitOn(spawnProcess);

let tmp: string;
let user: string;
const isDenied = createDenyList([]);

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'flint-snap-'));
  user = join(tmp, 'user');
  writeFiles(user, {
    'app/src/a.ts': 'export const a = 1;\n',
    'app/src/b.ts': 'export const b = 2;\n',
    'app/run.sh': '#!/bin/sh\n',
    'app/.env': 'TOKEN=tracked\n',
    'app/dist/keep.js': 'forced\n',
    'app/.gitattributes': '*.txt text eol=crlf\n',
    'app/notes.txt': 'one\r\ntwo\r\n',
    '.gitignore': 'dist/\nnode_modules/\n',
    'app/packages/p/package.json': '{}\n',
    'app/packages/p/node_modules/dep/index.js': 'module.exports = 1;\n',
    'other/x.ts': 'outside the folder\n',
  });
  chmodSync(join(user, 'app/run.sh'), 0o755);
  gitIn(user, 'init', '-q');
  gitIn(user, 'add', '-f', 'app/dist/keep.js');
  commitAll(user);
  // As the user left it: an edit, a deletion, untracked files (one secret), unsaved buffers below.
  writeFiles(user, { 'app/src/a.ts': 'export const a = 10;\n', 'app/src/new.ts': 'fresh\n', 'app/keys.pem': 'KEY\n', 'app/dist/ignored.js': 'built\n' });
  rmSync(join(user, 'app/src/b.ts'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const overlays = [
  { path: 'run.sh', text: '#!/bin/sh\necho unsaved\n' },
  { path: 'notes.txt', text: 'one\r\ntwo\r\nthree\r\n' },
  { path: 'dist/open.js', text: 'an unsaved buffer of an ignored file\n' },
  { path: '.env', text: 'TOKEN=unsaved\n' },
];

/**
 * The snapshot as `git stash create` would take it, one step a process: a private index from
 * HEAD, every file of the folder added but the secret ones and dependency folders, each buffer
 * hashed at its path and put in, tracked secret files removed.
 */
function expectedTree(): string {
  const env = { ...process.env, GIT_INDEX_FILE: join(tmp, 'expected-index') };
  const g = (args: string[], input?: string) => execFileSync('git', args, { cwd: user, env, input, encoding: 'utf8' });
  g(['read-tree', 'HEAD']);
  g(['add', '-A', '--', 'app', ':(exclude)app/.env', ':(exclude)app/keys.pem', ':(exclude,glob)**/node_modules']);
  g(['rm', '-q', '--cached', 'app/.env']);
  for (const o of overlays.filter((v) => v.path !== '.env')) {
    const sha = g(['hash-object', '-w', '--stdin', `--path=app/${o.path}`], o.text).trim();
    g(['update-index', '--add', '--cacheinfo', `${o.path === 'run.sh' ? '100755' : '100644'},${sha},app/${o.path}`]);
  }
  return g(['write-tree']).trim();
}

describe('the git snapshot', () => {
  it('is the tree a stash-like capture gives, step by step: buffers hashed at their paths, modes kept, secrets out', async () => {
    const before = fingerprint(user);
    const copy = await createWorkingCopy({ taskId: 's1', folder: join(user, 'app'), storageDir: join(tmp, 'storage'), overlays, isDenied, now: Date.now, git });
    expect(copy.kind).toBe('git');
    expect(copy.snapshotTree).toBe(expectedTree());
    expect(readFileSync(join(copy.root, 'notes.txt'), 'utf8')).toBe('one\r\ntwo\r\nthree\r\n');
    expect(lstatSync(join(copy.root, 'run.sh')).mode & 0o111).not.toBe(0);
    expect(lstatSync(join(copy.root, 'packages/p/node_modules')).isDirectory()).toBe(true);
    expect(lstatSync(join(copy.root, 'packages/p/node_modules/dep')).isSymbolicLink()).toBe(true);
    expect(copy.links).toEqual(['packages/p/node_modules']);
    await removeWorkingCopy(git, copy);
    expect(touched(before, fingerprint(user))).toEqual([]);
  });
});

describe('findRepository', () => {
  const asGit = (folder: string) => {
    const [top, head] = execFileSync('git', ['rev-parse', '--show-toplevel', 'HEAD'], { cwd: folder, encoding: 'utf8' }).trim().split('\n');
    return { top, head };
  };

  it('reads what git would answer: a branch, a detached HEAD, packed refs, a linked worktree', async () => {
    const folder = join(user, 'app/src');
    expect(await findRepository(git, folder)).toEqual({ ...asGit(folder), index: join(user, '.git/index') });
    gitIn(user, 'pack-refs', '--all');
    expect((await findRepository(git, folder))?.head).toBe(asGit(folder).head);
    gitIn(user, 'checkout', '-q', '--detach');
    expect((await findRepository(git, folder))?.head).toBe(asGit(folder).head);
    const linked = join(tmp, 'linked');
    gitIn(user, 'worktree', 'add', '-q', '-b', 'side', linked);
    writeFiles(linked, { 'app/src/c.ts': 'c\n' });
    commitAll(linked);
    const found = await findRepository(git, join(linked, 'app'));
    expect(found).toMatchObject(asGit(join(linked, 'app')));
    expect(found?.index).toBe(join(user, '.git/worktrees/linked/index'));
  });

  it('finds none where there is no commit yet or no repository', async () => {
    const fresh = join(tmp, 'fresh');
    writeFiles(fresh, { 'a.ts': 'a\n' });
    expect(await findRepository(git, fresh)).toBeUndefined();
    gitIn(fresh, 'init', '-q');
    expect(await findRepository(git, fresh)).toBeUndefined();
  });
});
