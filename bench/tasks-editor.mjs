#!/usr/bin/env node
// The foreground beside background tasks where the user meets it: keystroke to ghost text in a
// real VS Code (code-server + headless chromium) with two background tasks running in the same
// window, minus none, in one run. The tasks are started from the command palette as a user would
// and stopped the same way; each streams 300 words per turn from the scripted full model at
// 1,000 tokens/s, reads a file, writes one and runs the project's tests (node --test) in its
// working copy every turn. The full model is a local endpoint of its own, the fast model another:
// 25 ms to the first token. The full model is a remote service in real use: its stand-in here
// (parsing requests, pacing and framing 2,000 tokens a second) runs at nice 19, so that its work,
// which a user's machine would not do, takes only CPU the editor leaves; it still shares the two
// cores, so the figure stays an upper bound. The tests the tasks run are Flint's own load, at
// flint.tasks.processPriority's default (idle: Linux's idle scheduling class; --priority=low: nice 10).
// Time windows with tasks and without alternate in balanced orders (bench/balancedOrders.mjs);
// within each, keystrokes alternate between Flint's window and a baseline window whose provider
// answers at once (the editor's own floor, under the same load):
// - ghost_text_first_token_added_ms_with_tasks_minus_none: keydown to ghost text on screen in
//   Flint's window, with tasks minus without: the median of the differences between the same key
//   of the two windows of a pair (typed one after the other, the same characters at the same
//   place in the sequence, so a slow minute or a slow key weighs on both sides);
// - keystroke_added_ms_with_tasks_minus_none: the same beyond the floor, (Flint − baseline) with
//   tasks minus (Flint − baseline) without: what the tasks cost Flint's own path.
// Both also unpaired (median with tasks minus median without), suffixed _unpaired.
// Writes bench/results/tasks-editor.json.
//
//   npm run bench -- tasks-editor [--windows=12] [--keys=36] [--busy] [--work=full|stream|tests|standin]
//     [--full-niceness=19] [--priority=idle|low] [--view=shown|hidden] [--variant=SETTING=JSON] [--profile=DIR]
// (--busy: one core kept busy by a competing process throughout, figures suffixed _busy; the
// defaults give 6 windows of each kind × 36 keys = 216 keys per figure. --work: what the tasks do
// each turn, to split the cost: stream text (with a read and a small write), run the tests
// (after a small write), or all of it.
// --variant: a third kind of window, tasks with one setting of Flint's window changed (e.g.
// --variant=flint.tasks.processPriority='"low"'), in the same run: figures suffixed _variant (those tasks
// minus none) and ghost_text_first_token_ms_tasks_minus_variant (what the setting's default
// changes, paired the same way).
// --profile: where the time went in the first counted window of each kind, in DIR.)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { e2ePaths, INSTALL_COMMAND, missingPrerequisites } from '../scripts/installE2E.mjs';
import { launchBrowser } from '../support/e2e/browser.mjs';
import { buildIfStale } from '../support/e2e/build.mjs';
import { startCodeServer } from '../support/e2e/codeServer.mjs';
import { startEndpoint } from '../support/e2e/endpoint.mjs';
import { ProcessGroups } from '../support/e2e/processGroup.mjs';
import { startTask } from '../support/e2e/tasksView.mjs';
import { until } from '../support/until.mjs';
import { balancedTurns } from './balancedOrders.mjs';
import { competingLoad } from './competingLoad.mjs';
import { measureOneKeystroke } from './e2eProbe.mjs';
import { openBenchWindow } from './e2eWindow.mjs';
import { cpuByKind, extensionHosts, fileSourceNames, profileNodeProcess, slicesPerSecond } from './hostProfile.mjs';
import { profileRenderer } from './rendererProfile.mjs';
import { bootstrapCi, median, medianDifference, pairedMedianDifference, pairUp, percentileFigure } from './sampleStats.mjs';

