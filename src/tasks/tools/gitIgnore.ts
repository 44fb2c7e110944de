import picomatch from 'picomatch';

interface Rule {
  /** Folder of the .gitignore the rule comes from ('' for the root). */
  base: string;
  negated: boolean;
  dirOnly: boolean;
  test: (path: string) => boolean;
}

/**
 * The .gitignore rules of a folder tree, as git reads them for listing: later rules win, `!`
 * re-includes, a trailing `/` matches folders only, a pattern with a `/` (other than a trailing
 * one) is anchored to its file's folder and one without matches a name at any depth.
 */
export class GitIgnore {
  private readonly rules: Rule[] = [];

  /** Adds the rules of `<base>/.gitignore`. */
  add(base: string, text: string): void {
    for (const line of text.split(/\r?\n/)) {
      let p = line.replace(/(?<!\\)\s+$/, '');
      if (!p || p.startsWith('#')) continue;
      const negated = p.startsWith('!');
      if (negated) p = p.slice(1);
      p = p.replace(/^\\([#!])/, '$1');
      const dirOnly = p.endsWith('/');
      if (dirOnly) p = p.slice(0, -1);
      if (!p) continue;
      const anchored = p.includes('/');
      const glob = anchored ? p.replace(/^\//, '') : `**/${p}`;
      const match = picomatch(glob, { dot: true });
      this.rules.push({ base, negated, dirOnly, test: (path) => match(path) });
    }
  }

  /** Whether a path (relative to the tree's root) is ignored. */
  ignored(path: string, isDir: boolean): boolean {
    let out = false;
    for (const r of this.rules) {
      if (r.dirOnly && !isDir) continue;
      if (r.base && !path.startsWith(`${r.base}/`)) continue;
      const local = r.base ? path.slice(r.base.length + 1) : path;
      if (r.test(local)) out = !r.negated;
    }
    return out;
  }
}
