#!/usr/bin/env node
// Keystroke to ghost text in a real VS Code (code-server + headless chromium), Flint next to a
// baseline extension whose provider answers instantly with a fixed string, in the same run:
//   flint_added_ms_p50 = flint_ms_p50 - baseline_ms_p50 - model_first_token_ms
// i.e. what Flint itself adds on top of the editor's own floor and the model's first token,
// measured with debounce 0 (with a 95 % bootstrap confidence interval); the default adaptive
// debounce is measured alongside. Keystrokes alternate between the windows in an order that
// rotates every keystroke, so machine noise and ordering effects hit all alike.
// Then a typing run (bench/e2eTyping.mjs: real files typed at 80–120 ms per character against a
// perfect model) in every completions mode, and a busy run: the same with a child process
// keeping one core busy. Writes bench/results/e2e.json.
//
//   node bench/e2e.mjs [--samples N] [--busy-samples N] [--engine scripted|tiny] [--no-typing] [--no-busy]
//   node bench/e2e.mjs --typing-only [--modes responses,infill,completions]
// (--typing-only: one Flint window, the quiet typing run only; prints its figures and writes
// bench/results/e2e-typing.json, leaving e2e.json as it was.)
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { INSTALL_COMMAND, missingPrerequisites } from '../scripts/installE2E.mjs';
import { launchBrowser, newPage } from '../test/e2e/harness/browser.mjs';
import { buildIfStale } from '../test/e2e/harness/build.mjs';
import { startCodeServer } from '../test/e2e/harness/codeServer.mjs';
import { endpointSettings, startEndpoint } from '../test/e2e/harness/endpoint.mjs';
import { ProcessGroups } from '../test/e2e/harness/processGroup.mjs';
import { SAMPLE_WORKSPACE } from '../test/e2e/harness/uiSession.mjs';
import { Workbench } from '../test/e2e/harness/workbench.mjs';
import { competingLoad } from './competingLoad.mjs';
import { medianCi } from './e2eMedianCi.mjs';
import { measureModelFirstToken } from './e2eModelFirstToken.mjs';
import { measureOneKeystroke, warmUp } from './e2eProbe.mjs';
import { oracleRules, typingFigures, typingRun, typingSegments } from './e2eTyping.mjs';

const root = resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const flag = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const SAMPLES = Number(flag('--samples', 200));
const BUSY_SAMPLES = Number(flag('--busy-samples', SAMPLES));
const ENGINE = flag('--engine', 'scripted');
const TYPING = !argv.includes('--no-typing') && ENGINE === 'scripted';
const BUSY = !argv.includes('--no-busy');
const TYPING_ONLY = argv.includes('--typing-only');
const MODES = flag('--modes', 'responses,infill,completions').split(',');
/** Exact typing (the document is the file): no auto-indent, no auto-closing, no suggest widget. */
const EDITOR_SETTINGS = {
  'editor.autoIndent': 'none',
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
  'editor.autoSurround': 'never',
  'editor.formatOnType': false,
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'editor.suggestOnTriggerCharacters': false,
};
const BASELINE = join(root, 'test', 'e2e', 'baseline-extension');
// None of these starts the fixed suggestions, so every keystroke asks the provider afresh.
const KEYS = 'qwrtyzxvkjh';

