// The typing run of the real-editor bench: real source files typed character by character at
// 80–120 ms into the real editor (auto-indent and auto-closing off, so the document is exactly
// the file), against the scripted endpoint answering as a perfect model would: at every
// position, the rest of the line and the following lines of the block. Per keystroke the page
// notes when correct ghost text (a prefix of the file's true continuation) showed, whether it
// showed more than one line, and painted frames without ghost text after an Enter the
// suggestion agreed with.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Regions typed: real files of this repository, a few lines each (Python, TypeScript, JS). */
export const TYPING_SOURCES = [
  { path: 'test/e2e/workspace/src/inventory.py', fromLine: 9, lines: 4 },
  { path: 'src/completions/cursorLine.ts', fromLine: 17, lines: 5 },
  { path: 'bench/e2eProbe.mjs', fromLine: 12, lines: 4 },
];

const TAIL = 80;
const BLOCK_LINES = 5;
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const indentOf = (line) => /^[ \t]*/.exec(line)[0].length;

/** The segments to type: the file before the region (the document) and the region's text. */
export function typingSegments() {
  return TYPING_SOURCES.map((s) => {
    const text = readFileSync(join(root, s.path), 'utf8').replace(/\r\n/g, '\n');
    const lines = text.split('\n');
    const before = lines.slice(0, s.fromLine).join('\n') + '\n';
    const typed = lines.slice(s.fromLine, s.fromLine + s.lines).join('\n') + '\n';
    return { name: s.path.split('/').pop(), before, typed, after: text.slice(before.length) };
  });
}

/** What a perfect model answers at `pos` of `text`: the rest of the line, then the block's next lines. */
export function truthAt(text, pos) {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  const lineEnd = text.indexOf('\n', pos);
  const rest = text.slice(pos, lineEnd < 0 ? undefined : lineEnd);
  if (lineEnd < 0) return rest;
  const indent = indentOf(text.slice(lineStart, lineEnd));
  const out = [rest];
  let start = lineEnd + 1;
  for (let n = 0; n < BLOCK_LINES && start < text.length; n++) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? undefined : end);
    if (line.trim() === '') break;
    if (indentOf(line) < indent) {
      if (/^\s*[}\])]/.test(line)) out.push(line);
      break;
    }
    out.push(line);
    if (end < 0) break;
    start = end + 1;
  }
  return out.join('\n');
}

/**
 * Scripted-endpoint rules answering the truth at every typed position, for every completions
 * mode: matched on the text before the cursor (chat prompts with a cursor marker, /infill's
 * prefix, a rendered fill-in-the-middle template).
 */
export function oracleRules(segments) {
  const rules = [];
  for (const seg of segments) {
    const text = seg.before + seg.after;
    for (let k = 0; k <= seg.typed.length; k++) {
      const pos = seg.before.length + k;
      const tail = text.slice(Math.max(0, pos - TAIL), pos);
      rules.push({ match: { prefix: { regex: `${esc(tail)}(?:$|<\\|fim_suffix\\|>)` } }, reply: truthAt(text, pos) });
    }
  }
  return rules;
}

