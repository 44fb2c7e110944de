import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDenyList } from '../../src/privacy/denyList';
import { captureWorkingCopy, createWorkingCopy } from '../../src/tasks/workingCopy';
import { changedPaths, changeSetOf, snapshotText } from '../../src/tasks/workingCopyChanges';
import { capturePlain } from '../../src/tasks/snapshotPlain';
import { removeStaleCopies, removeWorkingCopy } from '../../src/tasks/workingCopyRemoval';
import { commitAll, fingerprint, gitIn, touched, writeFiles } from '../../support/folderFixture';
import { spawnProcess } from '../../src/tests/spawnProcess';
import { gitOn } from '../../src/tasks/gitCommand';

const git = gitOn(spawnProcess);

let tmp: string;
let user: string;
let storage: string;
const isDenied = createDenyList([]);
const countChanges = async (copy: Parameters<typeof changedPaths>[1]) => (await changedPaths(git, copy)).size;
const read = (root: string, rel: string) => readFileSync(join(root, rel), 'utf8');
const realGit = () => execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'flint-wc-'));
  user = join(tmp, 'user');
  storage = join(tmp, 'storage');
  writeFiles(user, {
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': 'export const b = 2;\n',
    'src/gone.ts': 'old\n',
    '.gitignore': 'dist/\nnode_modules/\n',
    'dist/out.js': 'built\n',
    'node_modules/dep/index.js': 'module.exports = 1;\n',
    'config/.env': 'SECRET=1\n',
  });
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const take = (taskId: string, overlays = [{ path: 'src/b.ts', text: 'export const b = 3; // unsaved\n' }]) =>
  createWorkingCopy({ taskId, folder: user, storageDir: storage, overlays, isDenied, now: () => Date.now(), git });

