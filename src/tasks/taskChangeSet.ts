import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { looksBinary } from '../context/looksBinary';
import type { ChangeSet, FileChange } from './changeSet';
import { walkFiles } from './tools/walkFiles';

/** A set of files to compare: the snapshot a task started from, or its working copy as it left it. */
export interface FileTree {
  /** Workspace-relative paths, forward slashes. */
  list(): Promise<string[]>;
  /** A file's text; undefined when it is missing or not text. */
  read(path: string): Promise<string | undefined>;
}

/** The text files of a folder as the tools see it: .gitignore'd and deny-listed files left out. */
export function folderTree(root: string, isDenied: (relPath: string) => boolean, maxFiles = 200_000): FileTree {
  return {
    async list() {
      const { files } = await walkFiles({ root, isDenied }, new AbortController().signal, maxFiles);
      return files;
    },
    async read(path) {
      const text = await readFile(join(root, path), 'utf8').catch(() => undefined);
      return text === undefined || looksBinary(text) ? undefined : text;
    },
  };
}

/**
 * What a task changed: every text file that differs between the snapshot and the working copy.
 * A file that disappeared and one that appeared with the same content are one rename.
 */
export async function taskChangeSet(taskId: string, summary: string, base: FileTree, work: FileTree): Promise<ChangeSet> {
  const [before, after] = await Promise.all([base.list(), work.list()]);
  const inWork = new Set(after);
  const inBase = new Set(before);
  const files: FileChange[] = [];
  const deleted = new Map<string, string>();
  for (const path of before) {
    const b = await base.read(path);
    if (b === undefined) continue;
    if (!inWork.has(path)) {
      deleted.set(path, b);
      continue;
    }
    const t = await work.read(path);
    if (t !== undefined && t !== b) files.push({ kind: 'modified', path, base: b, task: t });
  }
  for (const path of after) {
    if (inBase.has(path)) continue;
    const t = await work.read(path);
    if (t === undefined) continue;
    const from = [...deleted].find(([, text]) => text === t)?.[0];
    if (from !== undefined) {
      deleted.delete(from);
      files.push({ kind: 'renamed', from, path, base: t, task: t });
    } else {
      files.push({ kind: 'created', path, task: t });
    }
  }
  for (const [path, b] of deleted) files.push({ kind: 'deleted', path, base: b });
  files.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  return { taskId, summary, files };
}
