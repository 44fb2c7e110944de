// The typing run of the real-editor bench: real source files typed character by character at
// 80–120 ms into the real editor (auto-indent and auto-closing off, so the document is exactly
// the file), against the scripted endpoint answering as a perfect model would. Two parts:
// - segments: a few lines typed at the end of a file (the rest of the line, then the following
//   lines of the block, are what the model answers), with line breaks;
// - fresh positions (bench/e2eFresh.mjs): emptied lines of real files, each reached with Go to
//   Line, a pause, then its first keys.
// Per keystroke (and per arrival at a fresh position) the page notes when correct ghost text (a
// prefix of the file's true continuation) showed and what it showed, whether it was already
// there at the keydown, whether it showed more than one line, whether it showed a stale text (the
// answer for the state before one of the last keys, as the keys left it untrimmed), and painted
// frames without ghost text after an Enter the suggestion agreed with.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { freshDocument, seeded } from './e2eFresh.mjs';

const require = createRequire(import.meta.url);
const { restWithBlock } = require('./e2eOracle.cjs');
const root = resolve(import.meta.dirname, '..');

/** Regions typed at the end of a file: real files of this repository, a few lines each. */
export const TYPING_SOURCES = [
  { path: 'test/e2e/workspace/src/inventory.py', fromLine: 9, lines: 4 },
  { path: 'src/completions/cursorLine.ts', fromLine: 17, lines: 5 },
  { path: 'bench/e2eProbe.mjs', fromLine: 12, lines: 4 },
];

const TAIL = 80;
/** Keys back a stale ghost text is looked for: the answer for the state before any of them. */
const RECENT_KEYS = 8;
/** The file's true text after the cursor a ghost text is checked against: longer than any suggestion. */
const TRUTH_CHARS = 2000;
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const commentFor = (name) => (name.endsWith('.py') ? '#' : '//');

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

/** What a perfect model answers at `pos` of `text` typed at the end: the rest of the line, then the block's next lines. */
export function truthAt(text, pos) {
  const line = text.slice(0, pos).split('\n').length - 1;
  const col = pos - (text.lastIndexOf('\n', pos - 1) + 1);
  return restWithBlock(text.split('\n'), line, col);
}

/**
 * Every state the segments pass through: [the TAIL characters before the cursor, the perfect
 * answer]; with `beyond`, every state after them to the file's end too (what Flint asks for
 * after a suggestion it shows, before the typist gets there).
 */
export function segmentStates(segments, beyond = false) {
  const states = [];
  for (const seg of segments) {
    const text = seg.before + seg.after;
    const end = beyond ? seg.after.length : seg.typed.length;
    for (let k = 0; k <= end; k++) {
      const pos = seg.before.length + k;
      states.push([text.slice(Math.max(0, pos - TAIL), pos), truthAt(text, pos)]);
    }
  }
  return states;
}

/**
 * Regex rules for the same states, for the fill-in-the-middle mode that renders a template into
 * the prompt (the cursor is then followed by the template's suffix marker, not the end).
 */
export function segmentRules(segments) {
  return segmentStates(segments).map(([tail, reply]) => ({ match: { prefix: { regex: `${esc(tail)}(?:$|<\\|fim_suffix\\|>)` } }, reply }));
}

