import { mkdir, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { git, zList } from './gitCommand';
import { captureGit } from './snapshotGit';
import { startFileReader } from './fileReader';
import { capturePlain } from './snapshotPlain';
import { linkDependencies, writeExcludes, type Overlay } from './workingCopyFiles';
import { DEPENDENCY_FOLDERS, type LiveCopy, type WorkingCopyRecord } from './workingCopyRecord';

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
  const repo = await repositoryOf(o.folder);
  try {
    const taken = repo ? await takeGit(o, dir, repo, excludes) : await takePlain(o, dir, excludes);
    const record = taken.record;
    await writeFile(join(dir, 'record.json'), JSON.stringify(record));
    let onDisk = false;
    const written = taken.materialize(stopper.signal).then(async () => {
      record.links = await linkDependencies(o.folder, record.root, await ignoredFolders(o.folder, taken.reading));
      if (!record.snapshotTree) record.snapshotTree = await writeSnapshot(record);
      delete record.writing;
      onDisk = true;
      await writeFile(join(dir, 'record.json'), JSON.stringify(record));
    });
    written.catch(() => undefined);
    return { record, onDisk: written, snapshotText: async (rel) => (onDisk ? undefined : taken.text(rel)), stop: () => stopper.abort() };
  } catch (err) {
    await removePartial(dir, repo?.top);
    throw err;
  }
}

/** Takes the snapshot and waits until the copy is on disk. */
export async function createWorkingCopy(o: WorkingCopyOptions): Promise<WorkingCopyRecord> {
  const live = await captureWorkingCopy(o);
  await live.onDisk;
  return live.record;
}

interface Taken {
  record: WorkingCopyRecord;
  /** How git reads the user's folder (where dependency folders are found). */
  reading: string[];
  materialize(signal: AbortSignal): Promise<void>;
  text(rel: string): Promise<string | undefined> | string | undefined;
}

/** The repository's top, its index file and HEAD's commit when the folder is in one with at least one commit (one git call: each costs a process). */
async function repositoryOf(folder: string): Promise<{ top: string; index: string; head: string } | undefined> {
  try {
    const [top, index, head] = (await git(['rev-parse', '--show-toplevel', '--git-path', 'index', '--verify', '-q', 'HEAD'], folder)).trim().split('\n');
    return head ? { top, index: isAbsolute(index) ? index : join(folder, index), head } : undefined;
  } catch {
    return undefined;
  }
}

async function takeGit(o: WorkingCopyOptions, dir: string, repo: { top: string; index: string; head: string }, excludes: string): Promise<Taken> {
  const work = join(dir, 'work');
  const snap = await captureGit({ folder: o.folder, top: repo.top, index: repo.index, head: repo.head, dir, overlays: o.overlays, isDenied: o.isDenied });
  const root = snap.prefix ? join(work, snap.prefix) : work;
  const gitArgs = ['-c', `core.excludesFile=${excludes}`];
  return {
    record: { taskId: o.taskId, kind: 'git', folder: o.folder, dir, root, repoTop: repo.top, gitArgs, prefix: snap.prefix ? `${snap.prefix}/` : '', snapshotTree: snap.tree, links: [], createdAt: o.now(), writing: true },
    reading: gitArgs,
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
  let snap: Awaited<ReturnType<typeof capturePlain>>;
  try {
    // No template: copying its sample hooks is half of what init costs, and the copy runs no hooks.
    await git(['init', '-q', '--bare', '--template=', gitDir], dir);
    const files = zList(await git([...reading, 'ls-files', '-z', '-o', '--exclude-standard'], o.folder)).filter((p) => !o.isDenied(p));
    snap = await capturePlain({ folder: o.folder, root, files, overlays: o.overlays, isDenied: o.isDenied, reader });
  } finally {
    reader.close();
  }
  return {
    // The snapshot's tree is written once the files are on disk (hashing them is part of writing).
    record: { taskId: o.taskId, kind: 'copy', folder: o.folder, dir, root, gitArgs: [`--git-dir=${gitDir}`, `--work-tree=${root}`, '-c', `core.excludesFile=${excludes}`], prefix: '', snapshotTree: '', links: [], createdAt: o.now(), writing: true },
    reading,
    materialize: (signal) => snap.materialize(signal),
    text: (rel) => snap.text(rel),
  };
}

/** Ignored folders of the user's folder (collapsed, folder-relative): where dependency folders are found. */
async function ignoredFolders(folder: string, reading: string[]): Promise<string[]> {
  const out = await git([...reading, 'ls-files', '-z', '-o', '-i', '--exclude-standard', '--directory', '--', ...DEPENDENCY_FOLDERS.map((d) => `:(glob)**/${d}`)], folder);
  return zList(out).filter((p) => p.endsWith('/'));
}

/** Stages everything in the copy (its own index) and returns the tree: the snapshot, or the task's current state. */
export async function writeSnapshot(record: Pick<WorkingCopyRecord, 'root' | 'gitArgs'>): Promise<string> {
  await stageAll(record);
  return (await git([...record.gitArgs, 'write-tree'], record.root)).trim();
}

/** Stages everything in the copy on its own index. */
export async function stageAll(record: Pick<WorkingCopyRecord, 'root' | 'gitArgs'>): Promise<void> {
  // New blobs go into one pack (bulk check-in) rather than a file each: creating thousands of
  // small files is what a first snapshot of a plain copy would spend its time on.
  await git([...record.gitArgs, '-c', 'core.bigFileThreshold=1', 'add', '-A', '--', '.'], record.root);
}

async function removePartial(dir: string, top: string | undefined): Promise<void> {
  if (top) await git(['worktree', 'remove', '--force', join(dir, 'work')], top).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
  if (top) await git(['worktree', 'prune'], top).catch(() => undefined);
}
