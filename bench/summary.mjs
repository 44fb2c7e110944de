// Writes bench/RESULTS.md from bench/results/*.json: every figure, its target and pass/miss,
// the machine and the date. Benches without a results file are listed as "not run".
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { benches, targets } from './targets.mjs';

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

const OPS = { '<=': (a, b) => a <= b, '>=': (a, b) => a >= b, '=': (a, b) => a === b, '<': (a, b) => a < b, '>': (a, b) => a > b };

/** 'pass' | 'miss' | 'missing' for one target against a bench's figures. */
export function evaluate(target, figs) {
  const measured = figs[target.figure];
  const bound = target.ref !== undefined ? figs[target.ref] : target.value;
  if (measured === undefined || bound === undefined) return 'missing';
  return OPS[target.op](measured, bound) ? 'pass' : 'miss';
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
  return `${op} ${bound}${t.note ? ` (${t.note})` : ''}`;
}

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
    '',
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory, Node ${m.node}, ${m.os}.`,
    '',
    '| bench | figure | measured | target | result |',
    '|---|---|---|---|---|',
  ];
  const status = ['', '| bench | status | measured at |', '|---|---|---|'];
  let misses = 0;
  for (const name of [...benches, ...extra]) {
    const run = runs[name];
    const file = join(dir, `${name}.json`);
    const ts = targets[name] ?? [];
    if (!existsSync(file)) {
      const why = run?.status === 'failed' ? `failed${run.detail ? `: ${run.detail}` : ''}` : 'not run';
      if (run?.status === 'failed') misses++;
      status.push(`| ${name} | ${why} | – |`);
      for (const t of ts) lines.push(`| ${name} | ${t.figure} | – | ${targetText(t)} | ${why} |`);
      if (ts.length === 0) lines.push(`| ${name} | – | – | – | ${why} |`);
      continue;
    }
    let figs;
    try {
      figs = figures(JSON.parse(readFileSync(file, 'utf8')));
    } catch (err) {
      if (run) misses++;
      status.push(`| ${name} | unreadable results: ${String(err.message ?? err).replace(/\|/g, '/')} | – |`);
      for (const t of ts) lines.push(`| ${name} | ${t.figure} | – | ${targetText(t)} | **unreadable** |`);
      continue;
    }
    const when = statSync(file).mtime.toISOString().replace('T', ' ').slice(0, 16);
    const how = run ? (run.status === 'failed' ? `failed${run.detail ? `: ${run.detail}` : ''}` : `ran (${run.seconds ?? '?'} s)`) : 'earlier run';
    if (run?.status === 'failed') misses++;
    status.push(`| ${name} | ${how} | ${when} UTC |`);
    const shown = new Set();
    for (const t of ts) {
      const r = evaluate(t, figs);
      if (run && r !== 'pass') misses++;
      shown.add(t.figure);
      const measured = figs[t.figure] === undefined ? '–' : fmt(figs[t.figure]);
      const bound = t.ref !== undefined && figs[t.ref] !== undefined ? ` (${fmt(figs[t.ref])})` : '';
      lines.push(`| ${name} | ${t.figure} | ${measured} | ${targetText(t)}${bound} | ${r === 'pass' ? 'pass' : r === 'miss' ? '**miss**' : '**missing**'} |`);
    }
    const rest = Object.entries(figs).filter(([k]) => !shown.has(k));
    for (const [k, v] of rest.slice(0, MAX_FIGURES)) lines.push(`| ${name} | ${k} | ${fmt(v)} | | |`);
    if (rest.length > MAX_FIGURES) lines.push(`| ${name} | … ${rest.length - MAX_FIGURES} more in results/${name}.json | | | |`);
  }
  const markdown = `${[...lines, ...status].join('\n')}\n`;
  writeFileSync(join(root, 'bench', 'RESULTS.md'), markdown);
  return { markdown, misses };
}
