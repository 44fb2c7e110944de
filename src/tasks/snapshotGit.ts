import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { GitError, zList, type Git } from './gitCommand';
import { insideRelative, type Overlay } from './workingCopyFiles';
import { COUNT_INDEX, DEPENDENCY_FOLDERS } from './workingCopyRecord';

/** Largest file the snapshot serves before the copy is on disk (larger ones wait for the disk). */
const MAX_SERVED_BYTES = 1_000_000;

/** Pathspecs that keep dependency folders out of a listing, wherever they sit. */
export const NO_DEPENDENCIES = DEPENDENCY_FOLDERS.flatMap((d) => [`:(exclude,glob)**/${d}/**`, `:(exclude,glob)**/${d}`]);

export interface GitCaptureInput {
  folder: string;
  /** The repository's top, its index file and the commit checked out there. */
  top: string;
  index: string;
  head: string;
  /** This copy's own folder (the capture's index lives there). */
  dir: string;
  overlays: readonly Overlay[];
  isDenied(relPath: string): boolean;
  git: Git;
}

export interface GitCapture {
  /** The folder's path in the repository ('' at the top). */
  prefix: string;
  /** The snapshot: a tree of the repository with the folder as the user sees it. */
  tree: string;
  /** The folder's files the snapshot took (folder-relative). */
  files: string[];
  /** Checks the tree out as a detached worktree at `work` (no hooks, no large-file downloads). */
  materialize(work: string, signal: AbortSignal): Promise<void>;
  /** A regular file's text in the snapshot (folder-relative), undefined when it is none or too large. */
  text(rel: string): Promise<string | undefined>;
}

/**
 * The folder as the user sees it, as a tree of its repository, taken as `git stash create` does:
 * a private copy of the user's index takes the uncommitted, untracked (not ignored) and unsaved
 * files, the deny list and dependency folders left out. Stat data in the copied index spares
 * rehashing unchanged files, so this costs a directory scan. The user's index, files and refs are
 * not written; new blobs go to the repository's object store, as a stash's would.
 */
export async function captureGit(o: GitCaptureInput): Promise<GitCapture> {
  const { git } = o;
  const prefix = relative(o.top, o.folder).replace(/\\/g, '/');
  const repoPath = (rel: string) => (prefix ? `${prefix}/${rel}` : rel);
  const index = join(o.dir, 'snapshot-index');
  const env = { GIT_INDEX_FILE: index };
  try {
    await copyFile(o.index, index);
  } catch {
    await git(['read-tree', o.head], o.top, { env });
  }
  // One listing gives the files (the deny list's input) and the tracked ones' modes (the buffers'):
  // `-t` tags each line (`? path` untracked, `H mode sha stage\tpath` tracked), so no file's name
  // can pass for another line's.
  const modes = new Map<string, string>();
  const listed: string[] = [];
  for (const line of zList(await git(['ls-files', '-z', '-t', '-s', '-c', '-o', '--exclude-standard', '--', '.', ...NO_DEPENDENCIES], o.folder, { env }))) {
    const staged = line.startsWith('? ') ? undefined : /^\S+ (\d{6}) [0-9a-f]+ \d\t(.*)$/s.exec(line);
    if (staged) modes.set(staged[2], staged[1]);
    listed.push(staged ? staged[2] : line.slice(2));
  }
  const denied = new Set(listed.filter((p) => o.isDenied(p)));
  // Secret files are never hashed: excluded from the add, and removed where the index tracks them.
  const pathspecs = ['.', ...NO_DEPENDENCIES, ...[...denied].map((p) => `:(exclude,literal)${p}`)];
  await git(['add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], o.folder, { env, input: pathspecs.join('\0') });
  await addBuffers(o, env, repoPath, modes, [...denied].filter((p) => modes.has(p)));
  const tree = (await git(['write-tree'], o.top, { env })).trim();
  await rm(index, { force: true });
  return {
    prefix,
    tree,
    files: listed.filter((p) => !denied.has(p)),
    async materialize(work, signal) {
      await git(['worktree', 'add', '--no-checkout', '--detach', work, o.head], o.folder, { signal });
      // Large-file pointers stay pointers: a snapshot never downloads (GIT_LFS_SKIP_SMUDGE).
      await git(['read-tree', '-u', '--reset', tree], work, { env: { GIT_LFS_SKIP_SMUDGE: '1' }, signal, timeoutMs: 10 * 60_000 });
      // The snapshot with the copy's stat data: what the task's changes are counted against.
      await copyFile(await worktreeIndex(work), join(o.dir, COUNT_INDEX));
    },
    async text(rel) {
      const [entry] = zList(await git(['ls-tree', '-l', '-z', '--full-tree', tree, '--', repoPath(rel)], o.top));
      const m = entry && /^(100644|100755) blob ([0-9a-f]+) +(\d+)\t/.exec(entry);
      if (!m || Number(m[3]) > MAX_SERVED_BYTES) return undefined;
      // As the checkout writes it (line endings converted), so an edit checked against it matches the disk.
      return git(['cat-file', '--filters', `--path=${repoPath(rel)}`, m[2]], o.top, { env: { GIT_LFS_SKIP_SMUDGE: '1' } });
    },
  };
}

/**
 * The unsaved buffers and the tracked secret files in one add, from a work tree holding the
 * buffers alone: each buffer is hashed as git hashes the file at its path (attributes, line
 * endings, the executable bit kept), and a secret file, absent there, leaves the index. Ignored
 * paths are added too: the user sees them.
 */
async function addBuffers(o: GitCaptureInput, env: Record<string, string>, repoPath: (rel: string) => string, modes: ReadonlyMap<string, string>, trackedSecrets: readonly string[]): Promise<void> {
  const { git } = o;
  const shown = overlaysShown(o);
  if (!shown.length && !trackedSecrets.length) return;
  const tree = join(o.dir, 'buffers');
  await mkdir(tree, { recursive: true });
  for (const v of shown) {
    const file = join(tree, repoPath(v.rel));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, v.text, { mode: modes.get(v.rel) === '100755' ? 0o755 : 0o644 });
  }
  const paths = [...shown.map((v) => v.rel), ...trackedSecrets].map((p) => `:(literal)${repoPath(p)}`);
  try {
    await git([`--git-dir=${dirname(o.index)}`, `--work-tree=${tree}`, 'add', '-A', '-f', '--pathspec-from-file=-', '--pathspec-file-nul'], tree, { env, input: paths.join('\0') });
  } finally {
    await rm(tree, { recursive: true, force: true });
  }
}

/** The index file of a worktree git made (its `.git` file names its git dir). */
async function worktreeIndex(work: string): Promise<string> {
  const m = /^gitdir: (.+)$/m.exec(await readFile(join(work, '.git'), 'utf8'));
  if (!m) throw new GitError(`the working copy at ${work} has no git dir`);
  return join(resolve(work, m[1].trim()), 'index');
}

/** The unsaved buffers the snapshot takes: inside the folder and not deny-listed. */
function overlaysShown(o: GitCaptureInput): { rel: string; text: string }[] {
  return o.overlays.map((v) => ({ rel: insideRelative(v.path), text: v.text })).filter((v): v is Overlay & { rel: string } => v.rel !== undefined && !o.isDenied(v.rel));
}
