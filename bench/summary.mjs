// Writes bench/RESULTS.md from bench/results/*.json: every figure, its target and pass/miss,
// the machine and the date. Benches without a results file are listed as "not run".
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { benches, evaluate, minSamples, targets } from './targets.mjs';

const MAX_FIGURES = 40;

/** Numeric leaves of a results object, keyed by dotted path (arrays are raw samples: skipped). */
export function figures(obj, prefix = '') {
  const out = {};
  for (const [k, v] of Object.entries(obj ?? {})) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'number') out[key] = v;
    else if (typeof v === 'boolean') out[key] = v ? 1 : 0;
    else if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, figures(v, key));
  }
  return out;
}

/** The 95 % intervals of a results object: each `X_ci` pair keyed by X's dotted path. */
export function intervals(obj, prefix = '') {
  const out = {};
  for (const [k, v] of Object.entries(obj ?? {})) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (k.endsWith('_ci') && Array.isArray(v) && v.length === 2 && v.every((x) => x === null || typeof x === 'number')) out[key.slice(0, -3)] = v;
    else if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, intervals(v, key));
  }
  return out;
}

export function machine() {
  const cpus = os.cpus();
  let distro = os.type();
  try {
    distro = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? distro;
  } catch {
    // Not Linux: os.type() names the system.
  }
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: os.availableParallelism?.() ?? cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${distro} (${os.platform()} ${os.release()} ${os.arch()})`,
  };
}

function fmt(n) {
  if (Number.isInteger(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(1) : Number(n.toPrecision(4)).toString();
}

function targetText(t) {
  const op = { '<=': '≤', '>=': '≥', '=': '=', '<': '<', '>': '>' }[t.op];
  const bound = t.ref !== undefined ? t.ref : fmt(t.value);
  const rules = [minSamples(t) > 0 && `n ≥ ${minSamples(t)}`, t.interval && 'on the interval\'s far end'].filter(Boolean);
  const notes = [t.note, ...rules].filter(Boolean).join('; ');
  return `${op} ${bound}${notes ? ` (${notes})` : ''}`;
}

const fmtCi = (ci) => (ci ? `${ci[0] === null ? '−∞' : fmt(ci[0])} – ${ci[1] === null ? '∞' : fmt(ci[1])}` : '');

function resultText({ result, why }) {
  if (result === 'pass') return 'pass';
  return `**${result}**${why ? `: ${why}` : ''}`;
}

/** Table rows for one bench's results; `counted` says whether its misses count for this run. */
function benchRows(name, results, counted) {
  const figs = figures(results);
  const cis = intervals(results);
  const rows = [];
  let misses = 0;
  const shown = new Set();
  for (const t of targets[name] ?? []) {
    const verdict = evaluate(t, figs, cis);
    if (counted && verdict.result !== 'pass') misses++;
    shown.add(t.figure).add(`${t.figure}_n`);
    const measured = figs[t.figure] === undefined ? '–' : fmt(figs[t.figure]);
    const bound = t.ref !== undefined && figs[t.ref] !== undefined ? ` (${fmt(figs[t.ref])})` : '';
    rows.push(`| ${name} | ${t.figure} | ${measured} | ${figs[`${t.figure}_n`] ?? ''} | ${fmtCi(cis[t.figure])} | ${targetText(t)}${bound} | ${resultText(verdict)} |`);
  }
  // A figure's sample count is shown in its row, not as a figure of its own.
  const rest = Object.keys(figs).filter((k) => !shown.has(k) && !(k.endsWith('_n') && figs[k.slice(0, -2)] !== undefined));
  for (const k of rest.slice(0, MAX_FIGURES)) rows.push(`| ${name} | ${k} | ${fmt(figs[k])} | ${figs[`${k}_n`] ?? ''} | ${fmtCi(cis[k])} | | |`);
  if (rest.length > MAX_FIGURES) rows.push(`| ${name} | … ${rest.length - MAX_FIGURES} more in results/${name}.json | | | | | |`);
  return { rows, misses };
}

/** What would make each target miss, so that none passes by construction. */
function failsTable() {
  const rows = ['', '## What makes each target miss', '', '| bench | figure | misses when |', '|---|---|---|'];
  for (const [name, list] of Object.entries(targets)) for (const t of list) rows.push(`| ${name} | ${t.figure} | ${t.fails.replace(/\|/g, '/')} |`);
  return rows;
}

/** When a result was measured: its own `at`, else its file's time (a checkout resets that, so benches stamp `at`). */
function measuredAt(results, file) {
  const at = typeof results?.at === 'string' ? new Date(results.at) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : statSync(file).mtime;
}

const runText = (run) => `failed${run.detail ? `: ${run.detail}` : ''}`;

/**
 * `runs`: what this invocation did, by bench name: { status: 'ok' | 'failed' | 'missing',
 * detail?, seconds? }. Benches it did not run keep their earlier results, dated.
 * Returns { markdown, misses } where misses counts failed benches and missed targets of this run.
 */
export function writeSummary({ root, runs = {}, now = new Date() }) {
  const dir = join(root, 'bench', 'results');
  const extra = existsSync(dir)
    ? readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).filter((n) => !benches.includes(n)).sort()
    : [];
  const m = machine();
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${now.toISOString()}. Targets are declared in \`bench/targets.mjs\`;`,
    'raw figures are in `bench/results/<bench>.json`. The machine is shared and noisy: benches quote medians.',
    '`n` is a figure\'s sample count and the interval its 95 % confidence interval. A percentile target',
    'misses below its minimum sample count; a ratio or difference is judged on its interval\'s far end.',
    '',
    'Context: `context` builds its index whole and asks the context service directly, the best case;',
    'what a user meets is `context-editor`: real projects opened in the real editor, the index and the',
    'language server warming, the cursor brought by Go to Line, the prompts read on the wire.',
    '',
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory, Node ${m.node}, ${m.os}.`,
    '',
    '| bench | figure | measured | n | 95 % interval | target | result |',
    '|---|---|---|---|---|---|---|',
  ];
  const status = ['', '| bench | status | measured at |', '|---|---|---|'];
  let misses = 0;
  for (const name of [...benches, ...extra]) {
    const run = runs[name];
    const file = join(dir, `${name}.json`);
    const ts = targets[name] ?? [];
    if (run?.status === 'failed') misses++;
    if (!existsSync(file)) {
      const why = run?.status === 'failed' ? runText(run) : 'not run';
      status.push(`| ${name} | ${why} | – |`);
      for (const t of ts) lines.push(`| ${name} | ${t.figure} | – | | | ${targetText(t)} | ${why} |`);
      if (ts.length === 0) lines.push(`| ${name} | – | – | | | – | ${why} |`);
      continue;
    }
    let results;
    try {
      results = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      if (run) misses++;
      status.push(`| ${name} | unreadable results: ${String(err.message ?? err).replace(/\|/g, '/')} | – |`);
      for (const t of ts) lines.push(`| ${name} | ${t.figure} | – | | | ${targetText(t)} | **unreadable** |`);
      continue;
    }
    const when = measuredAt(results, file).toISOString().replace('T', ' ').slice(0, 16);
    status.push(`| ${name} | ${run ? (run.status === 'failed' ? runText(run) : `ran (${run.seconds ?? '?'} s)`) : 'earlier run'} | ${when} UTC |`);
    const bench = benchRows(name, results, Boolean(run));
    lines.push(...bench.rows);
    misses += bench.misses;
  }
  const markdown = `${[...lines, ...status, ...failsTable()].join('\n')}\n`;
  writeFileSync(join(root, 'bench', 'RESULTS.md'), markdown);
  return { markdown, misses };
}
