#!/usr/bin/env node
// `npm run package`: the marketplace package, dist/flint.vsix. Built in a scratch folder (a
// production bundle there, then vsce), so the development build in dist/ that the tests and
// `npm start` load is left as it is. The README's relative links become absolute links to the
// repository, which a marketplace page can show.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
export const REPOSITORY = 'https://github.com/flint/flint';
/** Read in place by the build: linked into the scratch folder. */
const LINKED = ['src', 'node_modules', 'tsconfig.json', 'esbuild.config.mjs'];
/** Packaged: copied, since vsce does not follow a linked folder. */
const COPIED = ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore', 'media'];
const LIMIT_MS = 5 * 60_000;

/** Runs a command in its own process group; stops the group and rejects after `limitMs`. */
function run(cmd, args, { cwd, limitMs = LIMIT_MS, quiet = false }) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, { cwd, detached: true, stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'] });
    let out = '';
    child.stdout?.on('data', (d) => { out += d; });
    child.stderr?.on('data', (d) => { out += d; });
    const timer = setTimeout(() => {
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
      reject(new Error(`${args.join(' ')} took over ${limitMs / 1000} s`));
    }, limitMs);
    child.on('error', (err) => { clearTimeout(timer); reject(err); });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolveRun(out);
      else reject(new Error(`${args.join(' ')} failed (exit ${code})${out ? `:\n${out.slice(-2000)}` : ''}`));
    });
  });
}

/** vsce's arguments: no bundled dependencies (esbuild bundles them), links made absolute. */
export function vsceArgs(out) {
  return ['package', '--no-dependencies', '--baseContentUrl', `${REPOSITORY}/blob/main/`, '--baseImagesUrl', `${REPOSITORY}/raw/main/`, '--out', out];
}

/**
 * Builds the package of the checkout at `root` into `out`; returns its path and size in bytes.
 * `quiet` keeps the build's and vsce's output unless they fail.
 */
export async function packageVsix({ root = ROOT, out = join(ROOT, 'dist', 'flint.vsix'), quiet = false } = {}) {
  const stage = mkdtempSync(join(tmpdir(), 'flint-package-'));
  try {
    for (const name of LINKED) symlinkSync(join(root, name), join(stage, name));
    for (const name of COPIED) cpSync(join(root, name), join(stage, name), { recursive: true });
    await run(process.execPath, ['esbuild.config.mjs', '--production'], { cwd: stage, quiet });
    mkdirSync(dirname(resolve(out)), { recursive: true });
    await run(process.execPath, [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), ...vsceArgs(resolve(out))], { cwd: stage, quiet });
    return { path: resolve(out), bytes: statSync(out).size };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { path, bytes } = await packageVsix();
    console.log(`[package] ${path} (${(bytes / 1024).toFixed(0)} KB)`);
  } catch (err) {
    console.error(`[package] ${err.message}`);
    process.exit(1);
  }
}
