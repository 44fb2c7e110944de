/* global window, document, MutationObserver, requestAnimationFrame -- installEcho runs in the page */
// Generation speed of the local endpoint's llama.cpp engine at 1 and 2 threads while a real
// editor runs (code-server with a browser window typing into a file), and what the editor feels
// meanwhile: each keystroke's echo, keydown to the next frame after the typed text is in the
// editor's lines. Rounds alternate the modes (no generation, 1 thread, 2 threads) so that the
// machine's drift spreads over all three; each phase types while its endpoint generates
// back to back.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchBrowser, newPage } from '../support/e2e/browser.mjs';
import { startCodeServer } from '../support/e2e/codeServer.mjs';
import { ProcessGroups } from '../support/e2e/processGroup.mjs';
import { Workbench } from '../support/e2e/workbench.mjs';
import { startLlamaEndpoint } from './llamaEndpoint.mjs';
import { bootstrapCi, median, percentileFigure } from './sampleStats.mjs';

const KEY_GAP_MS = 110;
const ECHO_TIMEOUT_MS = 2000;
// From the project root (the bench runs bundled, away from its source folder).
const SAMPLE_WORKSPACE = resolve('test/e2e/workspace');
const LINE = 'const answer = compute(value, 42);';
// Prompts the size ghost text sends this model (its context budget, 384 tokens of one byte
// each): longer ones measure attention over text ghost text never sends.
const PREFIX_BYTES = 300;
const SUFFIX_BYTES = 80;
const PREDICT = 64;

/** Installed once per page: keydown stamps the time, the first change to the lines after it ends the sample at the next frame. */
function installEcho() {
  if (window.__echo) return;
  const echo = { keyAt: 0, results: [] };
  window.addEventListener('keydown', () => void (echo.keyAt = performance.now()), true);
  new MutationObserver((mutations) => {
    if (echo.keyAt === 0) return;
    const inLines = mutations.some((m) => (m.target.nodeType === 1 ? m.target : m.target.parentElement)?.closest?.('.view-lines'));
    if (!inLines) return;
    const at = echo.keyAt;
    echo.keyAt = 0;
    requestAnimationFrame(() => echo.results.push(performance.now() - at));
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  window.__echo = echo;
}

/** Types `keys` characters at a steady pace; returns each one's echo in ms (the timeout when none came). */
async function typeAndTime(page, keys, start) {
  const samples = [];
  for (let i = 0; i < keys; i++) {
    const ch = (start + i) % (LINE.length + 1) === LINE.length ? 'Enter' : LINE[(start + i) % (LINE.length + 1)];
    const before = await page.evaluate(() => window.__echo.results.length);
    const t0 = Date.now();
    await page.keyboard.press(ch === ' ' ? 'Space' : ch);
    const ms = await page.waitForFunction((n) => window.__echo.results[n] ?? false, before, { timeout: ECHO_TIMEOUT_MS, polling: 'raf' })
      .then((h) => h.jsonValue(), () => ECHO_TIMEOUT_MS);
    samples.push(ms);
    await page.waitForTimeout(Math.max(0, KEY_GAP_MS - (Date.now() - t0)));
  }
  return samples;
}

/** Asks for fill-in-the-middle answers back to back until `stop()`; each at a new place in real code. */
function generateContinuously(endpoint, sources) {
  let running = true;
  let i = 0;
  const loop = (async () => {
    while (running) {
      const text = sources[i % sources.length];
      const at = Math.floor(((i * 7919) % 997) / 997 * text.length);
      i++;
      const res = await fetch(`${endpoint.origin}/infill`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ input_prefix: text.slice(Math.max(0, at - PREFIX_BYTES), at), input_suffix: text.slice(at, at + SUFFIX_BYTES), n_predict: PREDICT }),
      });
      await res.text();
    }
  })();
  return { stop: async () => { running = false; await loop; } };
}

/**
 * Runs the rounds; `model` is the GGUF. Returns figures: tokens/s per thread count (the
 * endpoint's own per-generation figure), echo per mode, and their differences with intervals.
 */
