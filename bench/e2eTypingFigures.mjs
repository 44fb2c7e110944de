// Figures of the typing run, from the page's records (bench/e2eTyping.mjs) and the relay's log
// of model requests and answers (bench/e2eRelay.mjs).
import { percentileFigure } from './sampleStats.mjs';

const sum = (records, key) => records.reduce((n, r) => n + r[key], 0);
const norm = (s) => s.replace(/\s+/g, '');

/** The figures of one window's typing (the segments' keys, or all its keys). */
export function typingFigures(records, median) {
  const keys = records.filter((r) => r.kind !== 'arrive');
  const shown = keys.filter((r) => r.shownMs !== null);
  const multi = shown.filter((r) => r.multiLineTruth);
  const enters = keys.filter((r) => r.agreeingEnter);
  // Keys pressed with no ghost text on screen: the suggestion had to come afresh, as for an
  // isolated keystroke (most others are typed through a suggestion already shown).
  const fresh = keys.filter((r) => r.before.trim() === '');
  const freshShown = fresh.filter((r) => r.shownMs !== null);
  return {
    keystrokes: keys.length,
    shown_share: keys.length ? shown.length / keys.length : null,
    shown_ms_p50: median(shown.map((r) => r.shownMs)),
    fresh_keystrokes: fresh.length,
    fresh_shown_share: fresh.length ? freshShown.length / fresh.length : null,
    fresh_shown_ms_p50: median(freshShown.map((r) => r.shownMs)),
    following_lines_shown_share: multi.length ? multi.filter((r) => r.multi).length / multi.length : null,
    following_lines_shown: multi.filter((r) => r.multi).length,
    multi_line_suggestions: multi.length,
    agreeing_enters: enters.length,
    // Painted frames without ghost text until the next key, and all painted frames counted.
    enter_blank_frames: sum(enters, 'blankFrames'),
    enter_frames: sum(enters, 'frames'),
    // The same seen at each frame's start, before the editor rendered the Enter.
    enter_blank_frame_starts: sum(enters, 'blankFrameStarts'),
    // Every keystroke: painted frames without ghost text (shows the painted count sees blanks).
    blank_frames_all_keys: sum(keys, 'blankFrames'),
    frames_all_keys: sum(keys, 'frames'),
    enter_blank_traces: enters.filter((r) => r.blankFrames > 0).map((r) => ({ before: r.before, trace: r.trace })),
  };
}

/**
 * Per fresh position, the first key at which correct ghost text was on screen and how long after
 * the first key it came: ghost text already there at the first keydown (asked for on arrival)
 * counts as the first key, 0 ms. A position whose keys all went by without it is a miss (key
 * and time Infinity: slower than any that came).
 */
export function firstGhost(records) {
  const byPosition = new Map();
  for (const r of records) {
    if (r.part !== 'fresh') continue;
    if (!byPosition.has(r.position)) byPosition.set(r.position, []);
    byPosition.get(r.position).push(r);
  }
  const out = [];
  for (const rs of byPosition.values()) {
    const keys = rs.filter((r) => r.kind === 'key');
    if (keys.length === 0) continue;
    const first = keys[0];
    let found = { key: Infinity, ms: Infinity };
    if (first.correctBefore) found = { key: 1, ms: 0 };
    else {
      const hit = keys.find((r) => r.shownMs !== null);
      if (hit) found = { key: hit.key, ms: hit.at - first.at + hit.shownMs };
    }
    out.push(found);
  }
  return out;
}

/**
 * Model answer done → correct ghost text on screen, for every appearance of ghost text on an
 * empty stage that a new answer brought: the latest completed ghost-text answer of this window
 * (`tag`) whose text holds what was shown and that ended after ghost text was last correct on
 * screen (so an answer kept in the cache since before is not counted as waiting).
 */
export function answerToScreen(records, relay, tag) {
  const answers = relay.filter((e) => e.kind === 'end' && e.status === 'completed' && e.tag === tag && e.surface === 'completion');
  const out = [];
  // Since when no correct ghost text has been on screen (approximately: the start of the first
  // record that began without it), undefined while it is.
  let blankSince;
  for (const r of records) {
    if (r.correctBefore) {
      blankSince = undefined;
      continue;
    }
    if (r.kind === 'arrive' || blankSince === undefined) blankSince = r.epoch;
    if (r.shownMs === null) continue;
    const appeared = r.epoch + r.shownMs;
    const shown = norm(r.shownText ?? '');
    let latest;
    for (const a of answers) if (a.t <= appeared && a.t >= blankSince && norm(a.text ?? '').includes(shown) && (!latest || a.t > latest.t)) latest = a;
    if (latest) out.push(appeared - latest.t);
    blankSince = undefined;
  }
  return out;
}

/** Model requests of window `tag` per keystroke it typed, by surface. */
export function requestsPerKeystroke(relay, tag, keystrokes) {
  const count = (surface) => relay.filter((e) => e.kind === 'request' && e.tag === tag && e.surface === surface).length;
  const per = (n) => (keystrokes > 0 ? Math.round((n / keystrokes) * 1000) / 1000 : null);
  return { completion: per(count('completion')), 'next-edit': per(count('next-edit')), requests: count('completion') + count('next-edit'), keystrokes };
}

