/**
 * Is `path` one of `folders` or inside one? Paths are absolute real paths (symlinks resolved);
 * `\` and `/` are one separator, and a trailing separator does not matter. On Windows paths
 * (a drive letter) case is ignored, as the file system does.
 */
export function isInsideFolders(path: string, folders: readonly string[]): boolean {
  const p = normalize(path);
  // Real paths hold no "..": one that does was not resolved, and is not trusted to stay inside.
  if (/(^|\/)\.\.(\/|$)/.test(p)) return false;
  return folders.some((f) => {
    const folder = normalize(f);
    const windows = /^[a-z]:/i.test(folder);
    const a = windows ? p.toLowerCase() : p;
    const b = windows ? folder.toLowerCase() : folder;
    return a === b || a.startsWith(b.endsWith('/') ? b : `${b}/`);
  });
}

function normalize(path: string): string {
  const p = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  return p.length > 1 && p.endsWith('/') && !/^[a-z]:\/$/i.test(p) ? p.slice(0, -1) : p;
}

/** Where a file or folder is, as its URI says: the file system (scheme and authority) and path. */
export interface UriPlace {
  scheme: string;
  authority: string;
  path: string;
}

/**
 * Is `file` inside one of `folders` on the same file system (a remote window's files share
 * their folders' scheme and authority)? For files whose links cannot be followed from here, so
 * judged by their path alone.
 */
export function isInsideFoldersOf(file: UriPlace, folders: readonly UriPlace[]): boolean {
  const same = folders.filter((f) => f.scheme === file.scheme && f.authority === file.authority);
  return isInsideFolders(file.path, same.map((f) => f.path));
}