export async function threadsPass(model, { rounds = 5, keysPerPhase = 40, fixtures }) {
  const sources = readdirSync(fixtures).sort().map((f) => readFileSync(join(fixtures, f), 'utf8'));
  const groups = new ProcessGroups();
  const running = new Set();
  groups.onStop(() => { for (const c of running) c.kill('SIGTERM'); });
  try {
    const endpoints = { threads_1: await startLlamaEndpoint(model, { threads: 1, running }), threads_2: await startLlamaEndpoint(model, { threads: 2, running }) };
    const workspace = mkdtempSync(join(tmpdir(), 'flint-bench-threads-'));
    groups.onStop(() => rmSync(workspace, { recursive: true, force: true }));
    cpSync(SAMPLE_WORKSPACE, workspace, { recursive: true });
    const browser = await launchBrowser(groups);
    const server = await startCodeServer(groups, { settings: { 'editor.autoClosingBrackets': 'never', 'editor.autoIndent': 'none' } });
    const page = await newPage(browser);
    const wb = new Workbench(page);
    await wb.open(server.pageUrl({ folder: workspace, openFile: join(workspace, 'src', 'scratch.js') }), { timeoutMs: 180_000 });
    await wb.waitForEditor({ name: 'scratch.js', timeoutMs: 120_000 });
    await wb.gotoEnd();
    await page.evaluate(installEcho);
    await typeAndTime(page, 20, 0); // the editor's first keys are slower: not counted
    const echo = { idle: [], threads_1: [], threads_2: [] };
    const speed = { threads_1: [], threads_2: [] };
    const modes = ['idle', 'threads_1', 'threads_2'];
    let typed = 20;
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < modes.length; k++) {
        const mode = modes[(r + k) % modes.length];
        const endpoint = endpoints[mode];
        const gen = endpoint && generateContinuously(endpoint, sources);
        if (endpoint) await page.waitForTimeout(300);
        echo[mode].push(...(await typeAndTime(page, keysPerPhase, typed)));
        typed += keysPerPhase;
        if (gen) {
          await gen.stop();
          const records = await endpoint.takeRequests();
          speed[mode].push(...records.filter((x) => x.done && !x.abandoned && x.tokensPerSecond !== undefined).map((x) => x.tokensPerSecond));
        }
      }
      console.log(`real-model threads: round ${r + 1}/${rounds}: echo p50 ${modes.map((m) => `${m} ${median(echo[m])}`).join(', ')} ms; tokens/s p50 1 thread ${median(speed.threads_1)}, 2 threads ${median(speed.threads_2)}`);
    }
    return figures(echo, speed, { rounds, keysPerPhase });
  } finally {
    await groups.stopAll();
  }
}

const round = (x, d = 2) => (x === undefined ? undefined : Number(x.toFixed(d)));

function difference(name, a, b) {
  const diff = (x, y) => median(x) - median(y);
  return { [name]: round(diff(a, b)), [`${name}_n`]: Math.min(a.length, b.length), [`${name}_ci`]: bootstrapCi([a, b], diff)?.map((x) => round(x)) };
}

function figures(echo, speed, settings) {
  const ratio = (x, y) => median(x) / median(y);
  return {
    ...percentileFigure('tokens_per_s_p50_threads_1', speed.threads_1, 50, { digits: 0 }),
    ...percentileFigure('tokens_per_s_p50_threads_2', speed.threads_2, 50, { digits: 0 }),
    tokens_per_s_threads_2_over_1: round(ratio(speed.threads_2, speed.threads_1)),
    tokens_per_s_threads_2_over_1_n: Math.min(speed.threads_1.length, speed.threads_2.length),
    tokens_per_s_threads_2_over_1_ci: bootstrapCi([speed.threads_2, speed.threads_1], ratio)?.map((x) => round(x)),
    ...percentileFigure('echo_ms_p50_idle', echo.idle, 50),
    ...percentileFigure('echo_ms_p50_threads_1', echo.threads_1, 50),
    ...percentileFigure('echo_ms_p50_threads_2', echo.threads_2, 50),
    ...percentileFigure('echo_ms_p95_idle', echo.idle, 95),
    ...percentileFigure('echo_ms_p95_threads_1', echo.threads_1, 95),
    ...percentileFigure('echo_ms_p95_threads_2', echo.threads_2, 95),
    ...difference('echo_ms_p50_threads_1_minus_idle', echo.threads_1, echo.idle),
    ...difference('echo_ms_p50_threads_2_minus_idle', echo.threads_2, echo.idle),
    echo_over_50ms_threads_1: echo.threads_1.filter((x) => x > 50).length,
    echo_over_50ms_threads_2: echo.threads_2.filter((x) => x > 50).length,
    echo_over_50ms_idle: echo.idle.filter((x) => x > 50).length,
    editor: 'code-server window, Chromium, typing into a JavaScript file',
    settings,
  };
}
