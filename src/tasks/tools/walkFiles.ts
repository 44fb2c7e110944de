import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TaskEnvironment } from '../taskEnvironment';
import { GitIgnore } from './gitIgnore';

/** Folders never listed: version control internals. */
const SKIPPED = new Set(['.git', '.hg', '.svn']);

/**
 * The working copy's files (relative, forward slashes) in a stable order: ignored files
 * (.gitignore at any depth), secret files and symbolic links left out, at most `max` of them.
 */
export async function walkFiles(env: Pick<TaskEnvironment, 'root' | 'isDenied'>, signal: AbortSignal, max: number): Promise<{ files: string[]; truncated: boolean }> {
  const ignore = new GitIgnore();
  const files: string[] = [];
  const walk = async (dir: string): Promise<boolean> => {
    if (signal.aborted) return false;
    const abs = join(env.root, dir);
    const entries = await readdir(abs, { withFileTypes: true }).catch(() => []);
    const gi = entries.find((e) => e.name === '.gitignore' && e.isFile());
    if (gi) ignore.add(dir, await readFile(join(abs, '.gitignore'), 'utf8').catch(() => ''));
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isSymbolicLink() || env.isDenied(rel)) continue;
      if (e.isDirectory()) {
        if (SKIPPED.has(e.name) || ignore.ignored(rel, true)) continue;
        if (!(await walk(rel))) return false;
      } else if (e.isFile() && !ignore.ignored(rel, false)) {
        if (files.length >= max) return false;
        files.push(rel);
      }
    }
    return true;
  };
  const complete = await walk('');
  return { files, truncated: !complete };
}