const root = resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
/** `--name value` or `--name=value` (npm run bench passes on only arguments starting with --). */
const flag = (name, fallback) => argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1) ?? (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const WINDOWS = Math.max(2, Number(flag('--windows', 12)));
const KEYS = Math.max(5, Number(flag('--keys', 36)));
const BUSY = argv.includes('--busy');
// What the tasks do each turn: all of it, mostly streaming, or mostly running the tests (see taskScript).
// `standin`: no task at all, the full model's stand-in streaming the same text to two readers of
// its own (curl at nice 19): what the stand-in of a remote service costs the editor by itself.
const WORK = flag('--work', 'full');
if (!['full', 'stream', 'tests', 'standin'].includes(WORK)) throw new Error(`--work is full, stream, tests or standin, not ${WORK}`);
// A folder to write where the time went in the first counted window of each kind (a profile of
// Flint's extension host and of its page, and the CPU time of every process by kind).
const PROFILE = flag('--profile', null);
// The full model's stand-in at a lower CPU priority (a nice value; 0: the same as the editor).
const FULL_NICENESS = Number(flag('--full-niceness', 19));
// flint.tasks.processPriority for the tasks' processes.
const PRIORITY = flag('--priority', 'idle');
if (!['idle', 'low'].includes(PRIORITY)) throw new Error(`--priority is idle or low, not ${PRIORITY}`);
// Whether the Tasks view stays in sight while the keys are typed (hidden: the Explorer in its place).
const VIEW = flag('--view', 'shown');
if (!['shown', 'hidden'].includes(VIEW)) throw new Error(`--view is shown or hidden, not ${VIEW}`);
// A setting for a third kind of window: [key, value] (see the usage above).
const VARIANT = (() => {
  const v = flag('--variant', null);
  if (v === null) return null;
  const at = v.indexOf('=');
  if (at < 1) throw new Error(`--variant is SETTING=JSON, not ${v}`);
  if (WORK === 'standin') throw new Error('--variant changes a setting of the tasks: --work=standin runs none');
  return [v.slice(0, at), JSON.parse(v.slice(at + 1))];
})();
const BASELINE = join(root, 'support', 'e2e', 'baseline-extension');
// None of these starts the fixed suggestions, so every keystroke asks the provider afresh.
const KEY_CHARS = 'qwrtyzxvkjh';
const TASK = 'flint-bench-task: keep improving the module';
const MODEL_ARGS = ['--first-token-delay-ms', '25', '--tokens-per-second', '1000', '--full-delay-ms', '0', '--full-tokens-per-second', '1000'];
const SCRIPT_ROOT = join(e2ePaths().codeServerDir, 'node_modules', 'code-server', 'lib', 'vscode');
const load = () => Math.round(loadavg()[0] * 100) / 100;
const round = (x) => Math.round(x * 1000) / 1000;

/** The full model's script: every turn, text then a read, a write and the project's tests (or only some of it: `work`). */
function taskScript(work) {
  const words = Array.from({ length: 300 }, (_, i) => ` step${i}`).join('');
  const read = { name: 'read_file', arguments: '{"path":"bench-task/mod.mjs","start_line":1,"end_line":{{turn}}}' };
  const write = { name: 'create_file', arguments: { path: 'bench-task/out/turn{{turn}}.txt', content: 'turn {{turn}}' } };
  const tests = { name: 'run_tests', arguments: {} };
  const reply = {
    full: { text: `Working on it:${words}`, calls: [read, write, tests] },
    // A small write each turn keeps the task going: a task that changes no file (or runs the
    // same tests again without a change) is stopped by its loop guard within a few turns.
    stream: { text: `Working on it:${words}`, calls: [read, write] },
    standin: { text: `Working on it:${words}`, calls: [read] },
    tests: { text: 'Testing.', calls: [write, tests] },
  }[work];
  return { rules: [{ match: { user: 'flint-bench-task' }, reply }] };
}

/** The project the tasks work on: a module and tests that take the runner a moment (the project's test command). */
function addProject(workspace) {
  const mod = Array.from({ length: 400 }, (_, i) => `export const v${i} = ${i};`).join('\n');
  const test = (n) => `import test from 'node:test';\nimport assert from 'node:assert';\nimport * as m from './mod.mjs';\nfor (let i = 0; i < 50; i++) test('t${n}-' + i, () => assert.equal(m['v' + i], i));\n`;
  mkdirSync(join(workspace, 'bench-task'), { recursive: true });
  writeFileSync(join(workspace, 'package.json'), '{"name":"bench-project","private":true,"scripts":{"test":"node --test bench-task/"}}\n');
  writeFileSync(join(workspace, 'bench-task', 'mod.mjs'), `${mod}\n`);
  writeFileSync(join(workspace, 'bench-task', 'a.test.mjs'), test(1));
  writeFileSync(join(workspace, 'bench-task', 'b.test.mjs'), test(2));
}

/** Back to the editor, its cursor where it was (again after a box or toast took the keys on a loaded machine). */
async function focusEditor(win) {
  const focused = win.page.locator('.editor-instance .monaco-editor.focused');
  for (let attempt = 0; attempt < 3; attempt++) {
    await win.wb.runCommand('View: Focus Active Editor Group');
    if (await focused.waitFor({ timeout: 7_000 }).then(() => true, () => false)) return;
    await win.page.keyboard.press('Escape');
  }
  throw new Error('the editor did not take the focus back after three tries');
}

/** Two tasks started from the palette, typing once both have run a turn. */
async function startTwoTasks(win, round) {
  const rows = [];
  for (const n of [1, 2]) rows.push(await startTask(win.wb, win.page, `${TASK} (${round}.${n})`));
  await until('both tasks past their first turn', async () => {
    const texts = await Promise.all(rows.map((r) => r.innerText()));
    return texts.every((t) => /running · .* [1-9]\d* turns? · /.test(t.replace(/\s+/g, ' ')));
  }, 120_000);
  if (VIEW === 'hidden') await win.wb.runCommand('View: Show Explorer');
  await focusEditor(win);
}

/**
 * Two readers of the stand-in's stream outside the editor, each asking again as soon as an
 * answer ends (as a task's next turn would), at nice 19 like the stand-in; stop() ends them.
 */
function standInReaders(groups, full) {
  const body = JSON.stringify({ model: 'gpt-5.3-codex', input: TASK, stream: true });
  const loop = `while :; do curl -sN -o /dev/null -H 'content-type: application/json' -d '${body}' '${full.httpUrl}/responses' || sleep 0.2; done`;
  const readers = [0, 1].map(() => groups.spawn('nice', ['-n', '19', 'sh', '-c', loop]));
  return { stop: () => readers.forEach((r) => { try { process.kill(-r.pid, 'SIGKILL'); } catch { /* gone */ } }) };
}

/**
 * Starts what a window of `kind` (1: tasks, 2: tasks with the --variant setting) runs beside the
 * typing: two tasks, or the stand-in's readers with --work=standin; returns what stops it.
 */
async function startWork(ctx, kind, round) {
  if (WORK === 'standin') return standInReaders(ctx.groups, ctx.full);
  const { flint } = ctx;
  if (VARIANT) {
    // The setting as the run's settings say (kind 1) or changed (kind 2), applied live before the tasks start.
    flint.setSettings({ [VARIANT[0]]: kind === 2 ? VARIANT[1] : undefined });
    await flint.page.waitForTimeout(1500);
  }
  await flint.page.bringToFront();
  await startTwoTasks(flint, round);
  return {
    stop: async () => {
      await flint.page.bringToFront();
      await stopTasks(flint);
    },
  };
}

/** Stops every running task through Flint: Stop Background Task (a pick when more than one runs). */
async function stopTasks(win) {
  const { page } = win;
  if (VIEW === 'hidden') await win.wb.runCommand('Flint: Focus on Tasks View');
  const running = page.locator('.pane-body .monaco-list-row', { hasText: /(running|queued|waiting for consent) · / });
  // A window with tasks counts only if they ran to its end (a guard or a failure ending one would measure none).
  const still = await running.count();
  if (still < 2) throw new Error(`only ${still} of the two tasks still ran at the end of the window: ${(await page.locator('.pane-body .monaco-list-row').allInnerTexts()).join(' | ')}`);
  for (let attempt = 0; attempt < 6 && (await running.count()) > 0; attempt++) {
    const input = page.locator('.quick-input-widget input');
    await page.keyboard.press('F1');
    await input.fill('>Flint: Stop Background Task');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Stop Background Task' }).first().waitFor({ timeout: 20_000 });
    await page.keyboard.press('Enter');
    // With two running, a pick of the task to stop; with one, it stops at once.
    const pick = await page.locator('.quick-input-widget input[placeholder="Task to stop"]').waitFor({ timeout: 3000 }).then(() => true, () => false);
    if (pick) await page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden', timeout: 20_000 });
    // The Tasks view redraws at most every 200 ms.
    await page.waitForTimeout(600);
  }
  if ((await running.count()) > 0) throw new Error('the tasks did not stop');
  await focusEditor(win);
  // The killed test runs and the stopped loops settle before the next window.
  await page.waitForTimeout(1000);
}

/** One time window: keystrokes alternating between Flint's window and the baseline's. */
async function typeWindow(flint, baseline, kind, pair, out) {
  const orders = balancedTurns(2, KEYS);
  for (let k = 0; k < KEYS; k++) {
    for (const w of orders[k]) {
      const win = w === 0 ? flint : baseline;
      await win.page.bringToFront();
      const ms = await measureOneKeystroke(win.page, KEY_CHARS[(pair + k) % KEY_CHARS.length]);
      out.push({ withTasks: kind !== 'none', variant: kind === 'variant', window: w === 0 ? 'flint' : 'baseline', ms, pair, k });
    }
  }
}

/**
 * Runs `fn` (a window) while profiling Flint's extension host and page and counting every
 * process's CPU time by kind; writes the summary to PROFILE/<name>.json.
 */
async function profiled(name, ctx, fn) {
  const hosts = extensionHosts(ctx.server.process.pid);
  // The Flint window opened after the baseline's: its extension host is the newer one.
  const host = hosts.at(-1);
  const kindOf = (p) => {
    if (p.pid === host.pid) return 'flint extension host';
    if (hosts.some((h) => h.pid === p.pid)) return 'baseline extension host';
    if (p.pid === ctx.full.process.pid) return 'full-model endpoint';
    if (p.pid === ctx.fast.process.pid) return 'fast-model endpoint';
    if (/--test\b/.test(p.cmdline)) return 'test runs';
    if (/(^|\/)git\s/.test(p.cmdline)) return 'git';
    if (/chrom/i.test(p.cmdline)) return /--type=renderer/.test(p.cmdline) ? 'chromium renderers' : 'chromium other';
    if (/code-server/.test(p.cmdline)) return 'code-server other';
    if (/while \(Date\.now\(\) < end\)/.test(p.cmdline)) return 'competing load';
    if (p.pid === process.pid) return 'bench driver';
    return p.cpuMs > 0 ? 'other (outside the bench)' : null;
  };
  const nameOf = fileSourceNames();
  const cpu = cpuByKind(kindOf);
  const hostProfile = await profileNodeProcess(host.pid, { nameOf, topN: 200 });
  const page = await profileRenderer(ctx.flint.page, { scriptRoot: SCRIPT_ROOT, topN: 200, capMs: 0.8, keepProfile: true });
  const start = performance.now();
  const loadStart = load();
  await fn();
  const wallMs = Math.round(performance.now() - start);
  const { profile, ...hostSummary } = await hostProfile.stop();
  const { profile: pageProfile, ...pageSummary } = await page.stop();
  // Busy milliseconds a second of Flint's extension host by slice (the slices over 0.5).
  const slices = Object.fromEntries(Object.entries(slicesPerSecond(profile)).filter(([, ms]) => ms >= 0.5));
  const summary = { name, wallMs, load: [loadStart, load()], cpuMsByKind: cpu.stop(), flintExtensionHostMsPerSecond: slices, flintExtensionHost: hostSummary, flintPage: pageSummary };
  mkdirSync(PROFILE, { recursive: true });
  writeFileSync(join(PROFILE, `${name}.json`), `${JSON.stringify(summary, null, 1)}\n`);
  writeFileSync(join(PROFILE, `${name}.cpuprofile`), JSON.stringify(profile));
  writeFileSync(join(PROFILE, `${name}-page.cpuprofile`), JSON.stringify(pageProfile));
  console.log(`profile ${name}: ${wallMs} ms, host busy ${Math.round(hostSummary.busyMs)} ms (ms a second: ${JSON.stringify(slices)}), page busy ${Math.round(pageSummary.busyMs)} ms; cpu ${JSON.stringify(summary.cpuMsByKind)}`);
}

/** (Flint − baseline) with tasks minus the same without, with a bootstrap interval over the four sample sets. */
function beyondFloor(name, sets) {
  const f = (a, b, c, d) => median(a) - median(b) - (median(c) - median(d));
  if (sets.some((s) => s.length === 0)) return { [name]: null };
  const ci = bootstrapCi(sets, f);
  return { [name]: round(f(...sets)), [`${name}_n`]: Math.min(...sets.map((s) => s.length)), [`${name}_ci`]: ci ? ci.map(round) : null };
}

/** Each key of a window pair typed both ways: `value` of Flint's sample (and the baseline's key typed beside it) with tasks and without. */
function keyPairs(samples, value) {
  const key = (s) => `${s.withTasks}:${s.pair}:${s.k}`;
  const baseline = new Map(samples.filter((s) => s.window === 'baseline').map((s) => [key(s), s.ms]));
  const flint = (withTasks) => samples.filter((s) => s.window === 'flint' && s.withTasks === withTasks);
  return pairUp(flint(true), flint(false), (s) => `${s.pair}:${s.k}`, (s) => value(s.ms, baseline.get(key(s)) ?? null));
}

function figures(samples, suffix) {
  const pick = (withTasks, window) => samples.filter((s) => s.withTasks === withTasks && s.window === window && s.ms !== null).map((s) => s.ms);
  const missed = (withTasks) => samples.filter((s) => s.withTasks === withTasks && s.window === 'flint' && s.ms === null).length;
  const n = (base) => `${base}${suffix}`;
  const flintMs = (ms) => ms;
  const overFloor = (ms, baselineMs) => (ms === null || baselineMs === null ? null : ms - baselineMs);
  return {
    ...pairedMedianDifference(n('ghost_text_first_token_added_ms_with_tasks_minus_none'), keyPairs(samples, flintMs), { digits: 3 }),
    ...pairedMedianDifference(n('keystroke_added_ms_with_tasks_minus_none'), keyPairs(samples, overFloor), { digits: 3 }),
    ...medianDifference(n('ghost_text_first_token_added_ms_with_tasks_minus_none_unpaired'), pick(true, 'flint'), pick(false, 'flint'), { digits: 3 }),
    ...beyondFloor(n('keystroke_added_ms_with_tasks_minus_none_unpaired'), [pick(true, 'flint'), pick(true, 'baseline'), pick(false, 'flint'), pick(false, 'baseline')]),
    ...percentileFigure(n('ghost_text_ms_p50_with_tasks'), pick(true, 'flint'), 50, { digits: 3 }),
    ...percentileFigure(n('ghost_text_ms_p50_none'), pick(false, 'flint'), 50, { digits: 3 }),
    ...percentileFigure(n('baseline_ms_p50_with_tasks'), pick(true, 'baseline'), 50, { digits: 3 }),
    ...percentileFigure(n('baseline_ms_p50_none'), pick(false, 'baseline'), 50, { digits: 3 }),
    ...percentileFigure(n('ghost_text_ms_p95_with_tasks'), pick(true, 'flint'), 95, { digits: 3 }),
    ...percentileFigure(n('ghost_text_ms_p95_none'), pick(false, 'flint'), 95, { digits: 3 }),
    [n('keys_without_ghost_text_with_tasks')]: missed(true),
    [n('keys_without_ghost_text_none')]: missed(false),
  };
}

/** With --variant: tasks with the setting changed minus none, and the default's own effect (tasks minus variant), paired by key. */
function variantFigures(samples, suffix) {
  const as = (keep, withTasks) => samples.filter(keep).map((s) => ({ ...s, withTasks: withTasks(s) }));
  const variantVsNone = as((s) => s.variant || !s.withTasks, (s) => s.variant);
  const tasksVsVariant = as((s) => s.withTasks, (s) => !s.variant);
  const overFloor = (ms, baselineMs) => (ms === null || baselineMs === null ? null : ms - baselineMs);
  return {
    ...pairedMedianDifference(`ghost_text_first_token_added_ms_with_tasks_minus_none_variant${suffix}`, keyPairs(variantVsNone, (ms) => ms), { digits: 3 }),
    ...pairedMedianDifference(`keystroke_added_ms_with_tasks_minus_none_variant${suffix}`, keyPairs(variantVsNone, overFloor), { digits: 3 }),
    ...pairedMedianDifference(`ghost_text_first_token_ms_tasks_minus_variant${suffix}`, keyPairs(tasksVsVariant, (ms) => ms), { digits: 3 }),
    [`variant${suffix}`]: `${VARIANT[0]}=${JSON.stringify(VARIANT[1])}`,
  };
}

async function main() {
  const missing = missingPrerequisites();
  if (missing.length) throw new Error(`missing ${missing.join(', ')}; install with: ${INSTALL_COMMAND}`);
  buildIfStale(root);
  const groups = new ProcessGroups();
  const scratch = mkdtempSync(join(tmpdir(), 'flint-bench-tasks-editor-'));
  groups.onStop(() => rmSync(scratch, { recursive: true, force: true }));
  let burner;
  try {
    const fastScript = join(scratch, 'fast.json');
    writeFileSync(fastScript, readFileSync(join(root, 'bench', 'e2eFixture.json'), 'utf8'));
    const fullScript = join(scratch, 'full.json');
    writeFileSync(fullScript, JSON.stringify(taskScript(WORK)));
    const fast = await startEndpoint(groups, { args: ['--script', fastScript, ...MODEL_ARGS] });
    const full = await startEndpoint(groups, { args: ['--script', fullScript, ...MODEL_ARGS], niceness: FULL_NICENESS || undefined });
    // The budgets are user settings, at their most (1,000 turns): the tasks run until stopped.
    const settings = { 'flint.fast.url': fast.wsUrl, 'flint.full.url': full.httpUrl, 'editor.inlineSuggest.enabled': true, 'flint.tasks.maxTurns': 1000, 'flint.tasks.maxMinutes': 60, 'flint.tasks.processPriority': PRIORITY };
    const browser = await launchBrowser(groups);
    const server = await startCodeServer(groups, { settings });
    const baseline = await openBenchWindow(groups, server, browser, BASELINE);
    const flint = await openBenchWindow(groups, server, browser, root, { 'flint.completions.debounceMs': 0 });
    addProject(flint.workspace);
    if (BUSY) burner = competingLoad(30 * 60_000);
    const loadBefore = load();
    // A warm-up window of each kind, not counted.
    await typeWindow(flint, baseline, 'none', 0, []);
    const ctx = { groups, full, flint };
    const warmUp = await startWork(ctx, 1, 0);
    await typeWindow(flint, baseline, 'tasks', 0, []);
    await warmUp.stop();
    const samples = [];
    let index = 1;
    const profiledKinds = new Set();
    const KINDS = ['none', 'tasks', 'variant'];
    for (const [p, order] of balancedTurns(VARIANT ? 3 : 2, Math.max(1, Math.round(WINDOWS / 2))).entries()) {
      // The two windows of a pair type the same characters (the warm-ups are pair 0).
      const pair = p + 1;
      for (const kind of order) {
        const work = kind >= 1 ? await startWork(ctx, kind, index) : undefined;
        const typing = () => typeWindow(flint, baseline, KINDS[kind], pair, samples);
        const name = ['none', 'with-tasks', 'with-tasks-variant'][kind];
        if (PROFILE && !profiledKinds.has(name)) {
          profiledKinds.add(name);
          await profiled(`${name}${BUSY ? '-busy' : ''}-${WORK}`, { server, full, fast, flint }, typing);
        } else await typing();
        await work?.stop();
        console.log(`window ${index} (${KINDS[kind]}) done, load ${load()}`);
        index++;
      }
    }
    const suffix = BUSY ? '_busy' : '';
    const result = {
      ...figures(samples.filter((s) => !s.variant), suffix),
      ...(VARIANT && variantFigures(samples, suffix)),
      [`windows${suffix}`]: WINDOWS,
      [`keys_per_window${suffix}`]: KEYS,
      [`task_work${suffix}`]: WORK,
      [`task_process_priority${suffix}`]: PRIORITY,
      [`tasks_view${suffix}`]: VIEW,
      [`load_average${suffix}`]: [loadBefore, load()],
      [`measured_in${suffix}`]: `code-server + headless chromium: keydown to ghost text on screen in Flint's window, two background tasks started and stopped from the command palette in the same window (each turn: ${{ full: 'text, a read, a write and the tests', stream: 'text, a read and a small write', tests: 'a small write and the tests', standin: 'none: no task, the stand-in streaming to two readers of its own' }[WORK]}); the fast and the full model each on a local endpoint of its own, the full model's (a remote service in real use) at nice ${FULL_NICENESS}${BUSY ? '; one core kept busy by a competing process' : ''}`,
      [`at${suffix}`]: new Date().toISOString(),
    };
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    const file = join(root, 'bench', 'results', 'tasks-editor.json');
    // A busy run adds its figures beside the quiet run's.
    const kept = BUSY && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    writeFileSync(file, `${JSON.stringify({ ...kept, ...result }, null, 2)}\n`);
    const r = result;
    const f = (name) => `${r[name + suffix]} ms (${JSON.stringify(r[`${name}${suffix}_ci`])}, n ${r[`${name}${suffix}_n`]})`;
    console.log(`tasks-editor${BUSY ? ' busy' : ''} (load ${loadBefore}→${load()}): ghost text with tasks − none ${f('ghost_text_first_token_added_ms_with_tasks_minus_none')}, beyond the floor ${f('keystroke_added_ms_with_tasks_minus_none')}`);
    return 0;
  } finally {
    burner?.stop();
    await groups.stopAll();
  }
}

main().then(
  (code) => { process.exitCode = code; },
  (err) => { console.error(`tasks-editor bench: ${err.stack ?? err.message}`); process.exitCode = 1; },
);
