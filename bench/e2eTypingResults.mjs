// The typing run's perfect model (the scripted endpoint's fixture) and its figures as
// bench/results/e2e.json names them.
import { freshFiles, freshTails, TAIL_CHARS } from './e2eFresh.mjs';
import { segmentRules, segmentStates, typingSegments } from './e2eTyping.mjs';
import { bootstrapCi, medianDifference } from './sampleStats.mjs';

const round = (x, d = 3) => (x === null || x === undefined || !Number.isFinite(x) ? (x ?? null) : Math.round(x * 10 ** d) / 10 ** d);
/** Flint's windows, and the transports the issue of shown share is about. */
const FLINT = ['ws', 'infill', 'completions', 'http'];
const TRANSPORTS = ['ws', 'infill', 'http'];

/** Next edit answered as a model that sees no edit coming: the region as it was sent. */
const NEXT_EDIT_NONE = {
  match: { instructions: 'You predict the next edit', user: { regex: '<\\|editable_region_start\\|>\\n([\\s\\S]*)\\n<\\|editable_region_end\\|>' } },
  reply: '$1',
};

/**
 * The typing run's texts and the scripted endpoint's fixture answering them: every state of the
 * segments (and after them, to their file's end) and of the fresh positions by the characters
 * before the cursor (`tails`), the segments also as rules for the rendered fill-in-the-middle
 * prompt, then `base`.
 */
export function typingOracle(base) {
  const segments = typingSegments();
  const replies = Object.fromEntries(segmentStates(segments, true));
  const files = freshFiles();
  const dropped = files.reduce((n, file) => n + freshTails(file, replies), 0);
  const fixture = {
    ...base,
    rules: [NEXT_EDIT_NONE, ...segmentRules(segments), ...base.rules],
    tails: { chars: TAIL_CHARS, replies },
  };
  return { segments, files, fixture, dropped };
}

/** `{name, name_n, name_ci}` from one window's figures named without the window. */
function renamed(figures = {}, from, to) {
  return { [to]: figures[from] ?? null, [`${to}_n`]: figures[`${from}_n`] ?? null, [`${to}_ci`]: figures[`${from}_ci`] ?? null };
}

/** The worst (highest, or lowest with `lowest`) of the transports' `name` figures, with its own n and interval. */
function worst(perWindow, name, lowest = false) {
  const tags = TRANSPORTS.filter((t) => perWindow[t]?.[name] !== undefined && perWindow[t][name] !== null);
  if (tags.length === 0) return { [name]: null };
  const worse = (a, b) => (lowest ? perWindow[b][name] < perWindow[a][name] : perWindow[b][name] > perWindow[a][name]);
  const tag = tags.reduce((a, b) => (worse(a, b) ? b : a));
  return { ...renamed(perWindow[tag], name, name), [`${name}_transport`]: tag };
}

/**
 * Whole and current ghost text per transport: keys that showed a stale text, the share of
 * multi-line answers shown with their following lines, blank frames after agreeing Enters, and
 * the share of ghost-text requests that asked for what was held; then the totals and the worst
 * transport's shares.
 */
function wholeAndCurrent(w) {
  const out = {};
  for (const tag of TRANSPORTS.filter((t) => w[t])) {
    out[`stale_keystrokes_${tag}`] = w[tag].stale_keystrokes;
    out[`stale_keystrokes_editor_${tag}`] = w[tag].stale_keystrokes_editor ?? null;
    out[`stale_keystrokes_painted_${tag}`] = w[tag].stale_keystrokes_painted ?? null;
    Object.assign(out, renamed(w[tag], 'following_lines_shown_share', `following_lines_shown_share_${tag}`));
    out[`enter_blank_frames_${tag}`] = w[tag].enter_blank_frames;
    out[`agreeing_enters_${tag}`] = w[tag].agreeing_enters;
    Object.assign(out, renamed(w[tag], 'wasted_request_share', `wasted_request_share_${tag}`));
    out[`redundant_requests_${tag}`] = w[tag].redundant_requests ?? null;
    out[`repeated_requests_${tag}`] = w[tag].repeated_requests ?? null;
  }
  const flint = FLINT.filter((t) => w[t]);
  // Stale keys the instant in-process provider does not share at the same key, and those it
  // shares: the editor's own frame, which no provider avoids (see staleFigures).
  out.stale_keystrokes = flint.reduce((n, t) => n + (w[t].stale_keystrokes ?? 0), 0);
  out.stale_keystrokes_editor = w.provider ? flint.reduce((n, t) => n + (w[t].stale_keystrokes_editor ?? 0), 0) : null;
  out.stale_keystrokes_provider = w.provider?.stale_keystrokes ?? null;
  return { ...out, ...worst(w, 'following_lines_shown_share', true), ...worst(w, 'wasted_request_share') };
}

