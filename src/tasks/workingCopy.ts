import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GitError, zList, type Git } from './gitCommand';
import { findRepository, headCommit, type Repository } from './gitRepository';
import { captureGit } from './snapshotGit';
import { startFileReader } from './fileReader';
import { capturePlain } from './snapshotPlain';
import { dependencyFolders, linkDependencies, writeExcludes, type Overlay } from './workingCopyFiles';
import { COUNT_INDEX, type LiveCopy, type WorkingCopyRecord } from './workingCopyRecord';

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
  /** Runs the copy's git processes (on the process spawner in the editor). */
  git: Git;
}

/**
 * Takes a snapshot of `folder` as the user sees it (unsaved buffers, uncommitted and untracked
 * files; ignored and deny-listed files left out) and returns as soon as it is taken: the user's
 * later edits cannot reach it. The copy's files are then written under `storageDir/<taskId>` in
 * the background (`onDisk`): a detached git worktree of the snapshot's tree where the folder is in
 * a repository with a commit, a plain copy with a private git dir otherwise; dependency folders
 * are linked. Nothing in the user's folder is written (git runs without hooks or optional index
 * refreshes, on a private index).
 */
export async function captureWorkingCopy(o: WorkingCopyOptions): Promise<LiveCopy> {
  const dir = join(o.storageDir, o.taskId);
  await mkdir(dir, { recursive: true });
  const excludes = await writeExcludes(dir);
  const stopper = new AbortController();
  let repo = await findRepository(o.git, o.folder);
  try {
    let taken = repo ? await takeGit(o, dir, repo, excludes).catch(unreadable) : undefined;
    if (!taken) {
      repo = undefined;
      taken = await takePlain(o, dir, excludes);
    }
    const record = taken.record;
    await writeFile(join(dir, 'record.json'), JSON.stringify(record));
    let onDisk = false;
    const written = taken.materialize(stopper.signal).then(async () => {
      record.links = await linkDependencies(o.folder, record.root, await dependencyFolders(o.folder, taken.files));
      if (!record.snapshotTree) record.snapshotTree = await writeSnapshot(o.git, record);
      delete record.writing;
      onDisk = true;
      await writeFile(join(dir, 'record.json'), JSON.stringify(record));
    });
    written.catch(() => undefined);
    return { record, onDisk: written, snapshotText: async (rel) => (onDisk ? undefined : taken.text(rel)), stop: () => stopper.abort() };
  } catch (err) {
    await removePartial(o.git, dir, repo?.top);
    throw err;
  }
}

/** Takes the snapshot and waits until the copy is on disk. */
export async function createWorkingCopy(o: WorkingCopyOptions): Promise<WorkingCopyRecord> {
  const live = await captureWorkingCopy(o);
  await live.onDisk;
  return live.record;
}

/** A repository git refuses to read (another user's, without safe.directory) is copied as a plain folder. */
function unreadable(err: unknown): undefined {
  if (err instanceof GitError && /not a git repository|dubious ownership/.test(err.message)) return undefined;
  throw err;
}

interface Taken {
  record: WorkingCopyRecord;
  /** The folder's files the snapshot took (folder-relative): dependency folders are found beside them. */
  files: readonly string[];
  materialize(signal: AbortSignal): Promise<void>;
  text(rel: string): Promise<string | undefined> | string | undefined;
}

async function takeGit(o: WorkingCopyOptions, dir: string, repo: Repository, excludes: string): Promise<Taken> {
  const work = join(dir, 'work');
  const snap = await captureGit({ folder: o.folder, top: repo.top, index: repo.index, head: repo.head, dir, overlays: o.overlays, isDenied: o.isDenied, git: o.git });
  const root = snap.prefix ? join(work, snap.prefix) : work;
  const gitArgs = ['-c', `core.excludesFile=${excludes}`];
  return {
    record: { taskId: o.taskId, kind: 'git', folder: o.folder, dir, root, repoTop: repo.top, gitArgs, prefix: snap.prefix ? `${snap.prefix}/` : '', snapshotTree: snap.tree, links: [], createdAt: o.now(), writing: true },
    files: snap.files,
    materialize: (signal) => snap.materialize(work, signal),
    text: (rel) => snap.text(rel),
  };
}

