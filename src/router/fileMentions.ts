/**
 * Workspace files named in an instruction: paths and file names with a source-file extension,
 * `@file` mentions and `#file:` references. A known-extension list keeps version numbers
 * (1.2.3), abbreviations (e.g.) and domains (example.com) out.
 */
const EXTENSIONS = [
  'ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs', 'json', 'jsonc', 'md', 'mdx', 'py', 'pyi',
  'rs', 'go', 'java', 'kt', 'kts', 'c', 'h', 'cc', 'cpp', 'cxx', 'hpp', 'hh', 'cs', 'fs', 'rb',
  'php', 'swift', 'scala', 'sh', 'bash', 'zsh', 'ps1', 'yml', 'yaml', 'toml', 'ini', 'cfg', 'conf',
  'css', 'scss', 'sass', 'less', 'html', 'htm', 'vue', 'svelte', 'astro', 'sql', 'graphql', 'gql',
  'proto', 'xml', 'txt', 'lock', 'gradle', 'lua', 'dart', 'ex', 'exs', 'erl', 'hs', 'ml', 'jl',
  'zig', 'tf', 'vim', 'el', 'clj', 'elm', 'csv', 'ipynb', 'r',
];

// Longest extensions first so "tsx" is not cut to "ts".
const EXT = [...EXTENSIONS].sort((a, b) => b.length - a.length).join('|');
// Folder segments are matched atomically ((?=(?<seg>x))\k<seg>): without that, a long dotted token
// makes the engine retry every split of it, quadratic in its length.
const PATH_BODY = `(?:(?:~|\\.{1,2})?[\\\\/])?(?:(?=(?<seg>[\\w.@-]+))\\k<seg>[\\\\/])*\\w[\\w.-]*\\.(?:${EXT})`;
const MENTION = new RegExp(
  `(?<![\\w@/\\\\.:-])(?:@|#file:|[A-Za-z]:)?(${PATH_BODY})(?![\\w/\\\\-]|\\.\\w)`,
  'gi',
);
const WHOLE_PATH = new RegExp(`^(?:@|#file:)?(${PATH_BODY})$`, 'i');

// Library and site names that look like file names in prose.
const NOT_FILES = new Set([
  'node.js', 'vue.js', 'next.js', 'nuxt.js', 'express.js', 'three.js', 'd3.js', 'chart.js',
  'react.js', 'angular.js', 'ember.js', 'backbone.js', 'nest.js', 'alpine.js', 'solid.js', 'p5.js',
  'docs.rs',
]);

export function normalizePath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
}

function isFileName(path: string): boolean {
  return path.includes('/') || !NOT_FILES.has(path.toLowerCase());
}

/** File paths in prose, and inline code spans that are exactly one path. */
export function fileMentions(prose: string, inlineCode: readonly string[]): string[] {
  const found: string[] = [];
  for (const m of prose.matchAll(MENTION)) {
    const path = normalizePath(m[1]);
    if (isFileName(path)) found.push(path);
  }
  for (const code of inlineCode) {
    const m = WHOLE_PATH.exec(code);
    if (m) found.push(normalizePath(m[1]));
  }
  return found;
}

/** Same file when equal, or one is a workspace path ending in the other ("route.ts"). */
export function sameFile(a: string, b: string): boolean {
  if (a === b) return true;
  return a.length > b.length ? a.endsWith(`/${b}`) : b.endsWith(`/${a}`);
}

/** Distinct files among attached paths and mentions; a bare name matches its full path. */
export function distinctFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of paths) {
    const p = normalizePath(raw);
    const i = out.findIndex((q) => sameFile(p, q));
    if (i < 0) out.push(p);
    else if (p.length > out[i].length) out[i] = p;
  }
  return out;
}
