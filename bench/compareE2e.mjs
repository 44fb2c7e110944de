// Two builds of Flint side by side in the real editor (bench/compare.mjs), as bench/e2e.mjs
// measures one: code-server and headless Chromium, the before build and this checkout loaded as
// the extension in windows of their own, the same endpoint, keys and positions for both.
// - Isolated keystrokes (debounce 0) in three windows, the instant baseline provider, before
//   and after, in balanced orders: keystroke to ghost text and what Flint adds beyond the
//   baseline and the model's first token.
// - The typing run (bench/e2eTypingPhase.mjs) over the WebSocket with the shipped debounce, in a
//   window per build taking turns in balanced orders, segment by segment and position by position.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { INSTALL_COMMAND, missingPrerequisites } from '../scripts/installE2E.mjs';
import { launchBrowser } from '../support/e2e/browser.mjs';
import { buildIfStale } from '../support/e2e/build.mjs';
import { startCodeServer } from '../support/e2e/codeServer.mjs';
import { endpointSettings, startEndpoint } from '../support/e2e/endpoint.mjs';
import { percentileSideBySide, shareSideBySide, sideBySide } from './compareStats.mjs';
import { measureModelFirstToken } from './e2eModelFirstToken.mjs';
import { sampleInterleaved } from './e2eProbe.mjs';
import { typingPhase } from './e2eTypingPhase.mjs';
import { typingOracle } from './e2eTypingResults.mjs';
import { openBenchWindow } from './e2eWindow.mjs';
import { median } from './sampleStats.mjs';

/** The same knobs as bench/e2e.mjs: an instant fixed answer, then the typing run's perfect model. */
const ISOLATED_KNOBS = { firstTokenDelayMs: 0, tokensPerSecond: 1000 };
const TYPING_KNOBS = { firstTokenDelayMs: 25, tokensPerSecond: 1000 };
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);
const round2 = (x) => (x === undefined ? null : Math.round(x * 100) / 100);
const ones = (hits, n) => Array.from({ length: n }, (_, i) => (i < hits ? 1 : 0));

/** Keystroke to ghost text and Flint's added time, per build, from the isolated keystrokes. */
export function isolatedFigures({ baseline, before, after, model }) {
  const clean = (xs) => xs.filter((x) => x !== null && x !== undefined);
  const added = (f, b, m) => median(f) - median(b) - median(m);
  const [b, m] = [clean(baseline), clean(model)];
  return {
    // A keystroke whose ghost text never came is slower than any.
    ...percentileSideBySide('flint_ms_p50', before, after, 50, { missingAs: Infinity }),
    ...sideBySide('flint_added_ms_p50', [clean(before), b, m], [clean(after), b, m], added),
    ...shareSideBySide('isolated_shown_share', before.map((x) => (x === null ? 0 : 1)), after.map((x) => (x === null ? 0 : 1))),
  };
}

/** The typing run's figures per build, from its phase (windows tagged before and after). */
export function typingCompareFigures(phase) {
  const w = phase.perWindow;
  const wasted = (tag) => ones(w[tag].redundant_requests + w[tag].repeated_requests, w[tag].wasted_request_share_n ?? 0);
  return {
    ...shareSideBySide('shown_share', phase.shown.before, phase.shown.after),
    ...percentileSideBySide('first_ghost_key_p50', phase.firstGhostKey.before, phase.firstGhostKey.after, 50, { digits: 0 }),
    ...percentileSideBySide('first_ghost_ms_p50', phase.firstGhostMs.before, phase.firstGhostMs.after, 50, { digits: 1 }),
    ...percentileSideBySide('answer_to_screen_ms_p50', phase.answerMs.before, phase.answerMs.after, 50, { digits: 1 }),
    ...shareSideBySide('wasted_request_share', wasted('before'), wasted('after')),
    stale_keystrokes_before: w.before.stale_keystrokes,
    stale_keystrokes_after: w.after.stale_keystrokes,
    following_lines_shown_share_before: w.before.following_lines_shown_share,
    following_lines_shown_share_after: w.after.following_lines_shown_share,
    enter_blank_frames_before: w.before.enter_blank_frames,
    enter_blank_frames_after: w.after.enter_blank_frames,
    requests_per_keystroke_before: w.before.requests_per_keystroke,
    requests_per_keystroke_after: w.after.requests_per_keystroke,
    keystrokes_before: w.before.keystrokes_all,
    keystrokes_after: w.after.keystrokes_all,
  };
}

/** Runs both parts; `other` is the before build's checkout (built here). Returns the figures. */
export async function compareE2e({ groups, root, other, samples, positions }) {
  const missing = missingPrerequisites();
  if (missing.length) throw new Error(`missing ${missing.join(', ')}; install with: ${INSTALL_COMMAND}`);
  buildIfStale(root);
  other.build();
  const scratch = mkdtempSync(join(tmpdir(), 'flint-compare-e2e-'));
  groups.onStop(() => rmSync(scratch, { recursive: true, force: true }));
  const oracle = typingOracle(JSON.parse(readFileSync(join(root, 'bench', 'e2eFixture.json'), 'utf8')));
  const fixture = join(scratch, 'e2e.json');
  writeFileSync(fixture, JSON.stringify(oracle.fixture));
  const endpoint = await startEndpoint(groups, { engine: 'scripted', args: ['--script', fixture] });
  const browser = await launchBrowser(groups);
  const server = await startCodeServer(groups, { settings: { ...endpointSettings(endpoint), 'flint.completions.url': endpoint.httpUrl, 'editor.inlineSuggest.enabled': true } });

  await endpoint.setKnobs(ISOLATED_KNOBS);
  const d0 = { 'flint.completions.debounceMs': 0 };
  const windows = [
    await openBenchWindow(groups, server, browser, join(root, 'support', 'e2e', 'baseline-extension')),
    await openBenchWindow(groups, server, browser, other.dir, d0),
    await openBenchWindow(groups, server, browser, root, d0),
  ];
  const isolatedLoad = load();
  const [baseline, before, after] = await sampleInterleaved(windows.map((w) => w.page), samples);
  const model = await measureModelFirstToken(endpoint.wsUrl, { samples: 30 });
  // The typing run opens windows of its own: close these first, as the typing run of e2e.mjs.
  for (const w of windows) await w.page.close();
  const isolated = { ...isolatedFigures({ baseline, before, after, model }), baseline_ms_p50: round2(median(baseline)), model_first_token_ms: round2(median(model)) };

  await endpoint.setKnobs(TYPING_KNOBS);
  const spec = (tag, extension) => ({ tag, server: 'ws', extension, settings: { 'flint.completions.api': 'responses' }, fresh: true });
  const phase = await typingPhase(groups, browser, endpoint, { median, oracle, specs: [spec('before', other.dir), spec('after', root)], maxPositions: positions });
  return {
    ...isolated,
    ...typingCompareFigures(phase),
    fresh_positions: phase.perWindow.after.fresh_positions ?? null,
    load_average: { isolated: isolatedLoad, typing: phase.load },
    settings: { keystrokes: samples, positions, isolated_knobs: ISOLATED_KNOBS, typing_knobs: TYPING_KNOBS, transport: 'responses over the WebSocket' },
  };
}
