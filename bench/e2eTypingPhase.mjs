// The quiet typing run, every way of asking side by side in one session: the instant in-process
// provider (the editor's floor for this typist, answering the same perfect text), the same
// provider asking where the cursor arrives and answering a model's time later (the floor for an
// answer's way to the screen; fresh positions only), Flint over the
// WebSocket, over /infill, with a rendered fill-in-the-middle prompt over /v1/completions, and
// over HTTP Responses (SSE). Flint's windows reach the endpoint through a relay that logs each
// request (surface, window) and when each answer ended. The WebSocket's and the fill-in-the-
// middle windows share one code-server (its user settings point the fast model at the relay's
// WebSocket); the HTTP window has a code-server of its own (the fast model at the relay's HTTP).
// Windows take turns, segment by segment and position by position, so drift hits all alike, in
// balanced orders (bench/balancedOrders.mjs): what one window leaves running slows the next one's
// arrival, so each window follows each other one about equally often, from turn to turn too.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startCodeServer } from '../support/e2e/codeServer.mjs';
import { waitForLine } from '../support/e2e/processGroup.mjs';
import { balancedTurns } from './balancedOrders.mjs';
import { competingLoad } from './competingLoad.mjs';
import { FRESH_SOURCES, seeded } from './e2eFresh.mjs';
import { openFreshFile, rhythm, takeRecords, typeFreshPosition, typeSegment } from './e2eTyping.mjs';
import { answerToScreen, firstGhost, freshFigures, guessFigures, requestsPerKeystroke, staleFigures, typingFigures, wastedRequests } from './e2eTypingFigures.mjs';
import { openBenchWindow } from './e2eWindow.mjs';
import { percentileFigure, shareFigure } from './sampleStats.mjs';

const root = resolve(import.meta.dirname, '..');
const BASELINE = join(root, 'support', 'e2e', 'baseline-extension');
/** The pause at a fresh position before the first key: as quick as a person is, 250–450 ms. */
const ARRIVAL_PAUSE_MS = [250, 450];
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

/** The floor window's answer where the cursor arrived: about when Flint's arrival answers end. */
const FLOOR_ANSWER_MS = 40;

/**
 * The windows of the run: tag (in every typed file's header), code-server, extension, settings,
 * whether it types the fresh positions and the segments.
 */
const WINDOWS = [
  { tag: 'provider', server: 'ws', extension: BASELINE, settings: {}, fresh: true },
  { tag: 'floor', server: 'ws', extension: BASELINE, settings: { 'flintBaseline.arrivalAnswerMs': FLOOR_ANSWER_MS }, fresh: true, segments: false },
  { tag: 'ws', server: 'ws', extension: root, settings: { 'flint.completions.api': 'responses' }, fresh: true },
  { tag: 'infill', server: 'ws', extension: root, settings: { 'flint.completions.api': 'infill' }, fresh: true },
  { tag: 'completions', server: 'ws', extension: root, settings: { 'flint.completions.api': 'completions' }, fresh: false },
  { tag: 'http', server: 'http', extension: root, settings: { 'flint.completions.api': 'responses' }, fresh: true },
];

async function startRelay(groups, endpoint) {
  const dir = mkdtempSync(join(tmpdir(), 'flint-relay-'));
  groups.onStop(() => rmSync(dir, { recursive: true, force: true }));
  const log = join(dir, 'relay.jsonl');
  const child = groups.spawn(process.execPath, [join(root, 'bench', 'e2eRelay.mjs'), '--target', endpoint.origin, '--log', log], { cwd: root });
  const [, origin] = await waitForLine(child, /relay (http:\/\/127\.0\.0\.1:\d+)/, 30_000, 'relay');
  const read = () => {
    try {
      return readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    } catch {
      return [];
    }
  };
  return { wsUrl: `${origin.replace(/^http/, 'ws')}/v1/responses`, httpUrl: `${origin}/v1`, log, read };
}

/** Opens the run's windows (`specs`, each warmed up), on two code-servers pointed at the relay. */
async function openWindows(groups, browser, endpoint, relay, specs) {
  const common = { 'flint.full.url': endpoint.httpUrl, 'flint.completions.url': relay.httpUrl, 'editor.inlineSuggest.enabled': true };
  const needs = (server) => specs.some((w) => w.server === server);
  const servers = {
    ws: needs('ws') ? await startCodeServer(groups, { settings: { ...common, 'flint.fast.url': relay.wsUrl } }) : undefined,
    http: needs('http') ? await startCodeServer(groups, { settings: { ...common, 'flint.fast.url': relay.httpUrl } }) : undefined,
  };
  const windows = [];
  for (const w of specs) {
    // The floor window writes its answers to the relay's log (appended lines, as the relay's own).
    const settings = w.tag === 'floor' ? { ...w.settings, 'flintBaseline.answerLog': relay.log } : w.settings;
    windows.push({ ...w, ...(await openBenchWindow(groups, servers[w.server], browser, w.extension, settings)), records: [] });
  }
  return windows;
}