function median(xs) {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
const round = (x) => (x === null ? null : Math.round(x * 100) / 100);

/** Flint's ghost text needs its inline completion provider; until it exists, that half waits. */
function flintProviderPresent() {
  const dir = join(root, 'src', 'vscode');
  return existsSync(dir) && readdirSync(dir).some((f) => /inline.*completion/i.test(f));
}

/**
 * Opens a window with one extension on a fresh copy of the sample workspace, warmed up.
 * `workspaceSettings` go to the copy's .vscode/settings.json: per window, unlike user settings.
 */
async function openBenchWindow(groups, server, browser, extensionPath, workspaceSettings = {}) {
  const workspace = mkdtempSync(join(tmpdir(), 'flint-bench-ws-'));
  groups.onStop(() => rmSync(workspace, { recursive: true, force: true }));
  cpSync(SAMPLE_WORKSPACE, workspace, { recursive: true });
  mkdirSync(join(workspace, '.vscode'));
  mkdirSync(join(workspace, 'typing'));
  const settingsFile = join(workspace, '.vscode', 'settings.json');
  writeFileSync(settingsFile, JSON.stringify({ ...EDITOR_SETTINGS, ...workspaceSettings }));
  const page = await newPage(browser);
  const wb = new Workbench(page);
  // A busy machine (the point of the busy run, and often the case) opens windows slowly.
  await wb.open(server.pageUrl({ folder: workspace, extensionDevelopmentPaths: [extensionPath], openFile: join(workspace, 'src', 'scratch.js') }), { timeoutMs: 180_000 });
  await wb.waitForEditor({ name: 'scratch.js', timeoutMs: 120_000 });
  await wb.gotoEnd();
  await wb.type('const bench');
  await warmUp(page, { timeoutMs: 300_000 });
  /** Merges `patch` into this window's workspace settings (applied live). */
  const setSettings = (patch) => writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(readFileSync(settingsFile, 'utf8')), ...patch }));
  return { page, wb, workspace, setSettings };
}

/** Alternates keystrokes between the windows, the order rotating every keystroke. */
async function sampleInterleaved(pages, count) {
  const samples = pages.map(() => []);
  for (let i = 0; i < count; i++) {
    for (let j = 0; j < pages.length; j++) {
      const w = (i + j) % pages.length;
      await pages[w].bringToFront();
      samples[w].push(await measureOneKeystroke(pages[w], KEYS[i % KEYS.length]));
    }
  }
  return samples;
}

function check(label, samples) {
  const shown = samples.filter((x) => x !== null).length;
  console.log(`${label}: ghost text after ${shown}/${samples.length} keystrokes, p50 ${round(median(samples))} ms`);
  if (shown < samples.length / 2) throw new Error(`${label}: ghost text appeared for only ${shown} of ${samples.length} keystrokes`);
}

const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

