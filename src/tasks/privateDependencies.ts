import { cp, mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ProcessRunner } from '../tests/processRunner';
import type { WorkingCopyRecord } from './workingCopyRecord';

/** Virtualenvs run their interpreter by absolute path: a copy of one would still install into the user's. */
const VIRTUALENVS = new Set(['.venv', 'venv']);

/**
 * Replaces the working copy's dependency links by folders of its own, before a command that
 * installs writes through them into the user's folder: a node_modules (or bower_components) by a
 * copy of the user's, so the install starts from what is installed (reflinked where the file
 * system can); a virtualenv by an empty folder. Returns a note per folder for the command's
 * output. `record.links` keeps the links left (none afterwards). `run` starts the copy (cp).
 */
export async function privatizeDependencies(record: Pick<WorkingCopyRecord, 'root' | 'folder' | 'links'>, run: ProcessRunner, timeoutMs = 10 * 60_000): Promise<string[]> {
  const notes: string[] = [];
  for (const rel of [...record.links]) {
    const at = join(record.root, rel);
    const target = join(record.folder, rel);
    // A link or a folder of links (node_modules): removed without following any.
    await rm(at, { recursive: true, force: true });
    record.links.splice(record.links.indexOf(rel), 1);
    if (VIRTUALENVS.has(basename(rel))) {
      await mkdir(at, { recursive: true });
      notes.push(`${rel} is now an empty folder of the working copy (the user's virtualenv stays untouched): create one with \`python -m venv ${rel}\` before installing into it`);
      continue;
    }
    try {
      await copyFolder(target, at, run, timeoutMs);
      notes.push(`${rel} is now the working copy's own copy of the user's: installs change only the copy`);
    } catch (err) {
      await rm(at, { recursive: true, force: true });
      await mkdir(at, { recursive: true });
      notes.push(`${rel} could not be copied (${err instanceof Error ? err.message : String(err)}): it is now an empty folder of the working copy`);
    }
  }
  return notes;
}

/** A folder's copy, symbolic links kept as links: `cp` (sharing blocks where the file system can) on Linux, Node's own elsewhere. */
async function copyFolder(from: string, to: string, run: ProcessRunner, timeoutMs: number): Promise<void> {
  if (process.platform !== 'linux') {
    await cp(from, to, { recursive: true, verbatimSymlinks: true });
    return;
  }
  const r = await run({ argv: ['cp', '-a', '--reflink=auto', from, to], cwd: '/', timeoutMs });
  if (r.startError || r.code !== 0) throw new Error(r.startError ?? (r.stderr.trim() || (r.timedOut ? 'it took too long' : `cp exited with ${r.code}`)));
}