/**
 * What Flint adds while typing, on the keys that need a fresh answer: the first key at each fresh
 * position, from its keydown to correct ghost text on screen (0 when it was there before the key;
 * a position whose keys all went by without it is a miss, slower than any, not a dropped
 * sample), Flint over the WebSocket minus the instant in-process provider on the same keys in
 * the same run. The model's own time is not taken off: Flint pays it and the provider does not.
 * (Keys pressed with no ghost text on screen in the middle of typing are too few to measure
 * once Flint asks on arrival, and even the provider's answer misses most of them at this
 * rhythm: the editor's own wait before asking is about one gap.)
 */
function addedTyping(firstGhostMs) {
  const f = firstGhostMs.ws ?? [];
  const p = firstGhostMs.provider ?? [];
  if (!f.length || !p.length) return { flint_added_ms_p50_typing: null };
  return {
    ...medianDifference('flint_added_ms_p50_typing', f, p),
    flint_added_typing_misses: f.filter((x) => x === Infinity).length,
    provider_typing_misses: p.filter((x) => x === Infinity).length,
  };
}

/**
 * Answer done → on screen, what Flint adds to the editor's own way there: the worst transport's
 * median minus the floor window's (an in-process provider asked where the cursor arrived,
 * answering a model's time later) in the same run, with a bootstrap interval.
 */
function overFloor(answerMs, transport) {
  return medianDifference('answer_to_screen_over_floor_ms_p50', answerMs[transport] ?? [], answerMs.floor ?? [], { digits: 1 });
}

const mean = (xs) => xs.reduce((n, x) => n + x, 0) / xs.length;

/** `a`'s share minus `b`'s (0/1 per key), with a bootstrap interval over the keys; null when either is absent. */
export function shareDifference(name, a, b) {
  if (!a?.length || !b?.length) return { [name]: null };
  const ci = bootstrapCi([a, b], (x, y) => mean(x) - mean(y));
  return { [name]: round(mean(a) - mean(b)), [`${name}_ci`]: ci ? ci.map((x) => round(x)) : null };
}

/** The figures of the typing run. */
export function typingResults(phase) {
  const w = phase.perWindow;
  const share = (tag) => round(w[tag]?.shown_share ?? null);
  const out = {
    shown_share_provider: share('provider'),
    shown_share_ws: share('ws'),
    shown_share_infill: share('infill'),
    shown_share_http: share('http'),
    shown_share_completions: share('completions'),
    // Points each transport leads the in-process provider by, and HTTP trails it and the WebSocket by.
    ...shareDifference('shown_share_ws_minus_provider', phase.shown.ws, phase.shown.provider),
    ...shareDifference('shown_share_infill_minus_provider', phase.shown.infill, phase.shown.provider),
    ...shareDifference('shown_share_http_gap', phase.shown.provider, phase.shown.http),
    ...shareDifference('shown_share_http_gap_ws', phase.shown.ws, phase.shown.http),
    fresh_positions: w.ws?.fresh_positions ?? null,
  };
  for (const tag of ['provider', ...TRANSPORTS]) {
    Object.assign(out, renamed(w[tag], 'first_ghost_key_p50', `first_ghost_key_p50_${tag}`));
    Object.assign(out, renamed(w[tag], 'first_ghost_ms_p50', `first_ghost_ms_p50_${tag}`));
    Object.assign(out, renamed(w[tag], 'first_ghost_ms_p90', `first_ghost_ms_p90_${tag}`));
  }
  for (const tag of [...TRANSPORTS, 'floor']) Object.assign(out, renamed(w[tag], 'answer_to_screen_ms_p50', `answer_to_screen_ms_p50_${tag}`));
  Object.assign(out, worst(w, 'answer_to_screen_ms_p50'));
  Object.assign(out, overFloor(phase.answerMs ?? {}, out.answer_to_screen_ms_p50_transport));
  const flint = FLINT.filter((t) => w[t]);
  const total = (key) => flint.reduce((n, t) => n + (w[t][key] ?? 0), 0);
  Object.assign(out, {
    enter_blank_frames: total('enter_blank_frames'),
    enter_blank_frame_starts: total('enter_blank_frame_starts'),
    agreeing_enters: total('agreeing_enters'),
    enter_blank_frames_provider: w.provider?.enter_blank_frames ?? null,
    next_edit_requests_per_keystroke: Math.max(...flint.map((t) => w[t].requests_per_keystroke['next-edit'] ?? 0)),
    requests_per_keystroke: Object.fromEntries(['provider', ...flint].filter((t) => w[t]).map((t) => [t, w[t].requests_per_keystroke])),
  });
  Object.assign(out, wholeAndCurrent(w));
  Object.assign(out, addedTyping(phase.firstGhostMs));
  return { ...out, typing: { ...w, load: phase.load, dropped_positions: phase.dropped } };
}