/**
 * Ghost text of any kind after each key (a real model guesses, often wrong): the share of keys
 * it followed, the share of those where it was the file's true text, and how soon it came.
 */
export function guessFigures(keys) {
  const any = keys.filter((r) => r.anyMs !== null);
  return {
    any_shown_share: keys.length ? any.length / keys.length : null,
    correct_share_of_shown: any.length ? any.filter((r) => r.shownMs !== null).length / any.length : null,
    ...percentileFigure('keystroke_to_ghost_ms_p50', any.map((r) => r.anyMs), 50, { digits: 1 }),
  };
}

/** The fresh-position figures of one window, named with `suffix` (`_ws`, `_infill`, `_http`, `_provider`). */
export function freshFigures(records, suffix) {
  const firsts = firstGhost(records);
  return {
    ...percentileFigure(`first_ghost_key_p50${suffix}`, firsts.map((f) => f.key), 50, { digits: 0 }),
    ...percentileFigure(`first_ghost_ms_p50${suffix}`, firsts.map((f) => f.ms), 50, { digits: 1 }),
    ...percentileFigure(`first_ghost_ms_p90${suffix}`, firsts.map((f) => f.ms), 90, { digits: 1 }),
    [`fresh_positions${suffix}`]: firsts.length,
  };
}

/**
 * Ghost-text requests of window `tag` that asked for what Flint already held, from the relay's
 * log: `repeated`, a second request for a document state asked before; `redundant`, one sent
 * while an earlier answer, kept (completed before it was sent) or still streaming, covered the
 * state (same text after the cursor, the text typed since its state is how its answer begins,
 * and the answer has more after it). An answer's text is what the relay saw end, else what the
 * perfect model answers (`replyAt(prefix)`, for one cancelled while it streamed).
 */
export function wastedRequests(relay, tag, replyAt = () => undefined) {
  const ends = new Map(relay.filter((e) => e.kind === 'end').map((e) => [e.id, e]));
  const asked = relay.filter((e) => e.kind === 'request' && e.tag === tag && e.surface === 'completion' && e.state);
  const seen = new Set();
  let repeated = 0;
  let redundant = 0;
  for (const [i, r] of asked.entries()) {
    const key = `${r.state.prefix}\u0000${r.state.suffix}`;
    if (seen.has(key)) {
      repeated++;
      continue;
    }
    seen.add(key);
    if (asked.slice(0, i).some((earlier) => covers(earlier, ends.get(earlier.id), r, replyAt))) redundant++;
  }
  return { requests: asked.length, repeated, redundant };
}

/** Whether `earlier`'s answer (ended as `end`, if it did) was held when `r` was sent and covers its state. */
function covers(earlier, end, r, replyAt) {
  const held = !end || end.t > r.t || end.status === 'completed';
  if (!held || earlier.state.suffix !== r.state.suffix || !r.state.prefix.startsWith(earlier.state.prefix)) return false;
  const text = end?.status === 'completed' ? (end.text ?? '') : (replyAt(earlier.state.prefix) ?? '');
  const typed = r.state.prefix.slice(earlier.state.prefix.length);
  return text.startsWith(typed) && text.slice(typed.length).trim() !== '';
}

/** A key's place in the run, the same in every window: its segment or fresh position, and its number there. */
const keyOf = (r) => `${r.part}:${r.part === 'segment' ? r.segment : r.position}:${r.key}`;

/**
 * Keys after which ghost text showed an earlier state's answer, split in two. The editor itself
 * shows one after some keys before it asks any provider: typing a closer through ghost text that
 * goes on after it (`}` of `}, true);`), it drops the suggestion, and for 10–20 ms its page holds
 * the first line as it was, the following lines already gone (a state seen between its DOM
 * updates; the painted frames go blank). The instant in-process provider (`reference`, the same
 * keys typed in the same run) shows it too, so no provider can avoid it. `stale_keystrokes`
 * counts the stale keys the reference does not share (the same key, the same stale text): a
 * late answer or an untrimmed one of the provider's own; `stale_keystrokes_editor` those it
 * shares; `stale_keystrokes_painted` the keys whose stale text was in a painted frame. Without a
 * reference window every stale key counts.
 */
export function staleFigures(keys, reference) {
  const stale = keys.filter((r) => r.stale);
  const shared = new Map((reference ?? []).filter((r) => r.stale).map((r) => [keyOf(r), norm(r.staleText ?? '')]));
  const editor = stale.filter((r) => shared.get(keyOf(r)) === norm(r.staleText ?? ''));
  const own = stale.filter((r) => !editor.includes(r));
  const trace = (r) => ({ part: r.part, before: r.before, stale: r.staleText });
  return {
    stale_keystrokes: own.length,
    stale_keystrokes_editor: reference ? editor.length : null,
    stale_keystrokes_painted: stale.filter((r) => r.stalePainted).length,
    stale_traces: own.slice(0, 10).map(trace),
    stale_editor_traces: editor.slice(0, 10).map(trace),
  };
}