/** Every window types every segment and every fresh position, taking turns. */
async function typeAll(windows, oracle, stamp, maxPositions) {
  const gap = rhythm(1);
  const pause = seeded(2);
  const { segments, files } = oracle;
  const typists = windows.filter((w) => w.segments !== false);
  const typistOrders = balancedTurns(typists.length, segments.length);
  for (const [index, seg] of segments.entries()) {
    for (const w of typistOrders[index]) {
      const win = typists[w];
      await win.page.bringToFront();
      win.records.push(...(await typeSegment(win, seg, { header: `flint-typing ${win.tag} ${stamp}`, index, gap })));
    }
  }
  const fresh = windows.filter((w) => w.fresh);
  const turns = Math.min(maxPositions, files.reduce((n, f) => n + f.positions.length, 0));
  const freshOrders = balancedTurns(fresh.length, turns);
  let position = 0;
  for (const [index, file] of files.entries()) {
    const opened = [];
    for (const win of fresh) {
      await win.page.bringToFront();
      opened.push(await openFreshFile(win, file, { header: `flint-typing ${win.tag} ${stamp}`, index }));
    }
    for (const p of file.positions) {
      if (position >= maxPositions) break;
      const pauseMs = ARRIVAL_PAUSE_MS[0] + pause() * (ARRIVAL_PAUSE_MS[1] - ARRIVAL_PAUSE_MS[0]);
      for (const k of freshOrders[position]) {
        await fresh[k].page.bringToFront();
        await typeFreshPosition(fresh[k], opened[k], p, { position, pauseMs, gap });
      }
      position++;
    }
    for (const win of fresh) {
      await win.page.bringToFront();
      await win.page.waitForTimeout(200);
      win.records.push(...(await takeRecords(win.page)));
      await win.wb.press('Escape');
    }
  }
}

/**
 * Runs the typing run (in windows `tags`, at most `maxPositions` fresh positions; with `busy`, one
 * core kept busy) on the texts of `oracle` (bench/e2eTypingResults.mjs, whose fixture
 * the endpoint answers from); returns the figures per window, the WebSocket window's fresh keys
 * and the load. `specs` replaces the run's windows (bench/compareE2e.mjs: two builds of Flint).
 */
export async function typingPhase(groups, browser, endpoint, { median, oracle, tags = WINDOWS.map((w) => w.tag), specs, maxPositions = Infinity, busy = false }) {
  const relay = await startRelay(groups, endpoint);
  const windows = await openWindows(groups, browser, endpoint, relay, specs ?? WINDOWS.filter((w) => tags.includes(w.tag)));
  // Busy: a child process keeps one core busy while the windows type (not while they open).
  const burner = busy ? competingLoad(60 * 60_000) : undefined;
  let loadBefore;
  try {
    if (burner) await new Promise((r) => setTimeout(r, 1000));
    loadBefore = load();
    await typeAll(windows, oracle, Date.now(), maxPositions);
  } finally {
    burner?.stop();
  }
  const entries = relay.read();
  // The raw records and the relay's log, for looking into a run (not kept in the repository);
  // the busy run's beside the quiet one's, with `.busy` after the name.
  if (process.env.FLINT_BENCH_RAW) writeFileSync(`${process.env.FLINT_BENCH_RAW}${busy ? '.busy' : ''}`, JSON.stringify({ windows: windows.map((w) => ({ tag: w.tag, records: w.records })), relay: entries }));
  const perWindow = {};
  const answerMs = {};
  const replies = oracle.fixture.tails.replies;
  const replyAt = (prefix) => replies[prefix.slice(-oracle.fixture.tails.chars)];
  const reference = windows.find((w) => w.tag === 'provider')?.records.filter((r) => r.kind === 'key');
  for (const win of windows) {
    if (win.tag !== 'provider') answerMs[win.tag] = answerToScreen(win.records, entries, win.tag);
    const keys = win.records.filter((r) => r.kind === 'key');
    const segmentRecords = win.records.filter((r) => r.part === 'segment');
    const segment = typingFigures(segmentRecords, median);
    const wasted = wastedRequests(entries, win.tag, replyAt);
    perWindow[win.tag] = {
      ...segment,
      ...shareFigure('following_lines_shown_share', segment.following_lines_shown, segment.multi_line_suggestions),
      // The reference window's own stale keys all count; the others' count apart where it shows them too.
      ...staleFigures(keys, win.tag === 'provider' ? undefined : reference),
      ...(win.extension !== BASELINE ? { ...shareFigure('wasted_request_share', wasted.redundant + wasted.repeated, wasted.requests), redundant_requests: wasted.redundant, repeated_requests: wasted.repeated } : {}),
      shown_share: keys.length ? keys.filter((r) => r.shownMs !== null).length / keys.length : null,
      keystrokes_all: keys.length,
      ...(win.fresh ? freshFigures(win.records, '') : {}),
      ...(win.tag === 'provider' ? {} : percentileFigure('answer_to_screen_ms_p50', answerMs[win.tag], 50, { digits: 1 })),
      requests_per_keystroke: requestsPerKeystroke(entries, win.tag, keys.length),
      ...guessFigures(keys),
    };
  }
  const shown = Object.fromEntries(windows.map((w) => [w.tag, w.records.filter((r) => r.kind === 'key').map((r) => (r.shownMs === null ? 0 : 1))]));
  const firstGhostMs = Object.fromEntries(windows.filter((w) => w.fresh).map((w) => [w.tag, firstGhost(w.records).map((f) => f.ms)]));
  const firstGhostKey = Object.fromEntries(windows.filter((w) => w.fresh).map((w) => [w.tag, firstGhost(w.records).map((f) => f.key)]));
  return { perWindow, shown, firstGhostMs, firstGhostKey, answerMs, load: { before: loadBefore, after: load() }, sources: FRESH_SOURCES, dropped: oracle.dropped };
}