/** Page side: one record per keydown (and per arrival at a position), updated on every DOM mutation and every frame. */
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
  const correct = (g, truth) => g.trim() !== '' && norm(truth).startsWith(norm(g));
  const t = { records: [], cur: undefined, pending: undefined, read };
  // The frame loop below forces a layout every frame: it runs only while this window is typed
  // in (every window of the run would otherwise load the machine all the time).
  const IDLE_MS = 2000;
  let lastKey = 0;
  let looping = false;
  window.addEventListener('keydown', () => {
    lastKey = performance.now();
    if (!looping) {
      looping = true;
      requestAnimationFrame(frame);
    }
    if (!t.pending) return;
    const g = read();
    const at = performance.now();
    const p = t.pending;
    t.cur = { at, epoch: performance.timeOrigin + at, before: g.slice(0, 60), atKeydown: g, correctBefore: p.truthHere !== undefined && correct(g, p.truthHere), ...p, truthHere: undefined, shownMs: null, shownText: null, anyMs: null, anyText: null, multi: false, stale: false, staleText: null, frameStarts: 0, blankFrameStarts: 0, frames: 0, blankFrames: 0, trace: [], paintedTrace: [], stalePainted: false };
    t.records.push(t.cur);
    t.pending = undefined;
  }, true);
  const look = (painted = false) => {
    const c = t.cur;
    if (!c) return '';
    const g = read();
    // The same for painted frames only (the ResizeObserver's look, right before paint).
    if (painted && c.paintedTrace.length < 12 && c.paintedTrace.at(-1)?.text !== g.slice(0, 60)) c.paintedTrace.push({ ms: Math.round(performance.now() - c.at), text: g.slice(0, 60) });
    // Every change of the shown text (what went blank or lost lines, and when), the first few.
    if (c.trace.length < 12 && c.trace.at(-1)?.text !== g.slice(0, 60)) c.trace.push({ ms: Math.round(performance.now() - c.at), text: g.slice(0, 60) });
    // Any ghost text at all, right or wrong (a real model's guesses).
    if (c.anyMs === null && g.trim() !== '' && g.slice(0, 60) !== c.before) {
      c.anyMs = performance.now() - c.at;
      c.anyText = g.slice(0, 200);
    }
    // Once the editor drew the key (the ghost text changed from what the keydown saw): text that
    // is not this state's but one of the last few states' answer, reaching past the keys typed
    // since (a lone closer could be either), is stale.
    if (c.atKeydown !== undefined && g !== c.atKeydown) c.atKeydown = undefined;
    if (c.atKeydown === undefined && (!c.stale || (painted && !c.stalePainted)) && c.recent && g.trim() !== '' && !correct(g, c.truth)) {
      for (let j = 1; j <= c.recent.length; j++) {
        const since = c.recent.slice(-j);
        if (norm(g).length <= norm(since).length || !correct(g, since + c.truth)) continue;
        if (!c.stale) c.staleText = g.slice(0, 60);
        c.stale = true;
        // Seen in a painted frame (the ResizeObserver's look), not only between the editor's DOM updates.
        if (painted) c.stalePainted = true;
        break;
      }
    }
    if (correct(g, c.truth)) {
      if (c.shownMs === null) {
        c.shownMs = performance.now() - c.at;
        c.shownText = g.slice(0, 200);
      }
      if (g.trim().includes('\n')) c.multi = true;
    }
    return g;
  };
  new MutationObserver(() => look()).observe(document.body, { childList: true, subtree: true, characterData: true });
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
    if (look(true).trim() === '') t.cur.blankFrames++;
  }).observe(tick);
  function frame() {
    if (performance.now() - lastKey > IDLE_MS) {
      looping = false;
      return;
    }
    if (t.cur) {
      t.cur.frameStarts++;
      if (look().trim() === '') t.cur.blankFrameStarts++;
    }
    odd = !odd;
    tick.style.width = odd ? '2px' : '1px';
    requestAnimationFrame(frame);
  }
  window.__typing = t;
}

/** A typist's rhythm: 80–120 ms between keys, the same in every run. */
export function rhythm(seed) {
  const rand = seeded(seed);
  return () => 80 + rand() * 40;
}

/** One keystroke with its record's expectations; waits out the typist's gap. */
async function press(page, ch, pending, gapMs) {
  await page.evaluate((p) => { window.__typing.pending = p; }, pending);
  const t0 = Date.now();
  if (ch === '\n') await page.keyboard.press('Enter');
  else await page.keyboard.type(ch);
  const wait = gapMs - (Date.now() - t0);
  if (wait > 0) await page.waitForTimeout(wait);
}

