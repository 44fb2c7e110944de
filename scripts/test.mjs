#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and integration tests (vitest), then the end-to-end suite in
// a real VS Code. Ends with one line "N passed, N failed" summing both parts; exits non-zero if
// anything failed, or if the tests changed the checkout (`git status` differs after them).
// `npm test -- --unit` or `-- --e2e` runs one part.
// First installs what is missing (node modules, code-server, Chromium and their system packages;
// the unit part renders webviews in Chromium too), silently when everything is there. Node
// built-ins only up to then.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNodeModules } from './ensureNodeModules.mjs';
import { installE2E, missingPrerequisites } from './installE2E.mjs';

const args = process.argv.slice(2);
const only = args.includes('--unit') ? 'unit' : args.includes('--e2e') ? 'e2e' : 'all';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (path) => join(root, 'node_modules', path);

try {
  ensureNodeModules(root, (line) => console.log(`[test] ${line}`));
  if (missingPrerequisites().length > 0) {
    console.log(`[test] installing what the tests need (once): ${missingPrerequisites().join(', ')}`);
    installE2E();
  }
} catch (err) {
  console.error(`[test] ${err.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/**
 * Runs one part; a part still running after `limitMs` is stopped and fails with a message, so a
 * hang fails the run instead of outliving the CI job. Resolves on the child's exit (plus a moment
 * for its last output), not on its pipes closing: something it left behind may hold them open.
 */
function run(cmd, cmdArgs, { capture = false, limitMs, label }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit', env: process.env });
    let out = '';
    let timedOut = false;
    if (capture) child.stdout.on('data', (d) => { out += d; process.stdout.write(d); });
    const limit = setTimeout(() => {
      timedOut = true;
      console.error(`\n[test] ${label} still running after ${limitMs / 60_000} min: stopping it`);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    }, limitMs);
    child.on('exit', (code) => {
      clearTimeout(limit);
      const settle = () => resolve({ code: timedOut ? 1 : code ?? 1, out });
      const grace = setTimeout(settle, 2000);
      child.stdout?.once('close', () => { clearTimeout(grace); settle(); });
      if (!capture) { clearTimeout(grace); settle(); }
    });
  });
}

/** `git status --porcelain` lines of the checkout, or null outside a git checkout. */
function treeStatus() {
  const r = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return r.status === 0 ? new Set(r.stdout.split('\n').filter(Boolean)) : null;
}

let passed = 0;
let failed = 0;
const t0 = Date.now();
// Tests leave the tree as they found it: what they write goes to ignored folders.
const treeBefore = treeStatus();

if (only !== 'e2e') {
  const tc = await run(process.execPath, [bin('typescript/bin/tsc'), '-p', '.', '--noEmit'], { limitMs: 10 * 60_000, label: 'the typecheck' });
  if (tc.code !== 0) { console.error('typecheck failed'); failed += 1; } else passed += 1;

  const lint = await run(process.execPath, [bin('eslint/bin/eslint.js'), '.'], { limitMs: 10 * 60_000, label: 'lint' });
  if (lint.code !== 0) { console.error('lint failed'); failed += 1; } else passed += 1;

  const dir = mkdtempSync(join(tmpdir(), 'flint-vitest-'));
  const report = join(dir, 'report.json');
  const vt = await run(process.execPath, [bin('vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { limitMs: 30 * 60_000, label: 'vitest' });
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numTotalTestSuites > 0 && r.success === false && r.numFailedTests === 0 ? 1 : 0);
  } catch {
    console.error('vitest wrote no report');
    failed += 1;
  }
  if (vt.code !== 0 && failed === 0) failed += 1;
  rmSync(dir, { recursive: true, force: true });
}

if (only !== 'unit') {
  const e2e = await run(process.execPath, ['test/e2e/run.mjs'], { capture: true, limitMs: 40 * 60_000, label: 'the end-to-end suite' });
  const m = [...e2e.out.matchAll(/^(\d+) passed, (\d+) failed/gm)].pop();
  if (m) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  }
  if (e2e.code !== 0 && (!m || Number(m[2]) === 0)) failed += 1;
}

const treeAfter = treeBefore && treeStatus();
const changedByTests = treeAfter ? [...treeAfter].filter((line) => !treeBefore.has(line)) : [];
if (changedByTests.length > 0) {
  console.error(`\n[test] the tests changed the tree (write to an ignored folder instead):\n  ${changedByTests.join('\n  ')}`);
  failed += 1;
}

console.log(`\nall tests finished in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
