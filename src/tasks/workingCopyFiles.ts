import { copyFile, lstat, mkdir, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize } from 'node:path';
import { DEPENDENCY_FOLDERS } from './workingCopyRecord';

/** A text the user sees that differs from the disk: an unsaved buffer, workspace-relative. */
export interface Overlay {
  path: string;
  text: string;
}

/** Runs `work` over items, `limit` at a time (thousands of copies at once would exhaust file handles). */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** A workspace-relative path that stays inside the folder (no absolute path, no `..`). */
export function insideRelative(path: string): string | undefined {
  const p = normalize(path.replace(/\\/g, '/')).replace(/\\/g, '/');
  if (p === '' || p === '.' || isAbsolute(p) || p === '..' || p.startsWith('../')) return undefined;
  return p;
}

/** Copies one file (a symlink as a symlink) from the user's folder into the copy, making its folders (each once per `made`). */
export async function copyInto(from: string, to: string, rel: string, made = new Map<string, Promise<unknown>>()): Promise<void> {
  const src = join(from, rel);
  const dst = join(to, rel);
  const folder = dirname(dst);
  if (!made.has(folder)) made.set(folder, mkdir(folder, { recursive: true }));
  await made.get(folder);
  const st = await lstat(src);
  if (st.isSymbolicLink()) {
    await rm(dst, { force: true });
    await symlink(await readlink(src), dst);
  } else if (st.isFile()) {
    await copyFile(src, dst);
  }
}

/** Copies the listed files (those the deny list allows); missing ones are removed from the copy (deleted by the user). */
export async function mirrorPaths(from: string, to: string, paths: readonly string[], isDenied: (rel: string) => boolean): Promise<void> {
  const made = new Map<string, Promise<unknown>>();
  await eachLimited(paths.filter((p) => !isDenied(p)), 32, async (rel) => {
    try {
      await copyInto(from, to, rel, made);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await rm(join(to, rel), { force: true });
    }
  });
}

/** Writes the unsaved buffers over the copy (outside or deny-listed ones are left out). */
export async function writeOverlays(to: string, overlays: readonly Overlay[], isDenied: (rel: string) => boolean): Promise<void> {
  for (const o of overlays) {
    const rel = insideRelative(o.path);
    if (!rel || isDenied(rel)) continue;
    await mkdir(dirname(join(to, rel)), { recursive: true });
    await writeFile(join(to, rel), o.text);
  }
}

/**
 * The dependency folders of `from` (folder-relative): those at its top or beside any of its
 * `files` (the snapshot's, which never include them). Found on the disk, not by listing ignored
 * files: a task's start spares a process.
 */
export async function dependencyFolders(from: string, files: readonly string[]): Promise<string[]> {
  const folders = new Set(['']);
  for (const f of files) {
    for (let at = f.lastIndexOf('/'); at > 0; at = f.lastIndexOf('/', at - 1)) {
      const d = f.slice(0, at);
      if (folders.has(d)) break;
      folders.add(d);
    }
  }
  const candidates = [...folders].flatMap((d) => DEPENDENCY_FOLDERS.map((name) => (d ? `${d}/${name}` : name)));
  const found: string[] = [];
  await eachLimited(candidates, 32, async (rel) => {
    const info = await lstat(join(from, rel)).catch(() => undefined);
    if (info?.isDirectory() || info?.isSymbolicLink()) found.push(rel);
  });
  return found.sort();
}

/** Dependency folders whose tools write caches of their own beside the packages (`.vite`, `.cache`): linked entry by entry. */
const LINKED_BY_ENTRY = new Set(['node_modules', 'bower_components']);

/** Dot-folders of a node_modules that are its packages, not a tool's cache: linked like the packages. */
const PACKAGE_DOT_FOLDERS = new Set(['.bin', '.pnpm']);

/**
 * Links the dependency folders among `ignoredDirs` (folder-relative, as git lists them) into the
 * copy. A node_modules becomes a folder of the copy's own whose entries link to the user's: a tool
 * run in the copy that adds an entry (vite's `.vite`, `.cache`) adds it to the copy, not through
 * the link into the user's folder; caches the user's has are left out for the same reason. A
 * virtualenv is linked whole (commands get its copy-side path; installs get an empty one).
 */
export async function linkDependencies(from: string, to: string, ignoredDirs: readonly string[]): Promise<string[]> {
  const linked: string[] = [];
  for (const d of ignoredDirs) {
    const rel = d.replace(/\/$/, '');
    const name = rel.split('/').pop() ?? '';
    if (!DEPENDENCY_FOLDERS.includes(name)) continue;
    if (LINKED_BY_ENTRY.has(name)) await linkEntries(join(from, rel), join(to, rel));
    else {
      await mkdir(dirname(join(to, rel)), { recursive: true });
      await symlink(join(from, rel), join(to, rel), 'junction');
    }
    linked.push(rel);
  }
  return linked;
}

async function linkEntries(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  // Packages, their metadata files (`.package-lock.json`, `.modules.yaml`) and `.bin`; not other dot-folders (caches).
  const entries = (await readdir(from, { withFileTypes: true })).filter((e) => !e.name.startsWith('.') || e.isFile() || PACKAGE_DOT_FOLDERS.has(e.name));
  await eachLimited(entries, 16, (e) => symlink(join(from, e.name), join(to, e.name), e.isFile() ? 'file' : 'junction'));
}

/** The excludes file every git call on a copy uses: dependency folders (linked, a symlink or a folder) stay out of snapshots. */
export async function writeExcludes(dir: string): Promise<string> {
  const file = join(dir, 'exclude');
  await writeFile(file, `${DEPENDENCY_FOLDERS.join('\n')}\n.git\n`);
  return file;
}
