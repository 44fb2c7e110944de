/** Folders of installed dependencies: linked into a working copy, never copied (nor snapshotted). */
export const DEPENDENCY_FOLDERS = ['node_modules', '.venv', 'venv', 'bower_components'];

/** The snapshot's index with the copy's stat data, in the copy's own folder: the task's changes are counted against it. */
export const COUNT_INDEX = 'count-index';

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
  /** The git tree (or, for a plain copy, commit) of the snapshot: the base every change is measured from. */
  snapshotTree: string;
  /** Dependency folders linked into the copy (copy-relative), unlinked before removal. */
  links: string[];
  createdAt: number;
  /** Set while the copy's files are being written from the snapshot; a copy left so (the window closed) cannot be resumed. */
  writing?: boolean;
}

/** A working copy just captured: its record, with its files on their way to the disk. */
export interface LiveCopy {
  record: WorkingCopyRecord;
  /** Resolves once every file is on disk; rejects with why they could not be written. */
  onDisk: Promise<void>;
  /** A file's text as captured, while the copy is being written; undefined once it is on disk or when the snapshot cannot serve it (a link, a large file). */
  snapshotText(rel: string): Promise<string | undefined>;
  /** Stops the writing (the window closes): its git processes are killed. */
  stop(): void;
}