/** Page side: one record per keydown, updated on every DOM mutation and every frame. */
function installTypingProbe() {
  if (window.__typing) return;
  const sel = '.monaco-editor .ghost-text-decoration, .monaco-editor .ghost-text-decoration-preview, .monaco-editor .ghost-text';
  // The first line's spans sit in the editor's line, each following line's in a line of its own.
  const read = () => {
    const lines = new Map();
    for (const n of document.querySelectorAll(sel)) {
      const first = !n.classList.contains('ghost-text');
      const key = first ? 'first' : n.parentElement;
      if (!lines.has(key)) lines.set(key, []);
      lines.get(key).push(n.textContent);
    }
    const first = lines.get('first') ?? [];
    lines.delete('first');
    return [first.join(''), ...[...lines.values()].map((l) => l.join(''))].join('\n').replace(/\u00a0/g, ' ');
  };
  const norm = (s) => s.replace(/\s+/g, '');
  const t = { records: [], cur: undefined, pending: undefined, read };
  window.addEventListener('keydown', () => {
    if (!t.pending) return;
    t.cur = { at: performance.now(), before: read().slice(0, 60), ...t.pending, shownMs: null, multi: false, frameStarts: 0, blankFrameStarts: 0, frames: 0, blankFrames: 0, trace: [] };
    t.records.push(t.cur);
    t.pending = undefined;
  }, true);
  const look = () => {
    const c = t.cur;
    if (!c) return '';
    const g = read();
    // After an agreeing Enter: every change of the shown text (what went blank, and when).
    if (c.agreeingEnter && c.trace.at(-1)?.text !== g) c.trace.push({ ms: Math.round(performance.now() - c.at), text: g.slice(0, 60) });
    if (g.trim() !== '' && norm(c.truth).startsWith(norm(g))) {
      if (c.shownMs === null) c.shownMs = performance.now() - c.at;
      if (g.trim().includes('\n')) c.multi = true;
    }
    return g;
  };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
  // Frames as painted. The animation-frame callback below runs first in its frame (it was
  // requested in the one before), ahead of the editor's own render callback: it sees the page
  // with the edits made since the last frame but not yet rendered (Enter removes the view zone
  // of a suggestion's following lines at once, and the line it leaves is drawn by that render
  // callback). A ResizeObserver's callback runs after every animation-frame callback and after
  // layout, right before paint: what it sees is what the frame shows.
  const tick = document.createElement('div');
  tick.style.cssText = 'position:fixed;left:-10px;top:0;width:1px;height:1px;visibility:hidden;pointer-events:none';
  document.body.appendChild(tick);
  let odd = false;
  new ResizeObserver(() => {
    if (!t.cur) return;
    t.cur.frames++;
    if (look().trim() === '') t.cur.blankFrames++;
  }).observe(tick);
  const frame = () => {
    if (t.cur) {
      t.cur.frameStarts++;
      if (look().trim() === '') t.cur.blankFrameStarts++;
    }
    odd = !odd;
    tick.style.width = odd ? '2px' : '1px';
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.__typing = t;
}

/** A seeded generator, so every run types with the same rhythm. */
function rhythm(seed) {
  let x = seed >>> 0;
  return () => {
    x = (x * 1664525 + 1013904223) >>> 0;
    return 80 + (x / 2 ** 32) * 40;
  };
}

/**
 * Types every segment into a fresh file of the window's workspace (its first line `header`
 * keeps the text apart from earlier runs, so no cache serves it). Returns the keystroke records.
 */
export async function typingRun(wb, page, workspace, segments, { header, seed = 1 } = {}) {
  const delay = rhythm(seed);
  const records = [];
  for (const [i, seg] of segments.entries()) {
    const file = `typing/${header.replace(/\W+/g, '_')}_${i}_${seg.name}`;
    writeFileSync(join(workspace, file), `${commentFor(seg.name)} ${header}\n${seg.before}`);
    await wb.openFile(file, { timeoutMs: 60_000 });
    await page.evaluate(installTypingProbe);
    await wb.gotoEnd();
    await page.waitForTimeout(300);
    const text = seg.before + seg.after;
    for (let k = 0; k < seg.typed.length; k++) {
      const pos = seg.before.length + k;
      const ch = seg.typed[k];
      const truthAfter = text.slice(pos + 1, pos + 400);
      // An Enter the suggestion agreed with: the ghost text shown names the next line.
      let agreeingEnter = false;
      if (ch === '\n') {
        const shown = await page.evaluate(() => window.__typing.read());
        agreeingEnter = shown.trim() !== '' && text.slice(pos, pos + 400).replace(/\s+/g, '').startsWith(shown.replace(/\s+/g, ''));
      }
      const multiLineTruth = truthAt(text, pos + 1).trim().includes('\n');
      await page.evaluate((p) => { window.__typing.pending = p; }, { truth: truthAfter, agreeingEnter, multiLineTruth });
      const t0 = Date.now();
      if (ch === '\n') await page.keyboard.press('Enter');
      else await page.keyboard.type(ch);
      const wait = delay() - (Date.now() - t0);
      if (wait > 0) await page.waitForTimeout(wait);
    }
    await page.waitForTimeout(200);
    const segRecords = await page.evaluate(() => { const r = window.__typing.records; window.__typing.records = []; window.__typing.cur = undefined; return r; });
    records.push(...segRecords);
    await wb.press('Escape');
  }
  return records;
}

function commentFor(name) {
  return name.endsWith('.py') ? '#' : '//';
}

const sum = (records, key) => records.reduce((n, r) => n + r[key], 0);

/** The figures of one typing run. */
export function typingFigures(records, median) {
  const shown = records.filter((r) => r.shownMs !== null);
  const multi = shown.filter((r) => r.multiLineTruth);
  const enters = records.filter((r) => r.agreeingEnter);
  // Keys pressed with no ghost text on screen: the suggestion had to come afresh, as for an
  // isolated keystroke (most others are typed through a suggestion already shown).
  const fresh = records.filter((r) => r.before.trim() === '');
  const freshShown = fresh.filter((r) => r.shownMs !== null);
  return {
    keystrokes: records.length,
    shown_share: records.length ? shown.length / records.length : null,
    shown_ms_p50: median(shown.map((r) => r.shownMs)),
    fresh_keystrokes: fresh.length,
    fresh_shown_share: fresh.length ? freshShown.length / fresh.length : null,
    fresh_shown_ms_p50: median(freshShown.map((r) => r.shownMs)),
    following_lines_shown_share: multi.length ? multi.filter((r) => r.multi).length / multi.length : null,
    multi_line_suggestions: multi.length,
    agreeing_enters: enters.length,
    // Painted frames without ghost text until the next key, and all painted frames counted.
    enter_blank_frames: sum(enters, 'blankFrames'),
    enter_frames: sum(enters, 'frames'),
    // The same seen at each frame's start, before the editor rendered the Enter.
    enter_blank_frame_starts: sum(enters, 'blankFrameStarts'),
    // Every keystroke: painted frames without ghost text (shows the painted count sees blanks).
    blank_frames_all_keys: sum(records, 'blankFrames'),
    frames_all_keys: sum(records, 'frames'),
    enter_blank_traces: enters.filter((r) => r.blankFrames > 0).map((r) => ({ before: r.before, trace: r.trace })),
  };
}
