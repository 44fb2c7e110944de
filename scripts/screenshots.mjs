#!/usr/bin/env node
// `npm run screenshots [-- TEXT…]`: refreshes the README's pictures. Runs the UI test files
// that take screenshots (those whose name contains one of TEXT, when given) in the real editor,
// then copies the fresh pictures from test/e2e/.work/screenshots/ (where every test run writes
// them, ignored) to docs/images/ (committed, shown by the README). Exits non-zero when a test
// failed; the pictures the passing tests took are copied all the same.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
export const SHOTS_DIR = join(root, 'test', 'e2e', '.work', 'screenshots');
export const IMAGES_DIR = join(root, 'docs', 'images');
const UI_DIR = join(root, 'test', 'e2e', 'ui');

/**
 * Names of the pictures a UI test file's source takes into the screenshots folder: every
 * `.screenshot('name'…)` call that does not send it elsewhere with a `dir` option.
 */
export function screenshotNames(source) {
  const names = [];
  for (const m of source.matchAll(/\.screenshot\(\s*(['"`])([^'"`]+)\1([^)]*)\)/g)) {
    if (!/\bdir\s*:/.test(m[3])) names.push(m[2].endsWith('.png') ? m[2] : `${m[2]}.png`);
  }
  return names;
}

/** The UI test files that take a screenshot, filtered by `texts` (any of them in the file's name). */
export function filesTakingScreenshots(uiDir = UI_DIR, texts = []) {
  return readdirSync(uiDir)
    .filter((f) => f.endsWith('.test.mjs'))
    .filter((f) => texts.length === 0 || texts.some((t) => f.includes(t)))
    .filter((f) => screenshotNames(readFileSync(join(uiDir, f), 'utf8')).length > 0)
    .sort();
}

/** Copies every picture in `from` to `to`; returns the names copied. */
export function copyPictures(from = SHOTS_DIR, to = IMAGES_DIR) {
  if (!existsSync(from)) return [];
  mkdirSync(to, { recursive: true });
  const names = readdirSync(from).filter((f) => f.endsWith('.png')).sort();
  for (const name of names) copyFileSync(join(from, name), join(to, name));
  return names;
}

function main(texts) {
  const files = filesTakingScreenshots(UI_DIR, texts);
  if (files.length === 0) {
    console.error(`[screenshots] no UI test file${texts.length ? ` matching ${texts.join(', ')}` : ''} takes a screenshot`);
    return 2;
  }
  // Only this run's pictures are copied: an old one from another run must not pass for fresh.
  rmSync(SHOTS_DIR, { recursive: true, force: true });
  console.log(`[screenshots] running ${files.join(', ')}`);
  const run = spawnSync(process.execPath, ['test/e2e/run.mjs', '--no-host', ...files.flatMap((f) => ['--only', f])], { cwd: root, stdio: 'inherit' });
  const copied = copyPictures();
  console.log(`[screenshots] ${copied.length} picture(s) copied to docs/images/: ${copied.join(', ') || 'none'}`);
  return run.status === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main(process.argv.slice(2)));
