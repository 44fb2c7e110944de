#!/usr/bin/env node
// Keystroke to ghost text in a real VS Code (code-server + headless chromium), Flint next to a
// baseline extension whose provider answers instantly with a fixed string, in the same run:
//   flint_added_ms_p50 = flint_ms_p50 - baseline_ms_p50 - model_first_token_ms
// i.e. what Flint itself adds on top of the editor's own floor and the model's first token,
// measured with debounce 0 (with a 95 % bootstrap confidence interval); the default adaptive
// debounce is measured alongside. Keystrokes alternate between the windows in balanced orders
// (each window follows each other one about equally often), so machine noise and what one
// window leaves running hit all alike.
// Then the typing run (bench/e2eTypingPhase.mjs: real files typed at 80–120 ms per character
// against a perfect model answering 25 ms to the first token, then 1,000 tokens/s, at the end of
// files and at 100+ fresh positions), every transport, the instant in-process provider and the
// editor's floor for an answer's way to the screen side by side; and a busy run: the isolated
// keystrokes and the end-of-file typing with a child process keeping one core busy. Writes
// bench/results/e2e.json.
//
//   node bench/e2e.mjs [--samples N] [--busy-samples N] [--engine scripted|tiny] [--no-typing] [--no-busy]
//   node bench/e2e.mjs --typing-only [--busy] [--windows provider,floor,ws,infill,completions,http] [--positions N]
//   node bench/e2e.mjs --model models/flint-code-6m.gguf [--positions N]
// (--typing-only: the quiet typing run only, in the windows named, over the first N fresh
// positions; prints its figures and writes bench/results/e2e-typing.json, leaving e2e.json as it was;
// with --busy, then the same with one core kept busy, its figures under `busy`.
// --model: the typing run over /infill against that model on the llama engine, written to
// bench/results/e2e-model.json: shown share, the share of it that was right, requests per key.)
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { INSTALL_COMMAND, missingPrerequisites } from '../scripts/installE2E.mjs';
import { launchBrowser } from '../support/e2e/browser.mjs';
import { buildIfStale } from '../support/e2e/build.mjs';
import { startCodeServer } from '../support/e2e/codeServer.mjs';
import { endpointSettings, startEndpoint } from '../support/e2e/endpoint.mjs';
import { ProcessGroups } from '../support/e2e/processGroup.mjs';
import { competingLoad } from './competingLoad.mjs';
import { typingOracle, typingResults } from './e2eTypingResults.mjs';
import { measureModelFirstToken } from './e2eModelFirstToken.mjs';
import { sampleInterleaved } from './e2eProbe.mjs';
import { rhythm, typeSegment, typingSegments } from './e2eTyping.mjs';
import { typingFigures } from './e2eTypingFigures.mjs';
import { typingPhase } from './e2eTypingPhase.mjs';
import { openBenchWindow } from './e2eWindow.mjs';
import { bootstrapCi, median as sampleMedian } from './sampleStats.mjs';

const root = resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const flag = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const SAMPLES = Number(flag('--samples', 200));
const BUSY_SAMPLES = Number(flag('--busy-samples', SAMPLES));
const ENGINE = flag('--engine', 'scripted');
const TYPING = !argv.includes('--no-typing') && ENGINE === 'scripted';
const BUSY = !argv.includes('--no-busy');
const TYPING_ONLY = argv.includes('--typing-only');
/** --typing-only while working on it: some windows (provider,floor,ws,infill,completions,http), fewer fresh positions. */
const TYPING_WINDOWS = flag('--windows', undefined)?.split(',');
const MAX_POSITIONS = Number(flag('--positions', Infinity));
/** --typing-only --busy: the typing run again with one core kept busy, its figures under `busy`. */
const TYPING_BUSY = TYPING_ONLY && argv.includes('--busy');
/** --model PATH: the typing run once against a real model (llama engine) over /infill, no targets. */
const MODEL = flag('--model', undefined);
const BASELINE = join(root, 'support', 'e2e', 'baseline-extension');
/** The perfect model of the typing run: 25 ms to the first token, then 1,000 tokens/s. */
const TYPING_KNOBS = { firstTokenDelayMs: 25, tokensPerSecond: 1000 };
const ISOLATED_KNOBS = { firstTokenDelayMs: 0, tokensPerSecond: 1000 };

/** The figures' median: null (kept in the JSON) when no sample came. */
const median = (xs) => sampleMedian(xs) ?? null;
const round = (x) => (x === null || x === undefined ? null : Math.round(x * 100) / 100);

