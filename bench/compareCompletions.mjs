// The ghost-text engine of two builds side by side (bench/compare.mjs): this checkout's
// bench/completions.ts runs with its own src/ (after) and with the other build's src/ (before:
// bundleRun's FLINT_BENCH_SRC), the same typist, oracle, endpoint and seeds for both, one short
// run each per round in balanced order, each run a process of its own. The samples of every
// round pooled per build give each headline figure of bench/completions.json before and after.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareTurns, pairedSideBySide, percentileSideBySide, sideBySide } from './compareStats.mjs';
import { median } from './sampleStats.mjs';

/** One run of the bench's raw mode, in a process group of its own, stopped after `timeoutMs`. */
function rawRun(groups, root, args, env, timeoutMs) {
  const child = groups.spawn(process.execPath, ['bench/bundleRun.mjs', 'bench/completions.ts', ...args], { cwd: root, env });
  child.stdout.pipe(process.stdout);
  child.stderr.pipe(process.stderr);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void groups.stop(child);
      reject(new Error(`completions run ${args.join(' ')}: no result after ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`completions run ${args.join(' ')} failed (exit ${code})`));
    });
  });
}

/** Every round's samples of one build, pooled. */
export function pooled(runs) {
  const cat = (pick) => runs.flatMap(pick);
  return {
    units: cat((r) => r.units),
    overhead_model: cat((r) => r.overhead_model),
    processing_model: cat((r) => r.processing_model),
    keystroke_to_items: cat((r) => r.keystroke_to_items),
    alone: cat((r) => r.abandonment.alone),
    beside: cat((r) => r.abandonment.beside),
  };
}

const per100 = (key) => (units) => (100 * units.reduce((n, u) => n + u[key], 0)) / units.reduce((n, u) => n + u.keystrokes, 0);

/** The side-by-side figures from each build's pooled samples. */
export function completionsFigures(before, after) {
  return {
    ...percentileSideBySide('overhead_ms_p50_model', before.overhead_model, after.overhead_model, 50),
    ...percentileSideBySide('overhead_ms_p95_model', before.overhead_model, after.overhead_model, 95),
    ...percentileSideBySide('processing_ms_p50_model', before.processing_model, after.processing_model, 50),
    ...percentileSideBySide('keystroke_to_items_ms_p50', before.keystroke_to_items, after.keystroke_to_items, 50),
    ...percentileSideBySide('first_token_ms_p50_alone', before.alone, after.alone, 50),
    ...percentileSideBySide('first_token_ms_p50_beside_abandoned', before.beside, after.beside, 50),
    ...sideBySide('first_token_beside_abandoned_over_alone', [before.beside, before.alone], [after.beside, after.alone], (b, a) => median(b) / median(a)),
    // Per file typed, paired: both builds type each file with the same keys in a round.
    ...pairedSideBySide('requests_per_100_keystrokes', before.units, after.units, per100('requests'), { digits: 1 }),
    ...pairedSideBySide('accepted_per_100_keystrokes', before.units, after.units, per100('accepted'), { digits: 1 }),
  };
}

/**
 * Runs `rounds` rounds; `other` is the before build's checkout, `passOn` the bench's own options
 * (--keys, --model-answers, --trials). Returns the figures and the settings.
 */
export async function compareCompletions({ groups, root, other, rounds, passOn, timeoutMs = 10 * 60_000 }) {
  const scratch = mkdtempSync(join(tmpdir(), 'flint-compare-completions-'));
  groups.onStop(() => rmSync(scratch, { recursive: true, force: true }));
  const runs = { before: [], after: [] };
  for (const [round, order] of compareTurns(rounds).entries()) {
    for (const build of order) {
      const file = join(scratch, `${build}-${round}.json`);
      const env = build === 'before' ? { ...process.env, FLINT_BENCH_SRC: other } : { ...process.env, FLINT_BENCH_SRC: '' };
      console.log(`\ncompare completions: round ${round + 1}/${rounds}, ${build}`);
      // Typists from a seed of the round's own: both builds type the same keys in a round.
      const t0 = Date.now();
      await rawRun(groups, root, [`--raw=${file}`, `--seed=${round * 10}`, ...passOn], env, timeoutMs);
      const run = JSON.parse(readFileSync(file, 'utf8'));
      runs[build].push(run);
      const keys = run.units.reduce((n, u) => n + u.keystrokes, 0);
      console.log(`compare completions: ${build}: ${keys} keystrokes, ${run.overhead_model.length} answered by the model, ${Math.round((Date.now() - t0) / 1000)} s`);
    }
  }
  return completionsFigures(pooled(runs.before), pooled(runs.after));
}
