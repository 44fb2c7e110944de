// Fresh positions for the typing run: real files of this repository with some lines emptied
// (their indentation kept), which the typist fills one after the other: go to the line (Go to
// Line), a short pause as a person takes before typing, then the line's first keys. Every
// position starts with no suggestion that could serve it, as when a programmer moves to a new
// place. The scripted endpoint answers each state as a perfect model would (the rest of the line:
// the next line is already there); the in-process provider reads the same true text beside the
// file.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { perfectAnswer } = require('./e2eOracle.cjs');
const root = resolve(import.meta.dirname, '..');

/** Files whose lines are emptied and typed again (TypeScript, JavaScript, Python). */
export const FRESH_SOURCES = [
  'src/completions/completionCache.ts',
  'src/transport/http/nodeFetch.ts',
  'src/nextEdit/editWindow.ts',
  'bench/e2eProbe.mjs',
  'src/server/engine/scriptReply.ts',
  'test/fixtures/completions/typist/scheduler.py',
];
/** Keys typed at each position (fewer when the line is shorter). */
export const KEYS_PER_POSITION = 6;
/** Positions wanted across the files (each file gives what it has). */
export const MIN_POSITIONS = 100;
/** Characters before the cursor that key the scripted endpoint's reply. */
export const TAIL_CHARS = 80;
/** Lines between two emptied ones (the line after an emptied one is always there). */
const SPACING = 3;

const commentFor = (path) => (path.endsWith('.py') ? '#' : '//');
const indentOf = (line) => /^[ \t]*/.exec(line)[0].length;
const isCode = (line) => {
  const t = line.trim();
  return t.length >= 12 && !/^(\/\/|\/\*|\*|#|import |from |export \{)/.test(t);
};

/**
 * The files with their positions: `lines` is the true text with a header line first (the
 * header is written per window and run), `positions` the emptied lines in order, each with the
 * keys to type there.
 */
export function freshFiles() {
  return FRESH_SOURCES.map((path) => {
    const lines = readFileSync(join(root, path), 'utf8').replace(/\r\n/g, '\n').split('\n');
    const positions = [];
    let last = -SPACING;
    for (let i = 3; i < lines.length - 1; i++) {
      if (i - last < SPACING || !isCode(lines[i]) || lines[i + 1].trim() === '') continue;
      const col = indentOf(lines[i]);
      positions.push({ line: i + 1, col, keys: lines[i].slice(col, col + KEYS_PER_POSITION) });
      last = i;
    }
    return { path, name: path.split('/').pop(), comment: commentFor(path), body: lines, positions };
  });
}

/** The true lines of `file` under `header`, and the document to open: emptied lines keep their indentation. */
export function freshDocument(file, header) {
  const trueLines = [`${file.comment} ${header}`, ...file.body];
  const docLines = [...trueLines];
  for (const p of file.positions) docLines[p.line] = docLines[p.line].slice(0, p.col);
  return { trueLines, docLines };
}

/**
 * Adds to `replies` the scripted endpoint's answer for every state the typist passes through in
 * `file`, keyed by the TAIL_CHARS characters before the cursor (never reaching the header, which
 * differs per window). Positions whose key would collide with another state's different answer
 * are left out of `file.positions`; returns how many.
 */
export function freshTails(file, replies) {
  const { trueLines, docLines } = freshDocument(file, 'header');
  const kept = [];
  let dropped = 0;
  for (const p of file.positions) {
    if (docLines.slice(1, p.line).join('\n').length + 1 + p.col < TAIL_CHARS) {
      dropped++;
      continue;
    }
    const states = [];
    for (let k = 0; k <= p.keys.length; k++) {
      docLines[p.line] = trueLines[p.line].slice(0, p.col + k);
      const before = docLines.slice(0, p.line).join('\n') + '\n' + docLines[p.line];
      const doc = { count: docLines.length, at: (i) => docLines[i] };
      states.push([before.slice(-TAIL_CHARS), perfectAnswer(trueLines, doc, p.line, p.col + k)]);
    }
    if (states.some(([key, answer]) => answer === undefined || (key in replies && replies[key] !== answer))) {
      dropped++;
      docLines[p.line] = trueLines[p.line].slice(0, p.col);
      continue;
    }
    for (const [key, answer] of states) replies[key] = answer;
    kept.push(p);
  }
  file.positions = kept;
  return dropped;
}

/** A seeded generator of numbers in [0, 1). */
export function seeded(seed) {
  let x = seed >>> 0;
  return () => {
    x = (x * 1664525 + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}