/** Flint's ghost text needs its inline completion provider; until it exists, that half waits. */
function flintProviderPresent() {
  const dir = join(root, 'src', 'vscode');
  // The adapters live in feature wings (src/vscode/<feature>/).
  return existsSync(dir) && readdirSync(dir, { recursive: true }).some((f) => /inline.*completion/i.test(String(f)));
}

function check(label, samples) {
  const shown = samples.filter((x) => x !== null).length;
  console.log(`${label}: ghost text after ${shown}/${samples.length} keystrokes, p50 ${round(median(samples))} ms`);
  if (shown < samples.length / 2) throw new Error(`${label}: ghost text appeared for only ${shown} of ${samples.length} keystrokes`);
}

const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

/** The end-of-file typing in each completions mode on one window (the busy run); figures per mode. */
async function typingModes(win, modes, label) {
  const out = {};
  const segments = typingSegments();
  for (const mode of modes) {
    win.setSettings({ 'flint.completions.api': mode });
    await win.page.bringToFront();
    await win.page.waitForTimeout(1000);
    const loadBefore = load();
    const records = [];
    const gap = rhythm(1);
    for (const [index, seg] of segments.entries()) records.push(...(await typeSegment(win, seg, { header: `flint-typing ${label}_${mode} ${Date.now()}`, index, gap })));
    const figures = { ...typingFigures(records, median), load_before: loadBefore, load_after: load() };
    console.log(`typing (${label}, ${mode}): ${JSON.stringify(figures)}`);
    out[mode] = figures;
    // Per key, 1 when correct ghost text showed: for intervals (not kept in the results).
    Object.defineProperty(figures, 'shown', { value: records.filter((r) => r.kind === 'key').map((r) => (r.shownMs === null ? 0 : 1)) });
  }
  return out;
}

/**
 * How far /infill trails the WebSocket in keys showing ghost text, the worse of the quiet and the
 * busy run, with a bootstrap interval over the keys of all four.
 */
function infillGap(quiet, busy) {
  const mean = (xs) => xs.reduce((n, x) => n + x, 0) / xs.length;
  const sets = [quiet.ws, quiet.infill, busy?.responses?.shown, busy?.infill?.shown];
  if (!sets[0]?.length || !sets[1]?.length) return { shown_share_infill_gap: null };
  const withBusy = sets.every((s) => s?.length);
  const gap = (a, b, c, d) => Math.max(mean(a) - mean(b), withBusy ? mean(c) - mean(d) : -1);
  const ci = bootstrapCi(withBusy ? sets : sets.slice(0, 2), gap);
  return { shown_share_infill_gap: round(gap(...sets)), shown_share_infill_gap_ci: ci ? ci.map(round) : null };
}

/** What Flint adds beyond the floor and the model's first token, with its sample count and interval. */
function addedFigure(name, flint, baseline, model) {
  const added = (f, b, m) => sampleMedian(f) - sampleMedian(b) - sampleMedian(m);
  const clean = (xs) => xs.filter((x) => x !== null && x !== undefined);
  const value = added(clean(flint), clean(baseline), clean(model));
  const ci = bootstrapCi([clean(flint), clean(baseline), clean(model)], added);
  return { [name]: round(value), [`${name}_n`]: clean(flint).length, [`${name}_ci`]: ci ? ci.map(round) : null };
}

/**
 * The typing run against a real model (the local endpoint's llama engine) over /infill: how
 * often ghost text follows a key, how often it is the file's true text, requests per keystroke,
 * keystroke to ghost text. Writes bench/results/e2e-model.json.
 */
