import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { Git } from './gitCommand';

/** A folder's repository, as a snapshot needs it: its top, its index file and HEAD's commit. */
export interface Repository {
  top: string;
  index: string;
  head: string;
}

/**
 * The repository holding `folder`, when it has a commit. Read from the files git keeps (`.git`,
 * HEAD, the ref it names) as git's own discovery does, so a task's start spares a process; a
 * layout this reading does not know (reftable refs, a symbolic ref chain, a bare or
 * environment-configured repository) is asked of git itself.
 */
export async function findRepository(git: Git, folder: string): Promise<Repository | undefined> {
  const found = await readRepository(folder).catch(() => 'ask' as const);
  return found === 'ask' ? askGit(git, folder) : found;
}

/** 'ask' when the layout is not a plain one; undefined when there is no repository or no commit. */
async function readRepository(folder: string): Promise<Repository | undefined | 'ask'> {
  if (process.env.GIT_DIR || process.env.GIT_INDEX_FILE || process.env.GIT_WORK_TREE) return 'ask';
  for (let top = resolve(folder); ; top = dirname(top)) {
    const dotGit = join(top, '.git');
    const info = await stat(dotGit).catch(() => undefined);
    if (info) {
      const gitDir = info.isDirectory() ? dotGit : await linkedGitDir(dotGit, top);
      if (!gitDir) return 'ask';
      const head = await headCommit(gitDir);
      return head === 'ask' ? 'ask' : head === undefined ? undefined : { top, index: join(gitDir, 'index'), head };
    }
    if (dirname(top) === top) return undefined;
  }
}

/** The git dir a `.git` file points to (a linked worktree or a submodule). */
async function linkedGitDir(file: string, top: string): Promise<string | undefined> {
  const m = /^gitdir: (.+)$/m.exec(await readFile(file, 'utf8'));
  return m ? resolve(top, m[1].trim()) : undefined;
}

const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** HEAD's commit in a git dir: undefined on an unborn branch, 'ask' where the refs are not loose or packed files. */
export async function headCommit(gitDir: string): Promise<string | undefined | 'ask'> {
  const common = await readFile(join(gitDir, 'commondir'), 'utf8').then((c) => (isAbsolute(c.trim()) ? c.trim() : join(gitDir, c.trim())), () => gitDir);
  if (await stat(join(common, 'reftable')).then(() => true, () => false)) return 'ask';
  const head = (await readFile(join(gitDir, 'HEAD'), 'utf8')).trim();
  if (SHA.test(head)) return head;
  const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
  if (!ref) return 'ask';
  // Per-worktree refs live in the worktree's dir; branches in the common one.
  const loose = (await readFile(join(gitDir, ref), 'utf8').catch(() => undefined)) ?? (await readFile(join(common, ref), 'utf8').catch(() => undefined));
  if (loose !== undefined) return SHA.test(loose.trim()) ? loose.trim() : 'ask';
  const packed = await readFile(join(common, 'packed-refs'), 'utf8').catch(() => '');
  const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`));
  const sha = line?.split(' ')[0];
  return sha && SHA.test(sha) ? sha : undefined;
}

/** One git call: each costs a process. */
async function askGit(git: Git, folder: string): Promise<Repository | undefined> {
  try {
    const [top, index, head] = (await git(['rev-parse', '--show-toplevel', '--git-path', 'index', '--verify', '-q', 'HEAD'], folder)).trim().split('\n');
    return head ? { top, index: isAbsolute(index) ? index : join(folder, index), head } : undefined;
  } catch {
    return undefined;
  }
}
