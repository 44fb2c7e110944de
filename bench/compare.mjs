#!/usr/bin/env node
// Two builds side by side in one run: this checkout (after) and another commit (before), taking
// turns in balanced order so both meet the same machine state, each headline figure for both and
// after minus before with its interval. Writes bench/results/<bench>-compare.json (judged by
// bench/targets.mjs). Through the bench runner:
//   npm run bench -- completions --against=<ref> [--rounds=8] [--keys=90] [--model-answers=N] [--trials=10]
//   npm run bench -- e2e --against=<ref> [--samples=150] [--positions=100]
// The defaults give each median 100 samples or more per build (about 15 minutes for completions,
// 10 for e2e); smaller runs are for tries, and their targets miss as too few samples.
// The before build is a git worktree of <ref> in a scratch folder (bench/compareBuild.mjs),
// removed when the run ends.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { ProcessGroups } from '../support/e2e/processGroup.mjs';
import { checkoutBuild } from './compareBuild.mjs';
import { compareCompletions } from './compareCompletions.mjs';
import { compareE2e } from './compareE2e.mjs';
import { sideBySideLines } from './compareStats.mjs';
import { comparable } from './targets.mjs';

const root = resolve(import.meta.dirname, '..');
const [name, ...args] = process.argv.slice(2);
const option = (key) => args.find((a) => a.startsWith(`--${key}=`))?.slice(key.length + 3);
const count = (key, fallback, max) => {
  const v = Number(option(key) ?? fallback);
  if (!Number.isInteger(v) || v < 1 || v > max) throw new Error(`--${key} takes a whole number from 1 to ${max}, not "${option(key)}"`);
  return v;
};
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

async function main() {
  const ref = option('against');
  if (!comparable.includes(name) || !ref) {
    console.error(`usage: node bench/compare.mjs ${comparable.join('|')} --against=<ref> [options] (got ${[name, ...args].join(' ')})`);
    return 2;
  }
  const groups = new ProcessGroups();
  const other = checkoutBuild(root, ref);
  groups.onStop(() => other.remove());
  try {
    const loadBefore = load();
    const t0 = Date.now();
    const figures =
      name === 'completions'
        ? // One pass over the files per build and round: about 18 model answers each at 90 keys a file.
          await compareCompletions({ groups, root, other: other.dir, rounds: count('rounds', 8, 50),
            passOn: [`--keys=${count('keys', 90, 5000)}`, `--model-answers=${count('model-answers', 1, 1000)}`, `--trials=${count('trials', 10, 200)}`] })
        : await compareE2e({ groups, root, other, samples: count('samples', 150, 1000), positions: count('positions', 100, 1000) });
    const result = {
      against: ref,
      before_commit: other.sha,
      ...figures,
      load_average: { start: loadBefore, end: load(), ...(figures.load_average ?? {}) },
      minutes: Math.round((Date.now() - t0) / 6000) / 10,
      at: new Date().toISOString(),
    };
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', `${name}-compare.json`), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\n${name}: ${ref} (${other.sha.slice(0, 7)}, before) beside this checkout (after)\n${sideBySideLines(result).join('\n')}`);
    return 0;
  } finally {
    await groups.stopAll();
  }
}

main().then(
  (code) => { process.exitCode = code; },
  (err) => { console.error(`compare: ${err.stack ?? err.message}`); process.exitCode = 1; },
);