async function takePlain(o: WorkingCopyOptions, dir: string, excludes: string): Promise<Taken> {
  const gitDir = join(dir, 'git');
  const root = join(dir, 'work');
  // Started first: the reader's thread comes up while git lists the files.
  const reader = startFileReader();
  // The folder read through the private git dir: .gitignore files honoured, nothing written there.
  const reading = [`--git-dir=${gitDir}`, `--work-tree=${o.folder}`, '-c', `core.excludesFile=${excludes}`];
  const { git } = o;
  let snap: Awaited<ReturnType<typeof capturePlain>>;
  let files: string[];
  try {
    // No template: copying its sample hooks is half of what init costs, and the copy runs no hooks.
    await git(['init', '-q', '--bare', '--template=', gitDir], dir);
    files = zList(await git([...reading, 'ls-files', '-z', '-o', '--exclude-standard'], o.folder)).filter((p) => !o.isDenied(p));
    snap = await capturePlain({ folder: o.folder, root, files, overlays: o.overlays, isDenied: o.isDenied, reader });
  } finally {
    reader.close();
  }
  return {
    // The snapshot's tree is written once the files are on disk (hashing them is part of writing).
    record: { taskId: o.taskId, kind: 'copy', folder: o.folder, dir, root, gitArgs: [`--git-dir=${gitDir}`, `--work-tree=${root}`, '-c', `core.excludesFile=${excludes}`], prefix: '', snapshotTree: '', links: [], createdAt: o.now(), writing: true },
    files,
    materialize: (signal) => snap.materialize(signal),
    text: (rel) => snap.text(rel),
  };
}

/** What a snapshot commit of a plain copy needs, whatever the user's configuration says. */
const SNAPSHOT_COMMIT = ['-c', 'user.name=Flint', '-c', 'user.email=flint@localhost', '-c', 'commit.gpgSign=false', '-c', 'gc.auto=0', '-c', 'maintenance.auto=false'];

/**
 * Stages everything in a plain copy (its private git dir) and commits it: the snapshot. A commit
 * rather than a bare tree, so that counting the task's changes (`status`) finds nothing between
 * HEAD and the snapshot to list.
 */
async function writeSnapshot(git: Git, record: Pick<WorkingCopyRecord, 'root' | 'gitArgs' | 'dir'>): Promise<string> {
  await stageAll(git, record);
  await git([...record.gitArgs, ...SNAPSHOT_COMMIT, 'commit', '-q', '--no-verify', '--allow-empty', '-m', 'snapshot'], record.root);
  // The copy's index is the snapshot now, with the copy's stat data: what its changes are counted against.
  await copyFile(join(record.dir, 'git', 'index'), join(record.dir, COUNT_INDEX));
  const head = await headCommit(join(record.dir, 'git')).catch(() => undefined);
  return typeof head === 'string' && head !== 'ask' ? head : (await git([...record.gitArgs, 'rev-parse', 'HEAD'], record.root)).trim();
}

/** Stages everything in the copy on its own index. */
export async function stageAll(git: Git, record: Pick<WorkingCopyRecord, 'root' | 'gitArgs'>): Promise<void> {
  // New blobs go into one pack (bulk check-in) rather than a file each: creating thousands of
  // small files is what a first snapshot of a plain copy would spend its time on.
  await git([...record.gitArgs, '-c', 'core.bigFileThreshold=1', 'add', '-A', '--', '.'], record.root);
}

async function removePartial(git: Git, dir: string, top: string | undefined): Promise<void> {
  if (top) await git(['worktree', 'remove', '--force', join(dir, 'work')], top).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
  if (top) await git(['worktree', 'prune'], top).catch(() => undefined);
}