describe.each(['git', 'copy'] as const)('createWorkingCopy (%s folder)', (kind) => {
  beforeEach(() => {
    if (kind === 'git') {
      gitIn(user, 'init', '-q');
      commitAll(user);
      // Uncommitted: a change, a deletion, an untracked file.
      writeFileSync(join(user, 'src/a.ts'), 'export const a = 10;\n');
      rmSync(join(user, 'src/gone.ts'));
      writeFiles(user, { 'src/new.ts': 'fresh\n' });
    } else {
      rmSync(join(user, 'src/gone.ts'));
      writeFileSync(join(user, 'src/a.ts'), 'export const a = 10;\n');
      writeFiles(user, { 'src/new.ts': 'fresh\n' });
    }
  });

  it('shows the folder as the user sees it, without ignored or secret files, dependencies linked', async () => {
    const before = fingerprint(user);
    const copy = await take('t1');
    expect(copy.kind).toBe(kind);
    expect(copy.root.startsWith(storage)).toBe(true);
    expect(read(copy.root, 'src/a.ts')).toBe('export const a = 10;\n');
    expect(read(copy.root, 'src/b.ts')).toBe('export const b = 3; // unsaved\n');
    expect(read(copy.root, 'src/new.ts')).toBe('fresh\n');
    expect(existsSync(join(copy.root, 'src/gone.ts'))).toBe(false);
    expect(existsSync(join(copy.root, 'dist/out.js'))).toBe(false);
    expect(existsSync(join(copy.root, 'config/.env'))).toBe(false);
    expect(lstatSync(join(copy.root, 'node_modules')).isDirectory()).toBe(true);
    expect(lstatSync(join(copy.root, 'node_modules/dep')).isSymbolicLink()).toBe(true);
    expect(read(copy.root, 'node_modules/dep/index.js')).toBe('module.exports = 1;\n');
    expect(touched(before, fingerprint(user))).toEqual([]);
  });

  it('links node_modules entry by entry: a tool writing its cache there writes into the copy, the user cache is not shared', async () => {
    writeFiles(user, { 'node_modules/.bin/tool': '#!/bin/sh\n', 'node_modules/.package-lock.json': '{}\n', 'node_modules/.vite/deps/x.js': 'user cache\n', 'node_modules/@scope/pkg/index.js': 's\n' });
    const before = fingerprint(user);
    const copy = await take('t5');
    expect(readdirSync(join(copy.root, 'node_modules')).sort()).toEqual(['.bin', '.package-lock.json', '@scope', 'dep']);
    expect(read(copy.root, 'node_modules/@scope/pkg/index.js')).toBe('s\n');
    writeFiles(copy.root, { 'node_modules/.vite/deps/x.js': 'copy cache\n', 'node_modules/.cache/y': 'y\n' });
    expect(read(user, 'node_modules/.vite/deps/x.js')).toBe('user cache\n');
    expect(existsSync(join(user, 'node_modules/.cache'))).toBe(false);
    // The copy's own caches are not among the task's changes.
    expect((await changeSetOf(git, copy, '')).files).toEqual([]);
    await removeWorkingCopy(git, copy);
    expect(touched(before, fingerprint(user))).toEqual([]);
  });

  it('reports what the task changed against the snapshot, with the snapshot as base', async () => {
    const copy = await take('t2');
    writeFileSync(join(copy.root, 'src/b.ts'), 'export const b = 4;\n');
    writeFiles(copy.root, { 'test/b.test.ts': 'test\n', 'src/new.ts': '' });
    rmSync(join(copy.root, 'src/new.ts'));
    expect(await countChanges(copy)).toBe(3);
    const set = await changeSetOf(git, copy, 'done');
    // The folder the paths land in (one of several in a multi-root workspace).
    expect(set.folder).toBe(copy.folder);
    // What the task's stale-read check compares a user's save with: the snapshot, not the copy now.
    expect(await snapshotText(git, copy, 'src/b.ts')).toBe('export const b = 3; // unsaved\n');
    expect(await snapshotText(git, copy, 'test/b.test.ts')).toBeUndefined();
    const byPath = Object.fromEntries(set.files.map((f) => [f.path, f]));
    expect(byPath['src/b.ts']).toEqual({ kind: 'modified', path: 'src/b.ts', base: 'export const b = 3; // unsaved\n', task: 'export const b = 4;\n' });
    expect(byPath['test/b.test.ts']).toEqual({ kind: 'created', path: 'test/b.test.ts', task: 'test\n' });
    expect(byPath['src/new.ts']).toEqual({ kind: 'deleted', path: 'src/new.ts', base: 'fresh\n' });
    expect(set.files).toHaveLength(3);
  });

  it('counts the changes with one git process: each one started blocks the editor for a moment', async () => {
    const copy = await take('t5');
    writeFileSync(join(copy.root, 'src/b.ts'), 'export const b = 5;\n');
    // A git on the PATH that notes each start, then runs the real one.
    const bin = join(tmp, 'bin');
    const calls = join(tmp, 'git-calls');
    writeFiles(bin, { git: `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${realGit()}' "$@"\n` });
    chmodSync(join(bin, 'git'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      expect(await countChanges(copy)).toBe(1);
    } finally {
      process.env.PATH = path;
    }
    expect(readFileSync(calls, 'utf8').trim().split('\n')).toHaveLength(1);
    // Its output names the changed file alone, not every file of the snapshot (HEAD is the snapshot's commit in a plain copy).
    const status = execFileSync('git', [...copy.gitArgs, 'status', '--porcelain=v2', '-z', '-uall'], { cwd: copy.root, env: { ...process.env, GIT_INDEX_FILE: join(copy.dir, 'count-index') }, encoding: 'utf8' });
    if (kind === 'copy') expect(status.split('\0').filter(Boolean)).toHaveLength(1);
  });

  it('reports a moved file as renamed, with its old path and base', async () => {
    const copy = await take('t4');
    writeFiles(copy.root, { 'lib/a.ts': 'export const a = 10;\n' });
    rmSync(join(copy.root, 'src/a.ts'));
    expect((await changeSetOf(git, copy, '')).files).toEqual([{ kind: 'renamed', from: 'src/a.ts', path: 'lib/a.ts', base: 'export const a = 10;\n', task: 'export const a = 10;\n' }]);
  });

  it('is a point-in-time capture: edits the user makes right after it never reach the copy', async () => {
    const live = await captureWorkingCopy({ taskId: 't5', folder: user, storageDir: storage, overlays: [{ path: 'src/b.ts', text: 'unsaved b\n' }], isDenied, now: () => Date.now(), git });
    // The user goes on at once, while the copy's files are still being written.
    writeFileSync(join(user, 'src/a.ts'), 'edited after the snapshot\n');
    writeFileSync(join(user, 'src/b.ts'), 'saved after the snapshot\n');
    writeFiles(user, { 'src/later.ts': 'later\n' });
    rmSync(join(user, 'src/new.ts'));
    expect(await live.snapshotText('src/a.ts')).toBe('export const a = 10;\n');
    await live.onDisk;
    expect(live.record.writing).toBeUndefined();
    expect(await live.snapshotText('src/a.ts')).toBeUndefined();
    expect(read(live.record.root, 'src/a.ts')).toBe('export const a = 10;\n');
    expect(read(live.record.root, 'src/b.ts')).toBe('unsaved b\n');
    expect(read(live.record.root, 'src/new.ts')).toBe('fresh\n');
    expect(existsSync(join(live.record.root, 'src/later.ts'))).toBe(false);
    expect(await countChanges(live.record)).toBe(0);
    await removeWorkingCopy(git, live.record);
  });

  it('is removed without reaching through the links into the user folder', async () => {
    const before = fingerprint(user);
    const copy = await take('t3');
    await removeWorkingCopy(git, copy);
    expect(existsSync(copy.dir)).toBe(false);
    expect(read(user, 'node_modules/dep/index.js')).toBe('module.exports = 1;\n');
    expect(touched(before, fingerprint(user))).toEqual([]);
    if (kind === 'git') expect(gitIn(user, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
  });
});

describe('createWorkingCopy in a folder inside a repository', () => {
  it('copies the repository and works in the folder, paths relative to it', async () => {
    const repo = join(tmp, 'repo');
    writeFiles(repo, { 'other/x.ts': 'x\n', 'app/src/a.ts': 'a\n', 'app/.gitignore': 'node_modules/\n', 'app/node_modules/d.js': 'd\n' });
    commitAll(repo);
    writeFileSync(join(repo, 'app/src/a.ts'), 'a changed\n');
    writeFileSync(join(repo, 'other/x.ts'), 'x changed\n');
    const copy = await createWorkingCopy({ taskId: 'sub', folder: join(repo, 'app'), storageDir: storage, overlays: [], isDenied, now: () => 0, git });
    expect(copy.prefix).toBe('app/');
    expect(read(copy.root, 'src/a.ts')).toBe('a changed\n');
    writeFileSync(join(copy.root, 'src/a.ts'), 'a by task\n');
    writeFileSync(join(copy.root, '../other/x.ts'), 'outside the folder\n');
    expect((await changeSetOf(git, copy, '')).files).toEqual([{ kind: 'modified', path: 'src/a.ts', base: 'a changed\n', task: 'a by task\n' }]);
    await removeWorkingCopy(git, copy);
  });
});

describe('createWorkingCopy of a repository', () => {
  it("keeps a tracked file's executable mode under its unsaved buffer, and leaves out an untracked secret named like a listing line", async () => {
    writeFiles(user, { 'run.sh': '#!/bin/sh\n' });
    chmodSync(join(user, 'run.sh'), 0o755);
    commitAll(user);
    const tricky = `100644 ${'a'.repeat(40)} 0\tkeys.env`;
    writeFiles(user, { [tricky]: 'TOKEN=secret\n' });
    const copy = await take('modes', [{ path: 'run.sh', text: '#!/bin/sh\necho unsaved\n' }]);
    const tree = gitIn(user, 'ls-tree', '-r', '-z', copy.snapshotTree).split('\0');
    expect(tree.find((e) => e.endsWith('\trun.sh'))).toMatch(/^100755 /);
    expect(read(copy.root, 'run.sh')).toBe('#!/bin/sh\necho unsaved\n');
    expect(tree.some((e) => e.includes('keys.env'))).toBe(false);
    expect(existsSync(join(copy.root, tricky))).toBe(false);
    await removeWorkingCopy(git, copy);
  });
});

describe('capturePlain', () => {
  it('copies what exceeds its memory budget during the capture, so a later edit still cannot reach the copy', async () => {
    const root = join(tmp, 'copy');
    const snap = await capturePlain({ folder: user, root, files: ['src/a.ts', 'src/b.ts'], overlays: [{ path: 'src/b.ts', text: 'unsaved\n' }], isDenied, memoryBudget: 0 });
    writeFileSync(join(user, 'src/a.ts'), 'edited\n');
    writeFileSync(join(user, 'src/b.ts'), 'edited\n');
    expect(snap.text('src/b.ts')).toBe('unsaved\n');
    await snap.materialize(new AbortController().signal);
    expect(read(root, 'src/a.ts')).toBe('export const a = 1;\n');
    expect(read(root, 'src/b.ts')).toBe('unsaved\n');
  });
});

describe('removeStaleCopies', () => {
  it('removes copies older than a week, keeps newer ones and the ones asked to be kept', async () => {
    commitAll(user);
    const day = 24 * 3600_000;
    const old = await createWorkingCopy({ taskId: 'old', folder: user, storageDir: storage, overlays: [], isDenied, now: () => Date.now() - 8 * day, git });
    await createWorkingCopy({ taskId: 'kept', folder: user, storageDir: storage, overlays: [], isDenied, now: () => Date.now() - 8 * day, git });
    await createWorkingCopy({ taskId: 'new', folder: user, storageDir: storage, overlays: [], isDenied, now: () => Date.now() - day, git });
    expect(await removeStaleCopies(git, storage, Date.now(), new Set(['kept']))).toEqual(['old']);
    expect(existsSync(old.dir)).toBe(false);
    expect(gitIn(user, 'worktree', 'list').trim().split('\n')).toHaveLength(3);
  });
});
