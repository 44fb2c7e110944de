// The README's "How fast" at a glance, from bench/results/: a table of the headline figures
// (what it measures, Flint, the reference measured beside it, the target, n, the interval, met
// or not) between marker comments, and the chart of ghost text's way to the screen
// (bench/results/e2e-chart.svg, and a PNG of it the README shows: a marketplace page does not
// show an SVG). `npm run bench` rewrites both; the same results give the same files.
//   node bench/readmeFigures.mjs     regenerate from the committed results
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { e2eChartSvg } from './e2eChart.mjs';
import { figures, intervals } from './summary.mjs';
import { evaluate, targets } from './targets.mjs';

export const START = '<!-- figures:start: written by npm run bench from bench/results/; edits here are replaced -->';
export const END = '<!-- figures:end -->';
export const CHART_SVG = 'bench/results/e2e-chart.svg';
export const CHART_PNG = 'docs/images/e2e-chart.png';

const ms = (v) => `${fmt(v)} ms`;
const signed = (v) => `${v >= 0 ? '+' : '−'}${ms(Math.abs(v))}`;
const fmt = (n) => (Number.isInteger(n) ? String(n) : Math.abs(n) >= 100 ? n.toFixed(1) : Number(n.toPrecision(3)).toString());

/**
 * The headline rows: a target of bench/targets.mjs, how to show Flint's figure and the reference
 * measured beside it (`f` reads a figure of the same results by dotted key).
 */
const HEADLINES = [
  { bench: 'e2e', figure: 'flint_added_ms_p50', what: 'Keystroke to ghost text in the real editor: time Flint adds (p50)', flint: (f) => `+${ms(f('flint_added_ms_p50'))} (${ms(f('flint_ms_p50'))} in all)`, reference: (f) => `${ms(f('baseline_ms_p50'))}: the editor with an instant provider` },
  { bench: 'e2e', figure: 'flint_added_ms_p50_busy', what: 'The same, one core kept busy', flint: (f) => `+${ms(f('flint_added_ms_p50_busy'))}`, reference: (f) => `${ms(f('busy.baseline_ms_p50'))}: the same, busy` },
  { bench: 'e2e', figure: 'answer_to_screen_over_floor_ms_p50', what: 'A complete answer to ghost text on screen, slowest transport (p50)', flint: (f) => `${ms(f('answer_to_screen_ms_p50'))}, ${fmt(f('answer_to_screen_over_floor_ms_p50'))} over the floor`, reference: (f) => `${ms(f('answer_to_screen_ms_p50_floor'))}: the editor's own way` },
  { bench: 'transport', figure: 'ws_over_fresh_https', what: 'First token, 50 ms round trip: pre-warmed WebSocket / fresh HTTPS (p50)', flint: (f) => `${ms(f('ws_ttft_ms_p50'))} (ratio ${fmt(f('ws_over_fresh_https'))})`, reference: (f) => `${ms(f('fresh_https_ttft_ms_p50'))}: fresh HTTPS` },
  { bench: 'transport', figure: 'ws_overhead_over_keepalive', what: 'Per-request overhead beyond round trip and server: WebSocket / keep-alive HTTPS', flint: (f) => `${ms(f('ws_overhead_ms_p50'))} (ratio ${fmt(f('ws_overhead_over_keepalive'))})`, reference: (f) => `${ms(f('keepalive_https_overhead_ms_p50'))}: keep-alive HTTPS` },
  { bench: 'completions', figure: 'overhead_ms_p50_model', what: 'Ghost-text engine\'s own work per keystroke (p50)', flint: (f) => ms(f('overhead_ms_p50_model')), reference: () => '–' },
  { bench: 'chat', figure: 'frame_ms_p95_at_5000', what: 'Chat panel frame at 5,000 tokens/s (p95)', flint: (f) => ms(f('frame_ms_p95_at_5000')), reference: () => '16.7 ms: one frame at 60 Hz' },
  { bench: 'edits-editor', figure: 'frame_p95_1000_over_baseline', what: 'Inline edit streaming at 1,000 tokens/s: editor frame (p95, ratio)', flint: (f) => `${ms(f('frame_ms_p95_1000'))} (ratio ${fmt(f('frame_p95_1000_over_baseline'))})`, reference: (f) => `${ms(f('frame_ms_p95_baseline'))}: pasting the same rewrite` },
  { bench: 'tasks-editor', figure: 'ghost_text_first_token_added_ms_with_tasks_minus_none', what: 'Keystroke to ghost text in the real editor, two background tasks streaming and testing: time they add (each key paired, p50)', flint: (f) => `${signed(f('ghost_text_first_token_added_ms_with_tasks_minus_none'))} (${ms(f('ghost_text_ms_p50_with_tasks'))} in all)`, reference: (f) => `${ms(f('ghost_text_ms_p50_none'))}: no task running` },
  { bench: 'tasks-keys', figure: 'ghost_text_first_token_added_ms_with_tasks_minus_none', what: 'The same in the extension host alone: keystroke to suggestion, time the tasks add (each key paired, p50)', flint: (f) => `${signed(f('ghost_text_first_token_added_ms_with_tasks_minus_none'))} (${ms(f('ghost_text_first_token_ms_p50_with_tasks'))} in all)`, reference: (f) => `${ms(f('ghost_text_first_token_ms_p50_none'))}: no task running` },
  { bench: 'real-model', figure: 'typing.keystroke_to_ghost_ms_p50_model', what: 'Offline model (flint-code-6m, one thread): key to its new answer on screen (p50)', flint: (f) => ms(f('typing.keystroke_to_ghost_ms_p50_model')), reference: (f) => `${ms(f('typing.model_ms_p50'))}: the model's own time` },
];

