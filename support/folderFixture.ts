import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Writes files (folder-relative path → text) under `root`. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

export function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
}

/** Makes `root` a repository with everything in it committed. */
export function commitAll(root: string): void {
  gitIn(root, 'init', '-q', '-b', 'main');
  gitIn(root, 'add', '-A');
  gitIn(root, 'commit', '-q', '-m', 'start');
}

/**
 * Content hash and modification time of every file under `root` (symlinks not followed), the
 * user's repository state that matters included (.git/HEAD, .git/index, refs); the rest of .git
 * is git's own bookkeeping (a worktree registers itself there).
 */
export function fingerprint(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const name of readdirSync(join(root, rel))) {
      const r = rel ? `${rel}/${name}` : name;
      if (r === '.git') {
        for (const f of ['.git/HEAD', '.git/index']) if (exists(join(root, f))) out.set(f, stamp(join(root, f)));
        walkRefs(root, '.git/refs', out);
        continue;
      }
      const st = lstatSync(join(root, r));
      if (st.isDirectory()) walk(r);
      else out.set(r, stamp(join(root, r)));
    }
  };
  walk('');
  return out;
}

function walkRefs(root: string, rel: string, out: Map<string, string>): void {
  if (!exists(join(root, rel))) return;
  for (const name of readdirSync(join(root, rel))) {
    const r = `${rel}/${name}`;
    if (lstatSync(join(root, r)).isDirectory()) walkRefs(root, r, out);
    else out.set(r, stamp(join(root, r)));
  }
}

function exists(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

function stamp(p: string): string {
  const st = lstatSync(p);
  const content = st.isSymbolicLink() ? 'link' : createHash('sha1').update(readFileSync(p)).digest('hex');
  return `${content} ${st.mtimeMs}`;
}

/** Paths whose content or modification time differ between two fingerprints (added or gone included). */
export function touched(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k)).sort();
}
