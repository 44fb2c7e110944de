#!/usr/bin/env node
// The one benchmark command. `npm run bench` runs every benchmark present, one after the
// other; `npm run bench -- router chat` runs those. Arguments starting with "--" are passed to
// each bench. Each bench writes bench/results/<name>.json; then bench/RESULTS.md is rewritten
// with every figure against its target (bench/targets.mjs), and the README's table and chart of
// the headline figures (bench/readmeFigures.mjs). With --against=<ref> a bench runs side by
// side with that commit's build instead (bench/compare.mjs, for the benches in `comparable`),
// writing bench/results/<name>-compare.json. Exits 1 when a bench failed or missed a target, 2
// on a usage error.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeReadmeFigures } from './readmeFigures.mjs';
import { writeSummary } from './summary.mjs';
import { benches, comparable } from './targets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const passOn = args.filter((a) => a.startsWith('--'));
const named = args.filter((a) => !a.startsWith('--'));
const unknown = named.filter((n) => !benches.includes(n));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.map((n) => `"${n}"`).join(', ')}. Known: ${benches.join(', ')}.`);
  process.exit(2);
}
const timeoutS = Number(process.env.FLINT_BENCH_TIMEOUT_S ?? 1800);
const selected = named.length > 0 ? benches.filter((b) => named.includes(b)) : benches;
const against = passOn.some((a) => a.startsWith('--against='));
if (against && (named.length === 0 || selected.some((b) => !comparable.includes(b)))) {
  console.error(`--against runs ${comparable.join(' or ')} side by side with another build: name the bench (npm run bench -- e2e --against=<ref>).`);
  process.exit(2);
}

function sourceOf(name) {
  for (const ext of ['ts', 'mjs', 'js']) {
    const rel = `bench/${name}.${ext}`;
    if (existsSync(join(root, rel))) return rel;
  }
  return undefined;
}

let current;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // Each bench runs in its own process group: stop it with everything it started.
    if (current) killGroup(current, 'SIGTERM');
    process.exit(130);
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function runOne(rel, leading = []) {
  const cmd = rel.endsWith('.ts') ? ['bench/bundleRun.mjs', rel, ...leading, ...passOn] : [rel, ...leading, ...passOn];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, cmd, { cwd: root, stdio: 'inherit', detached: true });
    current = child;
    const timer = setTimeout(() => {
      console.error(`${rel}: no result after ${timeoutS} s, stopping it (FLINT_BENCH_TIMEOUT_S raises the limit)`);
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 5000).unref();
    }, timeoutS * 1000);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: 1, detail: err.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      resolve({ code: code ?? 1, detail: signal ? `killed by ${signal}` : code ? `exit ${code}` : undefined });
    });
  });
}

/** Dates a fresh result that does not date itself: its file's time does not survive a checkout. */
function stampMeasuredAt(file) {
  try {
    const results = JSON.parse(readFileSync(file, 'utf8'));
    if (results && typeof results === 'object' && !Array.isArray(results) && results.at === undefined) {
      writeFileSync(file, `${JSON.stringify({ ...results, at: new Date().toISOString() }, null, 2)}\n`);
    }
  } catch {
    // Unreadable: the summary reports it as such.
  }
}

const runs = {};
for (const bench of selected) {
  // Side by side: compare.mjs runs the bench, its results named apart.
  const name = against ? `${bench}-compare` : bench;
  const rel = against ? 'bench/compare.mjs' : sourceOf(bench);
  if (!rel) {
    console.log(`\n== ${name}: not run (no bench/${name}.ts or .mjs)`);
    runs[name] = { status: 'missing' };
    continue;
  }
  console.log(`\n== ${name} (${rel})`);
  const results = join(root, 'bench', 'results', `${name}.json`);
  // A result left from an earlier run must not pass for this one.
  rmSync(results, { force: true });
  const t0 = Date.now();
  const { code, detail } = await runOne(rel, against ? [bench] : []);
  const seconds = Math.round((Date.now() - t0) / 100) / 10;
  if (code === 0 && !existsSync(results)) runs[name] = { status: 'failed', detail: `wrote no results/${name}.json`, seconds };
  else runs[name] = { status: code === 0 ? 'ok' : 'failed', detail, seconds };
  if (existsSync(results)) stampMeasuredAt(results);
}

const { markdown, misses } = writeSummary({ root, runs });
console.log(`\n${markdown}`);
// The README's table and chart of the headline figures, from the same results.
console.log(`bench: wrote ${(await writeReadmeFigures(root)).join(', ')}`);
console.log(misses === 0 ? 'bench: all targets met (bench/RESULTS.md)' : `bench: ${misses} failed bench(es) or missed target(s) (bench/RESULTS.md)`);
process.exit(misses === 0 ? 0 : 1);
