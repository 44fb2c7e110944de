// Rebuilds dist/ (node esbuild.config.mjs) when a bundle is missing or any source is newer than it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((e) => newestMtime(join(path, e))));
}

/** Throws with a clear message when the build fails. */
export function buildIfStale(root = REPO_ROOT) {
  // Every entry point the build writes: a checkout built before one was added lacks it.
  const bundles = ['extension.js', 'spawner.js'].map((name) => join(root, 'dist', name));
  const sources = ['src', 'media', 'package.json', 'esbuild.config.mjs'].map((p) => join(root, p)).filter(existsSync);
  const newest = Math.max(...sources.map(newestMtime));
  if (bundles.every((b) => existsSync(b) && statSync(b).mtimeMs >= newest)) return;
  const r = spawnSync(process.execPath, ['esbuild.config.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the build failed (node esbuild.config.mjs); see the errors above');
}
