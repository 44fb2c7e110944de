#!/usr/bin/env node
// Keystroke to ghost text in a real VS Code (code-server + headless chromium), Flint next to a
// baseline extension whose provider answers instantly with a fixed string, in the same run:
//   flint_added_ms_p50 = flint_ms_p50 - baseline_ms_p50 - model_first_token_ms
// i.e. what Flint itself adds on top of the editor's own floor and the model's first token,
// measured with debounce 0; the default adaptive debounce is measured alongside.
// Writes bench/results/e2e.json.
//
//   node bench/e2e.mjs [--samples N] [--engine scripted|tiny]
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { INSTALL_COMMAND, missingPrerequisites } from '../scripts/installE2E.mjs';
import { launchBrowser, newPage } from '../test/e2e/harness/browser.mjs';
import { buildIfStale } from '../test/e2e/harness/build.mjs';
import { startCodeServer } from '../test/e2e/harness/codeServer.mjs';
import { endpointSettings, startEndpoint } from '../test/e2e/harness/endpoint.mjs';
import { ProcessGroups } from '../test/e2e/harness/processGroup.mjs';
import { SAMPLE_WORKSPACE } from '../test/e2e/harness/uiSession.mjs';
import { Workbench } from '../test/e2e/harness/workbench.mjs';
import { measureModelFirstToken } from './e2eModelFirstToken.mjs';
import { measureOneKeystroke, warmUp } from './e2eProbe.mjs';

const root = resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const flag = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const SAMPLES = Number(flag('--samples', 30));
const ENGINE = flag('--engine', 'scripted');
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
  writeFileSync(join(workspace, '.vscode', 'settings.json'), JSON.stringify(workspaceSettings));
  const page = await newPage(browser);
  const wb = new Workbench(page);
  await wb.open(server.pageUrl({ folder: workspace, extensionDevelopmentPaths: [extensionPath], openFile: join(workspace, 'src', 'scratch.js') }));
  await wb.waitForEditor({ name: 'scratch.js' });
  await wb.gotoEnd();
  await wb.type('const bench');
  await warmUp(page);
  return page;
}

/** Alternates keystrokes between the windows so machine noise hits both alike. */
async function sampleInterleaved(pages) {
  const samples = pages.map(() => []);
  for (let i = 0; i < SAMPLES; i++) {
    for (const [w, page] of pages.entries()) {
      await page.bringToFront();
      samples[w].push(await measureOneKeystroke(page, KEYS[i % KEYS.length]));
    }
  }
  return samples;
}

function check(label, samples) {
  const shown = samples.filter((x) => x !== null).length;
  console.log(`${label}: ghost text after ${shown}/${SAMPLES} keystrokes, p50 ${round(median(samples))} ms`);
  if (shown < SAMPLES / 2) throw new Error(`${label}: ghost text appeared for only ${shown} of ${SAMPLES} keystrokes`);
}

async function main() {
  const missing = missingPrerequisites();
  if (missing.length) throw new Error(`missing ${missing.join(', ')}; install with: ${INSTALL_COMMAND}`);
  const withFlint = flintProviderPresent();
  if (withFlint) buildIfStale(root);

  const groups = new ProcessGroups();
  try {
    const endpoint = await startEndpoint(groups, { engine: ENGINE, args: ENGINE === 'scripted' ? ['--script', join(root, 'bench', 'e2eFixture.json')] : [] });
    const settings = { ...endpointSettings(endpoint), 'editor.inlineSuggest.enabled': true };
    const [server, browser] = await Promise.all([startCodeServer(groups, { settings }), launchBrowser(groups)]);

    const pages = [await openBenchWindow(groups, server, browser, BASELINE)];
    if (withFlint) {
      // The pipeline with no deliberate wait, then the shipped adaptive debounce on top.
      pages.push(await openBenchWindow(groups, server, browser, root, { 'flint.completions.debounceMs': 0 }));
      pages.push(await openBenchWindow(groups, server, browser, root, {}));
    }
    const [baseline, flint = null, flintDefault = null] = await sampleInterleaved(pages);
    check('baseline', baseline);
    if (flint) check('flint (debounce 0)', flint);
    if (flintDefault) check('flint (adaptive debounce)', flintDefault);
    const modelFirstToken = await measureModelFirstToken(endpoint.wsUrl, { samples: SAMPLES });
    console.log(`model first token (bare WebSocket client): p50 ${round(median(modelFirstToken))} ms`);

    const baselineP50 = median(baseline);
    const modelP50 = median(modelFirstToken);
    const flintP50 = flint ? median(flint) : null;
    const result = {
      baseline_ms_p50: round(baselineP50),
      flint_ms_p50: round(flintP50),
      model_first_token_ms: round(modelP50),
      flint_added_ms_p50: flintP50 === null ? null : round(flintP50 - baselineP50 - modelP50),
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