/** Takes the page's records so far (and stops recording). */
export async function takeRecords(page) {
  return page.evaluate(() => {
    const r = window.__typing.records;
    window.__typing.records = [];
    window.__typing.cur = undefined;
    return r;
  });
}

/** Writes `text` as a fresh file of the window's workspace (and its true text beside it) and opens it. */
async function openTypingFile(win, file, text, truth) {
  writeFileSync(join(win.workspace, `${file}.truth`), truth);
  writeFileSync(join(win.workspace, file), text);
  await win.wb.openFile(file, { timeoutMs: 60_000 });
  await win.page.evaluate(installTypingProbe);
}

/**
 * Types segment `seg` at the end of a fresh file (its first line `header` keeps the text apart
 * from earlier runs, so no cache serves it). Returns the keystroke records.
 */
export async function typeSegment(win, seg, { header, index, gap }) {
  const { page, wb } = win;
  const file = `typing/${header.replace(/\W+/g, '_')}_${index}_${seg.name}`;
  const head = `${commentFor(seg.name)} ${header}\n`;
  await openTypingFile(win, file, head + seg.before, head + seg.before + seg.after);
  await wb.gotoEnd();
  await page.waitForTimeout(300);
  const text = seg.before + seg.after;
  for (let k = 0; k < seg.typed.length; k++) {
    const pos = seg.before.length + k;
    const ch = seg.typed[k];
    // An Enter the suggestion agreed with: the ghost text shown names the next line.
    let agreeingEnter = false;
    if (ch === '\n') {
      const shown = await page.evaluate(() => window.__typing.read());
      agreeingEnter = shown.trim() !== '' && text.slice(pos, pos + TRUTH_CHARS).replace(/\s+/g, '').startsWith(shown.replace(/\s+/g, ''));
    }
    const multiLineTruth = truthAt(text, pos + 1).trim().includes('\n');
    const recent = text.slice(Math.max(seg.before.length, pos + 1 - RECENT_KEYS), pos + 1);
    await press(page, ch, { kind: 'key', part: 'segment', segment: index, key: k + 1, truth: text.slice(pos + 1, pos + TRUTH_CHARS), truthHere: text.slice(pos, pos + TRUTH_CHARS), recent, agreeingEnter, multiLineTruth }, gap());
  }
  await page.waitForTimeout(200);
  const records = await takeRecords(page);
  await wb.press('Escape');
  return records;
}

/** Opens `file`'s document (emptied lines) in a window under `header`. */
export async function openFreshFile(win, file, { header, index }) {
  const { trueLines, docLines } = freshDocument(file, header);
  const name = `typing/${header.replace(/\W+/g, '_')}_${index}_${file.name}`;
  await openTypingFile(win, name, docLines.join('\n'), trueLines.join('\n'));
  return { trueText: trueLines.join('\n'), trueLines };
}

/**
 * Goes to fresh position `p` (Go to Line), pauses `pauseMs` as a person does before typing, then
 * types its keys. The arrival is a record of its own (kind `arrive`), then one per key.
 */
export async function typeFreshPosition(win, opened, p, { position, pauseMs, gap }) {
  const { page } = win;
  const offset = opened.trueLines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.col;
  const truthFrom = (k) => opened.trueText.slice(offset + k, offset + k + TRUTH_CHARS);
  await page.keyboard.press('Control+G');
  await page.locator('.quick-input-widget input').waitFor({ timeout: 10_000 });
  await page.keyboard.type(`${p.line + 1}:${p.col + 1}`);
  await page.evaluate((r) => { window.__typing.pending = r; }, { kind: 'arrive', part: 'fresh', position, truth: truthFrom(0) });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(pauseMs);
  for (const [k, ch] of [...p.keys].entries()) {
    const recent = opened.trueText.slice(Math.max(offset, offset + k + 1 - RECENT_KEYS), offset + k + 1);
    await press(page, ch, { kind: 'key', part: 'fresh', position, key: k + 1, truth: truthFrom(k + 1), truthHere: truthFrom(k), recent, multiLineTruth: false }, gap());
  }
}
