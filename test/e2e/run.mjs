#!/usr/bin/env node
// End-to-end tests in a real VS Code (code-server's workbench and extension host, driven by
// headless chromium) against the real local endpoint:
//   1. the in-host suite (test/e2e/suite/) through @vscode/test-electron's runTests;
//   2. the UI tests (test/e2e/ui/*.test.mjs), sharing one code-server and one browser.
// Prints one line per test and ends with "N passed, N failed"; exits non-zero on any failure.
//
//   node test/e2e/run.mjs [--only TEXT]... [--no-host] [--no-ui]
// --only keeps UI test files and tests whose name contains TEXT (and skips the in-host suite);
// given more than once, those matching any of them.
// The run's record (e2e-suite.json) and screenshots go to test/e2e/.work/ (ignored): a run
// leaves the tree as it found it.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { INSTALL_COMMAND, missingPrerequisites } from '../../scripts/installE2E.mjs';
import { buildIfStale } from '../../support/e2e/build.mjs';
import { endpointSettings, startEndpoint } from '../../support/e2e/endpoint.mjs';
import { runHostSuite } from '../../support/e2e/hostSuite.mjs';
import { ProcessGroups } from '../../support/e2e/processGroup.mjs';
import { UiSession } from '../../support/e2e/uiSession.mjs';
import { FAILURES_DIR } from '../../support/e2e/workbench.mjs';
import { sleep } from '../../support/until.mjs';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const uiDir = join(import.meta.dirname, 'ui');
const argv = process.argv.slice(2);
const onlyTexts = argv.flatMap((a, i) => (a === '--only' && argv[i + 1] !== undefined ? [argv[i + 1]] : []));
const only = onlyTexts.length > 0;
const workDir = join(import.meta.dirname, '.work');
const DEFAULT_TEST_TIMEOUT_MS = 60_000;
const SETTLE_AFTER_TIMEOUT_MS = 30_000;

const results = [];
function record(name, ok, ms, error) {
  results.push({ name, ok, ms, error });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ms === undefined ? '' : ` (${(ms / 1000).toFixed(1)} s)`}`);
  if (!ok && error) console.log(`     ${String(error).split('\n').join('\n     ')}`);
}

function finish(t0, { ran = true } = {}) {
  const failed = results.filter((r) => !r.ok).length;
  const wallS = (performance.now() - t0) / 1000;
  console.log(`\ne2e wall time ${wallS.toFixed(1)} s`);
  // Only a complete run is a figure worth keeping.
  if (ran && !only && !argv.includes('--no-host') && !argv.includes('--no-ui')) writeSuiteRecord(wallS, failed);
  console.log(`${results.length - failed} passed, ${failed} failed`);
  // A filter that matches nothing ran nothing: say so rather than pass.
  if (only && results.length === 0) {
    console.log(`no test matches --only ${onlyTexts.map((t) => `"${t}"`).join(', ')}`);
    return 1;
  }
  return failed === 0 ? 0 : 1;
}

function writeSuiteRecord(wallS, failed) {
  mkdirSync(workDir, { recursive: true });
  writeFileSync(join(workDir, 'e2e-suite.json'), JSON.stringify({
    wall_s: Number(wallS.toFixed(1)),
    passed: results.length - failed,
    failed,
    tests: results.map((r) => ({ name: r.name, ok: r.ok, ms: r.ms === undefined ? null : Math.round(r.ms) })),
    at: new Date().toISOString(),
  }, null, 2) + '\n');
}

/** UI test files, each `{ tests: [{ name, run(ctx), timeoutMs? }], settings?, endpoint?, openFile? }`. */
async function loadUiSpecs() {
  if (!existsSync(uiDir)) return [];
  const files = readdirSync(uiDir).filter((f) => f.endsWith('.test.mjs')).sort();
  const specs = [];
  for (const file of files) {
    let spec;
    try {
      spec = await import(pathToFileURL(join(uiDir, file)).href);
    } catch (err) {
      record(`${file}: loads`, false, undefined, err.stack ?? err.message);
      continue;
    }
    const tests = (spec.tests ?? []).filter((t) => !only || onlyTexts.some((text) => file.includes(text) || t.name.includes(text)));
    if (tests.length) specs.push({ file, spec, tests });
  }
  return specs;
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

async function runUi(groups, endpoint) {
  const specs = await loadUiSpecs();
  if (specs.length === 0) return;
  const session = new UiSession(groups, { extensionPath: repoRoot, endpoint });
  const t0 = performance.now();
  await session.start();
  console.log(`[e2e] code-server and browser up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const { file, spec, tests } of specs) {
    let ctx;
    const t0 = performance.now();
    try {
      ctx = await withTimeout(session.openWindow(spec), 90_000, `opening a window for ${file}`);
      console.log(`[e2e] ${file}: window ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    } catch (err) {
      for (const t of tests) record(`${file}: ${t.name}`, false, performance.now() - t0, err.message);
      continue;
    }
    try {
      for (const t of tests) {
        const start = performance.now();
        const running = t.run(ctx);
        try {
          await withTimeout(running, t.timeoutMs ?? DEFAULT_TEST_TIMEOUT_MS, t.name);
          record(`${file}: ${t.name}`, true, performance.now() - start);
        } catch (err) {
          const shot = await ctx.wb.screenshot(file.replace(/\.test\.mjs$/, ''), { dir: FAILURES_DIR }).catch(() => undefined);
          record(`${file}: ${t.name}`, false, performance.now() - start, `${err.message}${shot ? `\nscreenshot: ${shot}` : ''}`);
          // A test that timed out still runs: let its own waits run out (bounded) so its late
          // actions do not land in the next test of the file.
          await Promise.race([running.catch(() => {}), sleep(SETTLE_AFTER_TIMEOUT_MS)]);
        }
      }
    } finally {
      await ctx.close();
    }
  }
}

async function main() {
  const t0 = performance.now();
  const missing = missingPrerequisites();
  if (missing.length) {
    console.error(`\nE2E PREREQUISITES MISSING: ${missing.join(', ')}\nInstall them with:\n\n    ${INSTALL_COMMAND}\n`);
    record('e2e prerequisites', false, undefined, `missing ${missing.join(', ')}; run: ${INSTALL_COMMAND}`);
    return finish(t0, { ran: false });
  }
  try {
    buildIfStale();
  } catch (err) {
    record('build', false, undefined, err.message);
    return finish(t0, { ran: false });
  }

  const groups = new ProcessGroups();
  try {
    const endpoint = await startEndpoint(groups, { engine: 'scripted' });
    const settings = endpointSettings(endpoint);
    const host = argv.includes('--no-host') || only
      ? Promise.resolve([])
      : runHostSuite(groups, { extensionPath: repoRoot, settings }).then((rs) => {
        for (const r of rs) record(r.name, r.ok, undefined, r.error);
      });
    const ui = argv.includes('--no-ui') ? Promise.resolve() : runUi(groups, endpoint);
    // Both run at once: each mostly waits on its own workbench, and the run is done sooner.
    const outcomes = await Promise.allSettled([host, ui]);
    for (const o of outcomes) if (o.status === 'rejected') record('e2e harness', false, undefined, o.reason?.stack ?? o.reason);
  } finally {
    await groups.stopAll();
  }
  return finish(t0);
}

// Exit explicitly: a process the product under test left behind (a test run it started, a
// browser helper) must not keep the runner, and the CI job waiting on it, alive after the report.
process.exit(await main());