async function modelRun(groups, browser) {
  const endpoint = await startEndpoint(groups, { engine: 'llama', args: ['--model', MODEL] });
  const oracle = typingOracle(JSON.parse(readFileSync(join(root, 'bench', 'e2eFixture.json'), 'utf8')));
  const phase = await typingPhase(groups, browser, endpoint, { median, oracle, tags: ['infill'], maxPositions: MAX_POSITIONS });
  const w = phase.perWindow.infill;
  const result = {
    model: MODEL.split('/').pop(),
    transport: 'infill',
    keystrokes: w.keystrokes_all,
    shown_share: round(w.any_shown_share),
    correct_share_of_shown: round(w.correct_share_of_shown),
    keystroke_to_ghost_ms_p50: w.keystroke_to_ghost_ms_p50,
    keystroke_to_ghost_ms_p50_n: w.keystroke_to_ghost_ms_p50_n,
    keystroke_to_ghost_ms_p50_ci: w.keystroke_to_ghost_ms_p50_ci,
    requests_per_keystroke: w.requests_per_keystroke,
    fresh_positions: w.fresh_positions,
    load: phase.load,
    at: new Date().toISOString(),
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'e2e-model.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(`model run: ${JSON.stringify(result)}`);
  return 0;
}

async function main() {
  const missing = missingPrerequisites();
  if (missing.length) throw new Error(`missing ${missing.join(', ')}; install with: ${INSTALL_COMMAND}`);
  const withFlint = flintProviderPresent();
  if (withFlint) buildIfStale(root);

  const groups = new ProcessGroups();
  try {
    const fixture = join(mkdtempSync(join(tmpdir(), 'flint-bench-fixture-')), 'e2e.json');
    groups.onStop(() => rmSync(resolve(fixture, '..'), { recursive: true, force: true }));
    const base = JSON.parse(readFileSync(join(root, 'bench', 'e2eFixture.json'), 'utf8'));
    // The typing run's perfect model first, then the isolated keystrokes' fixed answer.
    const oracle = typingOracle(base);
    writeFileSync(fixture, JSON.stringify(TYPING ? oracle.fixture : base));
    const endpoint = await startEndpoint(groups, { engine: ENGINE, args: ENGINE === 'scripted' ? ['--script', fixture] : [] });
    // The fill-in-the-middle URL is a user setting (a workspace cannot redirect requests); only the
    // infill and completions modes use it, so it can be set for every window.
    const settings = { ...endpointSettings(endpoint), 'flint.completions.url': endpoint.httpUrl, 'editor.inlineSuggest.enabled': true };
    const browser = await launchBrowser(groups);
    if (MODEL) return await modelRun(groups, browser);
    if (TYPING_ONLY) {
      if (!withFlint || ENGINE !== 'scripted') throw new Error('--typing-only needs Flint and the scripted engine');
      await endpoint.setKnobs(TYPING_KNOBS);
      const phase = await typingPhase(groups, browser, endpoint, { median, oracle, tags: TYPING_WINDOWS, maxPositions: MAX_POSITIONS });
      const busyPhase = TYPING_BUSY ? await typingPhase(groups, browser, endpoint, { median, oracle, tags: TYPING_WINDOWS, maxPositions: MAX_POSITIONS, busy: true }) : null;
      const result = { ...typingResults(phase), ...(busyPhase ? { busy: typingResults(busyPhase) } : {}), at: new Date().toISOString() };
      mkdirSync(join(root, 'bench', 'results'), { recursive: true });
      writeFileSync(join(root, 'bench', 'results', 'e2e-typing.json'), JSON.stringify(result, null, 2) + '\n');
      const flat = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v !== 'object'));
      console.log(`typing only: ${JSON.stringify(flat(result))}`);
      if (result.busy) console.log(`typing only, busy: ${JSON.stringify(flat(result.busy))}`);
      return 0;
    }
    const server = await startCodeServer(groups, { settings });

    await endpoint.setKnobs(ISOLATED_KNOBS);
    const windows = [await openBenchWindow(groups, server, browser, BASELINE)];
    if (withFlint) {
      // The pipeline with no deliberate wait, then the shipped adaptive debounce on top.
      windows.push(await openBenchWindow(groups, server, browser, root, { 'flint.completions.debounceMs': 0 }));
      windows.push(await openBenchWindow(groups, server, browser, root, {}));
    }
    const pages = windows.map((w) => w.page);
    const quietLoad = load();
    const [baseline, flint = null, flintDefault = null] = await sampleInterleaved(pages, SAMPLES);
    check('baseline', baseline);
    if (flint) check('flint (debounce 0)', flint);
    if (flintDefault) check('flint (adaptive debounce)', flintDefault);
    const modelFirstToken = await measureModelFirstToken(endpoint.wsUrl, { samples: 30 });
    console.log(`model first token (bare WebSocket client): p50 ${round(median(modelFirstToken))} ms`);
    const baselineP50 = median(baseline);
    const modelP50 = median(modelFirstToken);
    const flintP50 = flint ? median(flint) : null;
    const added = flint ? addedFigure('flint_added_ms_p50', flint, baseline, modelFirstToken) : {};
    if (flint) console.log(`flint adds ${added.flint_added_ms_p50} ms (p50), 95 % CI ${JSON.stringify(added.flint_added_ms_p50_ci)} over ${SAMPLES} keystrokes per window`);

    // Typing: the shipped (adaptive) debounce, as a user types; every transport side by side.
    let phase = null;
    if (TYPING && withFlint) {
      await endpoint.setKnobs(TYPING_KNOBS);
      phase = await typingPhase(groups, browser, endpoint, { median, oracle });
      await endpoint.setKnobs(ISOLATED_KNOBS);
    }

    let busy = null;
    if (BUSY && flint) {
      const burner = competingLoad(20 * 60_000);
      try {
        await new Promise((r) => setTimeout(r, 1000));
        const busyLoad = load();
        const [b, f] = await sampleInterleaved(pages.slice(0, 2), BUSY_SAMPLES);
        const m = await measureModelFirstToken(endpoint.wsUrl, { samples: 30 });
        let typingBusy = null;
        if (TYPING && flintDefault) {
          await endpoint.setKnobs(TYPING_KNOBS);
          typingBusy = await typingModes(windows[2], ['responses', 'infill'], 'busy');
          await endpoint.setKnobs(ISOLATED_KNOBS);
        }
        busy = { baseline: b, flint: f, model: m, load: busyLoad, typing: typingBusy, ...addedFigure('flint_added_ms_p50_busy', f, b, m) };
        console.log(`busy: baseline p50 ${round(median(b))} ms, flint p50 ${round(median(f))} ms, model ${round(median(m))} ms -> flint adds ${busy.flint_added_ms_p50_busy} ms, 95 % CI ${JSON.stringify(busy.flint_added_ms_p50_busy_ci)}`);
      } finally {
        burner.stop();
      }
    }

    const share = (t, mode) => (t?.[mode]?.shown_share == null ? null : round(t[mode].shown_share));
    const result = {
      baseline_ms_p50: round(baselineP50),
      flint_ms_p50: round(flintP50),
      model_first_token_ms: round(modelP50),
      ...added,
      ...(phase ? typingResults(phase) : {}),
      ...(busy ? { flint_added_ms_p50_busy: busy.flint_added_ms_p50_busy, flint_added_ms_p50_busy_n: busy.flint_added_ms_p50_busy_n, flint_added_ms_p50_busy_ci: busy.flint_added_ms_p50_busy_ci } : {}),
      shown_share_ws_busy: share(busy?.typing, 'responses'),
      shown_share_infill_busy: share(busy?.typing, 'infill'),
      ...(phase ? infillGap(phase.shown, busy?.typing) : {}),
      load_average: { quiet: quietLoad, busy: busy?.load ?? null },
      busy: busy && {
        baseline_ms_p50: round(median(busy.baseline)),
        flint_ms_p50: round(median(busy.flint)),
        model_first_token_ms: round(median(busy.model)),
        keystrokes: BUSY_SAMPLES,
        typing: busy.typing,
        samples: { baseline_ms: busy.baseline.map(round), flint_ms: busy.flint.map(round) },
      },
      // Same pipeline with the default adaptive debounce (it waits on purpose between keystrokes
      // typed this slowly: a share of the typing gap, at most 120 ms).
      flint_default_debounce_ms_p50: flintDefault ? round(median(flintDefault)) : null,
      keystrokes: SAMPLES,
      engine: ENGINE,
      flint_status: withFlint ? 'measured' : 'pending: no inline completion provider in src/vscode yet',
      flint_settings: { 'flint.completions.debounceMs': 0 },
      samples: {
        baseline_ms: baseline.map(round),
        flint_ms: flint?.map(round) ?? [],
        flint_default_debounce_ms: flintDefault?.map(round) ?? [],
        model_first_token_ms: modelFirstToken.map(round),
      },
      at: new Date().toISOString(),
    };
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'e2e.json'), JSON.stringify(result, null, 2) + '\n');
    console.log(`baseline ${result.baseline_ms_p50} ms, flint ${result.flint_ms_p50 ?? '–'} ms, model first token ${result.model_first_token_ms} ms -> flint adds ${result.flint_added_ms_p50 ?? '– (' + result.flint_status + ')'} ms (p50)`);
    return withFlint ? 0 : 1;
  } finally {
    await groups.stopAll();
  }
}

main().then(
  (code) => { process.exitCode = code; },
  (err) => { console.error(`e2e bench: ${err.stack ?? err.message}`); process.exitCode = 1; },
);
