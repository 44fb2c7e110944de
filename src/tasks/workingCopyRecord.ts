/** Folders of installed dependencies: linked into a working copy, never copied (nor snapshotted). */
export const DEPENDENCY_FOLDERS = ['node_modules', '.venv', 'venv', 'bower_components'];

/**
 * Where a task works, as persisted beside the task (`<dir>/record.json`), so a reloaded window
 * can reopen it, compute its changes and remove it.
 */
export interface WorkingCopyRecord {
  taskId: string;
  /** git: a detached worktree of the folder's repository; copy: a plain copy with a private git dir for its snapshot. */
  kind: 'git' | 'copy';
  /** The user's folder it was taken from (absolute). */
  folder: string;
  /** This copy's own folder under the storage path (holds the copy and its bookkeeping). */
  dir: string;
  /** The folder's counterpart in the copy: where tools and commands work. */
  root: string;
  /** The repository's top in the user's checkout (git kind), for `git worktree remove`. */
  repoTop?: string;
  /** Arguments that point git at the copy (a private git dir and work tree for the copy kind). */
  gitArgs: string[];
  /** The folder's path inside its repository ('' at the top, or for a copy), with a trailing slash. */
  prefix: string;
  /** The git tree of the snapshot: the base every change is measured from. */
  snapshotTree: string;
  /** Dependency folders linked into the copy (copy-relative), unlinked before removal. */
  links: string[];
  createdAt: number;
}