/** The typing run in each completions mode on one window; figures per mode. */
async function typingModes(win, modes, label) {
  const out = {};
  const segments = typingSegments();
  for (const mode of modes) {
    win.setSettings({ 'flint.completions.api': mode });
    await win.page.bringToFront();
    await win.page.waitForTimeout(1000);
    const loadBefore = load();
    const records = await typingRun(win.wb, win.page, win.workspace, segments, { header: `${label} ${mode} ${Date.now()}` });
    const figures = { ...typingFigures(records, median), load_before: loadBefore, load_after: load() };
    console.log(`typing (${label}, ${mode}): ${JSON.stringify(figures)}`);
    out[mode] = figures;
  }
  return out;
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
    writeFileSync(fixture, JSON.stringify({ ...base, rules: [...(TYPING ? oracleRules(typingSegments()) : []), ...base.rules] }));
    const endpoint = await startEndpoint(groups, { engine: ENGINE, args: ENGINE === 'scripted' ? ['--script', fixture] : [] });
    // The fill-in-the-middle URL is a user setting (a workspace cannot redirect requests); only the
    // infill and completions modes use it, so it can be set for every window.
    const settings = { ...endpointSettings(endpoint), 'flint.completions.url': endpoint.httpUrl, 'editor.inlineSuggest.enabled': true };
    const [server, browser] = await Promise.all([startCodeServer(groups, { settings }), launchBrowser(groups)]);
    if (TYPING_ONLY) {
      if (!withFlint || ENGINE !== 'scripted') throw new Error('--typing-only needs Flint and the scripted engine');
      const win = await openBenchWindow(groups, server, browser, root, {});
      const typing = await typingModes(win, MODES, 'quiet');
      const total = (key) => Object.values(typing).reduce((n, t) => n + t[key], 0);
      const summary = { agreeing_enters: total('agreeing_enters'), enter_frames: total('enter_frames'), enter_blank_frames: total('enter_blank_frames'), enter_blank_frame_starts: total('enter_blank_frame_starts') };
      mkdirSync(join(root, 'bench', 'results'), { recursive: true });
      writeFileSync(join(root, 'bench', 'results', 'e2e-typing.json'), JSON.stringify({ ...summary, typing, at: new Date().toISOString() }, null, 2) + '\n');
      console.log(`typing only: ${JSON.stringify(summary)}`);
      return 0;
    }

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
    const added = (f, b, m) => median(f) - median(b) - median(m);
    const ci = flint ? medianCi([flint, baseline, modelFirstToken], added) : null;
    if (ci) console.log(`flint adds ${round(flintP50 - baselineP50 - modelP50)} ms (p50), 95 % CI [${round(ci[0])}, ${round(ci[1])}] over ${SAMPLES} keystrokes per window`);

    // Typing: the shipped (adaptive) debounce, as a user types.
    const typing = TYPING && flintDefault ? await typingModes(windows[2], ['responses', 'infill', 'completions'], 'quiet') : null;

    let busy = null;
    if (BUSY && flint) {
      const burner = competingLoad(20 * 60_000);
      try {
        await new Promise((r) => setTimeout(r, 1000));
        const busyLoad = load();
        const [b, f] = await sampleInterleaved(pages.slice(0, 2), BUSY_SAMPLES);
        const m = await measureModelFirstToken(endpoint.wsUrl, { samples: 30 });
        const busyCi = medianCi([f, b, m], added);
        const typingBusy = TYPING && flintDefault ? await typingModes(windows[2], ['responses', 'infill'], 'busy') : null;
        busy = { baseline: b, flint: f, model: m, ci: busyCi, load: busyLoad, typing: typingBusy };
        console.log(`busy: baseline p50 ${round(median(b))} ms, flint p50 ${round(median(f))} ms, model ${round(median(m))} ms -> flint adds ${round(added(f, b, m))} ms, 95 % CI [${round(busyCi[0])}, ${round(busyCi[1])}]`);
      } finally {
        burner.stop();
      }
    }

    const share = (t, mode) => (t?.[mode]?.shown_share == null ? null : round(t[mode].shown_share));
    const result = {
      baseline_ms_p50: round(baselineP50),
      flint_ms_p50: round(flintP50),
      model_first_token_ms: round(modelP50),
      flint_added_ms_p50: flintP50 === null ? null : round(flintP50 - baselineP50 - modelP50),
      flint_added_ms_p50_ci95: ci ? ci.map(round) : null,
      // Typing run (shipped debounce), keys pressed with no ghost text shown: keydown to correct
      // ghost text, minus the editor's floor and the model's first token, as for isolated keys.
      // (All keys together would compare typed-through suggestions with a fresh answer.)
      flint_added_ms_p50_typing: typing?.responses?.fresh_shown_ms_p50 == null ? null : round(typing.responses.fresh_shown_ms_p50 - baselineP50 - modelP50),
      // How many keys that figure rests on: at 80–120 ms per character most fresh answers are
      // overtaken by the next key (the editor's own floor is about 100 ms).
      flint_added_ms_p50_typing_samples: typing?.responses ? Math.round(typing.responses.fresh_keystrokes * (typing.responses.fresh_shown_share ?? 0)) : null,
      following_lines_shown_share: typing?.responses?.following_lines_shown_share == null ? null : round(typing.responses.following_lines_shown_share),
      enter_blank_frames: typing ? Object.values(typing).reduce((n, t) => n + t.enter_blank_frames, 0) : null,
      enter_blank_frame_starts: typing ? Object.values(typing).reduce((n, t) => n + t.enter_blank_frame_starts, 0) : null,
      shown_share_ws: share(typing, 'responses'),
      shown_share_infill: share(typing, 'infill'),
      shown_share_completions: share(typing, 'completions'),
      flint_added_ms_p50_busy: busy ? round(added(busy.flint, busy.baseline, busy.model)) : null,
      flint_added_ms_p50_busy_ci95: busy ? busy.ci.map(round) : null,
      shown_share_ws_busy: share(busy?.typing, 'responses'),
      shown_share_infill_busy: share(busy?.typing, 'infill'),
      // How far the /infill path trails the WebSocket, the worse of quiet and busy (points as a share).
      shown_share_infill_gap: typing ? round(Math.max(share(typing, 'responses') - share(typing, 'infill'), busy?.typing ? share(busy.typing, 'responses') - share(busy.typing, 'infill') : -1)) : null,
      load_average: { quiet: quietLoad, busy: busy?.load ?? null },
      typing,
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
