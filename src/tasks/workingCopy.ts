import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { git, zList } from './gitCommand';
import { linkDependencies, mirrorPaths, writeExcludes, writeOverlays, type Overlay } from './workingCopyFiles';
import { DEPENDENCY_FOLDERS, type WorkingCopyRecord } from './workingCopyRecord';

export interface WorkingCopyOptions {
  taskId: string;
  /** The user's workspace folder (absolute). */
  folder: string;
  /** Where copies live, outside every workspace (the extension's global storage). */
  storageDir: string;
  /** Unsaved buffers: the copy shows the folder as the user sees it. */
  overlays: readonly Overlay[];
  /** The deny list (folder-relative paths): such files are left out of the copy. */
  isDenied(relPath: string): boolean;
  now(): number;
}

/** Pathspecs that keep dependency folders out of a listing, wherever they sit. */
const NO_DEPENDENCIES = DEPENDENCY_FOLDERS.flatMap((d) => [`:(exclude,glob)**/${d}/**`, `:(exclude,glob)**/${d}`]);

/**
 * Takes a snapshot of `folder` as the user sees it, under `storageDir/<taskId>`: a detached git
 * worktree at HEAD with the uncommitted and untracked changes copied over where the folder is in
 * a repository with a commit, a plain copy otherwise. Ignored and deny-listed files are left out,
 * dependency folders linked. Nothing in the user's folder is written (git runs without hooks or
 * optional index refreshes). The snapshot is recorded as a git tree: the task's base.
 */
export async function createWorkingCopy(o: WorkingCopyOptions): Promise<WorkingCopyRecord> {
  const dir = join(o.storageDir, o.taskId);
  await mkdir(dir, { recursive: true });
  const excludes = await writeExcludes(dir);
  const top = await repositoryTop(o.folder);
  try {
    const record = top ? await snapshotGit(o, dir, top, excludes) : await snapshotPlain(o, dir, excludes);
    await writeOverlays(record.root, o.overlays, o.isDenied);
    const done = { ...record, snapshotTree: await writeSnapshot(record) };
    await writeFile(join(dir, 'record.json'), JSON.stringify(done));
    return done;
  } catch (err) {
    await removePartial(dir, top);
    throw err;
  }
}

/** The repository's top when the folder is in one with at least one commit; undefined otherwise. */
async function repositoryTop(folder: string): Promise<string | undefined> {
  try {
    const top = (await git(['rev-parse', '--show-toplevel'], folder)).trim();
    await git(['rev-parse', '--verify', '-q', 'HEAD'], folder);
    return top;
  } catch {
    return undefined;
  }
}

type Snapshot = Omit<WorkingCopyRecord, 'snapshotTree'>;

async function snapshotGit(o: WorkingCopyOptions, dir: string, top: string, excludes: string): Promise<Snapshot> {
  const work = join(dir, 'work');
  const prefix = relative(top, o.folder).replace(/\\/g, '/');
  const root = prefix ? join(work, prefix) : work;
  // Large-file pointers stay pointers: a snapshot never downloads (GIT_LFS_SKIP_SMUDGE).
  await git(['worktree', 'add', '--detach', work, 'HEAD'], o.folder, { env: { GIT_LFS_SKIP_SMUDGE: '1' } });
  // What differs from HEAD in the user's folder: porcelain paths are repository-relative.
  const status = zList(await git(['-c', 'status.relativePaths=false', 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--', '.', ...NO_DEPENDENCIES], o.folder));
  const changed: string[] = [];
  for (let i = 0; i < status.length; i++) {
    const entry = status[i];
    changed.push(entry.slice(3));
    if (/^[RC]/.test(entry)) changed.push(status[++i]);
  }
  const inFolder = changed.map((p) => (prefix ? (p.startsWith(`${prefix}/`) ? p.slice(prefix.length + 1) : undefined) : p)).filter((p): p is string => p !== undefined);
  await mirrorPaths(o.folder, root, inFolder, o.isDenied);
  // Tracked secret files are checked out too: take them out.
  const tracked = zList(await git(['ls-files', '-z'], root));
  await Promise.all(tracked.filter((p) => o.isDenied(p)).map((p) => rm(join(root, p), { force: true })));
  const links = await linkDependencies(o.folder, root, await ignoredFolders(o.folder, ['-c', `core.excludesFile=${excludes}`]));
  return { taskId: o.taskId, kind: 'git', folder: o.folder, dir, root, repoTop: top, gitArgs: ['-c', `core.excludesFile=${excludes}`], prefix: prefix ? `${prefix}/` : '', links, createdAt: o.now() };
}

async function snapshotPlain(o: WorkingCopyOptions, dir: string, excludes: string): Promise<Snapshot> {
  const gitDir = join(dir, 'git');
  const root = join(dir, 'work');
  await git(['init', '-q', '--bare', gitDir], dir);
  // The folder read through the private git dir: .gitignore files honoured, nothing written there.
  const reading = [`--git-dir=${gitDir}`, `--work-tree=${o.folder}`, '-c', `core.excludesFile=${excludes}`];
  const files = zList(await git([...reading, 'ls-files', '-z', '-o', '--exclude-standard'], o.folder));
  await mkdir(root, { recursive: true });
  await mirrorPaths(o.folder, root, files, o.isDenied);
  const links = await linkDependencies(o.folder, root, await ignoredFolders(o.folder, reading));
  return { taskId: o.taskId, kind: 'copy', folder: o.folder, dir, root, gitArgs: [`--git-dir=${gitDir}`, `--work-tree=${root}`, '-c', `core.excludesFile=${excludes}`], prefix: '', links, createdAt: o.now() };
}

/** Ignored folders of the user's folder (collapsed, folder-relative): where dependency folders are found. */
async function ignoredFolders(folder: string, reading: string[]): Promise<string[]> {
  const out = await git([...reading, 'ls-files', '-z', '-o', '-i', '--exclude-standard', '--directory', '--', ...DEPENDENCY_FOLDERS.map((d) => `:(glob)**/${d}`)], folder);
  return zList(out).filter((p) => p.endsWith('/'));
}

/** Stages everything in the copy (its own index) and returns the tree: the snapshot, or the task's current state. */
export async function writeSnapshot(record: Pick<WorkingCopyRecord, 'root' | 'gitArgs'>): Promise<string> {
  // New blobs go into one pack (bulk check-in) rather than a file each: creating thousands of
  // small files is what a first snapshot of a plain copy would spend its time on.
  await git([...record.gitArgs, '-c', 'core.bigFileThreshold=1', 'add', '-A', '--', '.'], record.root);
  return (await git([...record.gitArgs, 'write-tree'], record.root)).trim();
}

async function removePartial(dir: string, top: string | undefined): Promise<void> {
  if (top) await git(['worktree', 'remove', '--force', join(dir, 'work')], top).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
  if (top) await git(['worktree', 'prune'], top).catch(() => undefined);
}
