import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { looksBinary } from '../context/looksBinary';
import type { ChangeSet, FileChange } from './changeSet';
import { zList, type Git } from './gitCommand';
import { stageAll } from './workingCopy';
import { COUNT_INDEX, type WorkingCopyRecord } from './workingCopyRecord';

interface Entry {
  status: string;
  path: string;
  from?: string;
}

/**
 * What differs between the snapshot and the copy now (folder-relative paths, renames found).
 * Two git processes: the copy's own index is staged, then compared with the snapshot's tree
 * (no tree written in between).
 */
async function changedEntries(git: Git, record: WorkingCopyRecord): Promise<Entry[]> {
  await stageAll(git, record);
  const out = zList(await git([...record.gitArgs, 'diff-index', '--cached', '-M', '-z', '--name-status', record.snapshotTree, '--', '.'], record.root));
  const entries: Entry[] = [];
  for (let i = 0; i < out.length; i++) {
    const status = out[i][0];
    const strip = (p: string) => p.slice(record.prefix.length);
    if (status === 'R' || status === 'C') {
      entries.push({ status, from: strip(out[i + 1]), path: strip(out[i + 2]) });
      i += 2;
    } else entries.push({ status, path: strip(out[++i]) });
  }
  return entries;
}

/**
 * The files the task has changed so far (folder-relative), each with its snapshot blob (null:
 * new). One git process: `status` against the snapshot's own index, kept beside the copy with the
 * copy's stat data (refreshed by each call, so unchanged files are not rehashed). A rename counts
 * as its two paths here; the change set pairs them.
 */
export async function changedPaths(git: Git, record: WorkingCopyRecord): Promise<Map<string, string | null>> {
  const env = { GIT_INDEX_FILE: join(record.dir, COUNT_INDEX) };
  const out = await git([...record.gitArgs, 'status', '--porcelain=v2', '-z', '--untracked-files=all', '--no-renames', '--ignore-submodules=all', '--', '.'], record.root, { env, refreshIndex: true });
  const changed = new Map<string, string | null>();
  for (const line of zList(out)) {
    const path = (p: string) => p.slice(record.prefix.length);
    // `1 XY sub mH mI mW hH hI path`: Y compares the copy with the snapshot (X compares the snapshot with HEAD).
    const tracked = /^1 .(.) \S+ \d+ \d+ \d+ [0-9a-f]+ ([0-9a-f]+) (.*)$/s.exec(line);
    if (tracked && tracked[1] !== '.') changed.set(path(tracked[3]), tracked[2]);
    else if (line.startsWith('? ')) changed.set(path(line.slice(2)), null);
  }
  return changed;
}

/**
 * The task's result as a ChangeSet: each changed text file with its snapshot text and the
 * task's. Binary files are left out (a text review cannot show them).
 */
export async function changeSetOf(git: Git, record: WorkingCopyRecord, summary: string): Promise<ChangeSet> {
  const base = (p: string) => git([...record.gitArgs, 'cat-file', 'blob', `${record.snapshotTree}:${record.prefix}${p}`], record.root);
  const task = (p: string) => readFile(join(record.root, p), 'utf8');
  const files: FileChange[] = [];
  for (const e of await changedEntries(git, record)) {
    const change = await fileChange(e, base, task);
    const texts = [change && 'base' in change ? change.base : '', change && 'task' in change ? change.task : ''];
    if (change && !texts.some(looksBinary)) files.push(change);
  }
  return { taskId: record.taskId, folder: record.folder, summary, files };
}

async function fileChange(e: Entry, base: (p: string) => Promise<string>, task: (p: string) => Promise<string>): Promise<FileChange | undefined> {
  switch (e.status) {
    case 'M':
    case 'T':
      return { kind: 'modified', path: e.path, base: await base(e.path), task: await task(e.path) };
    case 'A':
    case 'C':
      return { kind: 'created', path: e.path, task: await task(e.path) };
    case 'D':
      return { kind: 'deleted', path: e.path, base: await base(e.path) };
    case 'R':
      return { kind: 'renamed', from: e.from!, path: e.path, base: await base(e.from!), task: await task(e.path) };
    default:
      return undefined;
  }
}

/** The snapshot's text of a folder-relative path; undefined when the snapshot has no such file. */
export function snapshotText(git: Git, record: WorkingCopyRecord, path: string): Promise<string | undefined> {
  return git([...record.gitArgs, 'cat-file', 'blob', `${record.snapshotTree}:${record.prefix}${path}`], record.root).catch(() => undefined);
}