const OP = { '<=': '≤', '>=': '≥', '=': '=', '<': '<', '>': '>' };

/** One table row, or none when its bench's results or target are absent. */
function row(h, results) {
  const target = (targets[h.bench] ?? []).find((t) => t.figure === h.figure);
  if (!results || !target) return undefined;
  const figs = figures(results);
  const cis = intervals(results);
  if (figs[h.figure] === undefined) return undefined;
  const f = (key) => {
    if (figs[key] === undefined) throw new Error(`bench/results/${h.bench}.json has no ${key}`);
    return figs[key];
  };
  const verdict = evaluate(target, figs, cis);
  const ci = cis[h.figure];
  const unit = /_ms(_|$)/.test(h.figure) ? ' ms' : '';
  const bound = `${target.ref !== undefined ? target.ref : fmt(target.value)}${unit}`;
  const met = verdict.result === 'pass' ? 'yes' : `**no**${verdict.why ? ` (${verdict.why})` : ''}`;
  const cells = [h.what, h.flint(f), h.reference(f), `${OP[target.op]} ${bound}`, figs[`${h.figure}_n`] ?? '', ci ? `${fmt(ci[0])} – ${fmt(ci[1])}` : '', met];
  return `| ${cells.map((c) => String(c).replace(/\|/g, '/')).join(' | ')} |`;
}

/** The table and the chart between the markers, from `resultsByBench` (bench name → parsed results). */
export function headlineSection(resultsByBench) {
  const rows = HEADLINES.map((h) => row(h, resultsByBench[h.bench])).filter(Boolean);
  return [
    START,
    '',
    '| what it measures | Flint | measured beside it | target | n | 95 % interval | met |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `![Ghost text's way to the screen, per transport, beside the editor's own](${CHART_PNG})`,
    '',
    `The chart as SVG: [${CHART_SVG}](${CHART_SVG}). Every figure, target and caveat: [bench/RESULTS.md](bench/RESULTS.md).`,
    END,
  ].join('\n');
}

/** `readme` with its section between the markers replaced by `section`; throws without markers. */
export function replaceSection(readme, section) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no "${START}" … "${END}" section`);
  return readme.slice(0, start) + section + readme.slice(end + END.length);
}

function readResults(root) {
  const out = {};
  for (const bench of new Set(HEADLINES.map((h) => h.bench))) {
    const file = join(root, 'bench', 'results', `${bench}.json`);
    if (existsSync(file)) out[bench] = JSON.parse(readFileSync(file, 'utf8'));
  }
  return out;
}

/** Renders the SVG chart to the PNG the README shows, in headless Chromium (skipped without it). */
async function renderPng(svg, out) {
  const executablePath = '/usr/bin/chromium';
  if (!existsSync(executablePath)) return false;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 });
    await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
    await page.locator('svg').screenshot({ path: out });
    return true;
  } finally {
    await browser.close();
  }
}

/** Rewrites the README's section and the chart from bench/results/; returns what it wrote. */
export async function writeReadmeFigures(root, { png = true } = {}) {
  const results = readResults(root);
  const readmePath = join(root, 'README.md');
  writeFileSync(readmePath, replaceSection(readFileSync(readmePath, 'utf8'), headlineSection(results)));
  const written = ['README.md'];
  if (results.e2e) {
    const svg = e2eChartSvg(results.e2e);
    writeFileSync(join(root, CHART_SVG), svg);
    written.push(CHART_SVG);
    if (png && (await renderPng(svg, join(root, CHART_PNG)))) written.push(CHART_PNG);
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const written = await writeReadmeFigures(resolve(import.meta.dirname, '..'));
  console.log(`[figures] wrote ${written.join(', ')}`);
}
