import { posix } from 'node:path';
import type { GrammarName } from './parserLanguages';

/** The files the index knows, to resolve module names against (workspace-relative, `/`-separated). */
export class KnownFiles {
  private readonly all = new Set<string>();
  private readonly byDir = new Map<string, Set<string>>();
  /** By file name, so a path's tail is found without reading every path (a lookup runs per name in play). */
  private readonly byBase = new Map<string, Set<string>>();

  add(path: string): void {
    if (this.all.has(path)) return;
    this.all.add(path);
    addTo(this.byDir, posix.dirname(path), path);
    addTo(this.byBase, posix.basename(path), path);
  }

  delete(path: string): void {
    if (!this.all.delete(path)) return;
    deleteFrom(this.byDir, posix.dirname(path), path);
    deleteFrom(this.byBase, posix.basename(path), path);
  }

  has(path: string): boolean {
    return this.all.has(path);
  }

  get size(): number {
    return this.all.size;
  }

  /** Files directly in `dir` (`.` for the top). */
  inDirectory(dir: string): string[] {
    return [...(this.byDir.get(dir) ?? [])];
  }

  /** Folders whose path is `tail` or ends with `/<tail>`. */
  directoriesEndingWith(tail: string): string[] {
    return [...this.byDir.keys()].filter((d) => d === tail || d.endsWith(`/${tail}`));
  }

  /** Files whose path is `tail` or ends with `/<tail>`. */
  endingWith(tail: string): string[] {
    const named = [...(this.byBase.get(posix.basename(tail)) ?? [])];
    const deeper = named.filter((p) => p !== tail && p.endsWith(`/${tail}`));
    return this.all.has(tail) ? [tail, ...deeper] : deeper;
  }
}

function addTo(map: Map<string, Set<string>>, key: string, path: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(path);
}

function deleteFrom(map: Map<string, Set<string>>, key: string, path: string): void {
  const set = map.get(key);
  set?.delete(path);
  if (set?.size === 0) map.delete(key);
}

const JS_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];

/**
 * The files a module name written in `from` refers to, among `files`: relative JavaScript and
 * TypeScript paths (`./x`, `./x.js` meaning `x.ts`, folders with an index), Python modules
 * (relative and absolute, packages by `__init__.py`), Go packages (every file of the folder).
 * Bare package names and anything outside the known files resolve to nothing: the language
 * server, where one answers, knows those.
 */
export function resolveModule(from: string, module: string, grammar: GrammarName, files: KnownFiles): string[] {
  if (grammar === 'python') return resolvePython(from, module, files);
  if (grammar === 'go') return resolveGo(module, files);
  if (!module.startsWith('.')) return [];
  const base = posix.normalize(posix.join(posix.dirname(from), module));
  const stem = base.replace(/\.(m|c)?js$|\.jsx$/, '');
  const candidates = [base, ...JS_EXTENSIONS.map((e) => stem + e), ...JS_EXTENSIONS.map((e) => `${base}/index${e}`)];
  const found = candidates.find((c) => !c.startsWith('..') && files.has(c));
  return found ? [found] : [];
}

function pythonCandidates(path: string): string[] {
  return [`${path}.py`, `${path}.pyi`, `${path}/__init__.py`, `${path}/__init__.pyi`];
}

function resolvePython(from: string, module: string, files: KnownFiles): string[] {
  const dots = /^\.*/.exec(module)![0].length;
  const rest = module.slice(dots).split('.').filter(Boolean).join('/');
  if (dots > 0) {
    let dir = posix.dirname(from);
    for (let i = 1; i < dots; i++) dir = posix.dirname(dir);
    const base = rest ? posix.join(dir, rest) : dir;
    const found = pythonCandidates(base).map((c) => c.replace(/^\.\//, '')).find((c) => files.has(c));
    return found ? [found] : [];
  }
  // Absolute: the known file whose path ends like the module, closest to the importing file.
  const matches = pythonCandidates(rest).flatMap((c) => files.endingWith(c));
  return matches.length ? [closest(from, matches)] : [];
}

function resolveGo(module: string, files: KnownFiles): string[] {
  // Module paths carry a host and the module's name; the workspace holds some tail of them.
  // Tails of one element would take `net/http` for a folder called `http`: two at least.
  const parts = module.split('/');
  for (let start = 0; start <= parts.length - Math.min(2, parts.length); start++) {
    const tail = parts.slice(start).join('/');
    for (const dir of files.directoriesEndingWith(tail)) {
      const goFiles = files.inDirectory(dir).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
      if (goFiles.length) return goFiles.sort();
    }
  }
  return [];
}

/** The path sharing the longest folder prefix with `from`. */
function closest(from: string, paths: readonly string[]): string {
  const shared = (p: string) => {
    const a = from.split('/');
    const b = p.split('/');
    let n = 0;
    while (n < a.length && n < b.length && a[n] === b[n]) n++;
    return n;
  };
  return [...paths].sort((x, y) => shared(y) - shared(x) || x.length - y.length)[0];
}
