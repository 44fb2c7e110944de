import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Git } from './gitCommand';
import type { WorkingCopyRecord } from './workingCopyRecord';

const WEEK_MS = 7 * 24 * 3600_000;

/**
 * Removes a working copy: the dependency links first (so nothing can reach through them into the
 * user's folder), then the worktree (`git worktree remove --force`, pruned where that fails) or the copy.
 */
export async function removeWorkingCopy(git: Git, record: WorkingCopyRecord): Promise<void> {
  // A link, or a folder of links (node_modules): removed without following any.
  for (const l of record.links) await rm(join(record.root, l), { recursive: true, force: true }).catch(() => undefined);
  const top = record.kind === 'git' ? record.repoTop : undefined;
  const unregistered = top ? await git(['worktree', 'remove', '--force', join(record.dir, 'work')], top).then(() => true, () => false) : true;
  await rm(record.dir, { recursive: true, force: true });
  // Only a worktree git could not remove (locked, half made) is left registered: pruned once its folder is gone.
  if (top && !unregistered) await git(['worktree', 'prune'], top).catch(() => undefined);
}

/** Reads the record persisted beside a copy; undefined when there is none or it is unreadable. */
export async function readWorkingCopyRecord(dir: string): Promise<WorkingCopyRecord | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, 'record.json'), 'utf8')) as WorkingCopyRecord;
  } catch {
    return undefined;
  }
}

/**
 * Removes the copies under `storageDir` older than a week (by their record, or by the folder's
 * time when a start broke off before writing one), except those of `keep`. Returns the removed ids.
 */
export async function removeStaleCopies(git: Git, storageDir: string, now: number, keep: ReadonlySet<string> = new Set(), maxAgeMs = WEEK_MS): Promise<string[]> {
  const names = await readdir(storageDir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (keep.has(name)) continue;
    const dir = join(storageDir, name);
    const record = await readWorkingCopyRecord(dir);
    const born = record?.createdAt ?? (await stat(dir).catch(() => undefined))?.mtimeMs ?? now;
    if (now - born <= maxAgeMs) continue;
    if (record) await removeWorkingCopy(git, record);
    else await rm(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
