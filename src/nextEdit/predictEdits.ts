import { myersDiff, type DiffRun } from '../rewrite/myersDiff';
import type { EditWindow } from './editWindow';
import type { PredictedEdit, TextPosition } from './predictedEdit';

export type PredictionResult =
  | { ok: true; edits: PredictedEdit[] }
  /** The reply does not line up with the window: never applied, the reason is logged. */
  | { ok: false; reason: string };

/** Changed lines a reply may contain before it counts as a rewrite, not a next edit. */
const MAX_CHANGED_LINES = 40;

/**
 * The edits that turn the window into the model's prediction of it, checked first: a reply
 * that rewrites most of the window, repeats the lines around it, or stops short of its end is
 * refused whole. Edits are minimal (a word, not the line) and in document order.
 */
export function predictEdits(window: EditWindow, reply: readonly string[]): PredictionResult {
  const a = window.lines;
  const predicted = withWindowEnding(a, reply);
  // Trailing whitespace is not an edit: models drop it from the lines they repeat, and a hint
  // to delete it on every pause would be noise.
  const runs = myersDiff(a.map(trimEnd), predicted.map(trimEnd));
  const { kept, changed, lined } = lineUp(a, predicted, runs);
  if (changed === 0) return { ok: true, edits: [] };
  if (a.length >= 4 && lined * 2 < a.length) return { ok: false, reason: `keeps only ${kept} of the window's ${a.length} lines (${lined - kept} more changed in place)` };
  if (changed > MAX_CHANGED_LINES) return { ok: false, reason: `changes ${changed} lines, more than one edit` };
  const strays = strayLines(window, predicted, runs);
  if (strays) return { ok: false, reason: strays };
  return { ok: true, edits: editsOf(window, predicted, runs) };
}

/** A final line break is the model's habit, not an edit: the reply ends as the window does. */
function withWindowEnding(a: readonly string[], reply: readonly string[]): readonly string[] {
  const endsEmpty = (l: readonly string[]) => l.length > 1 && l[l.length - 1] === '';
  // The window ends the document with a line break: a reply repeating it with one more is the same.
  const oneMore = endsEmpty(a) && reply.length === a.length + 1 && endsEmpty(reply) && reply[reply.length - 2] === '';
  if ((endsEmpty(reply) && !endsEmpty(a)) || oneMore) return reply.slice(0, -1);
  if (!endsEmpty(reply) && endsEmpty(a)) return [...reply, ''];
  return reply;
}

/**
 * How well the reply lines up with the window: lines kept, lines changed (a replaced line counts
 * once: per run of changes, the larger of its removed and added lines), and lines lined up
 * (kept, or changed in place: a rename, an added argument).
 */
function lineUp(a: readonly string[], predicted: readonly string[], runs: readonly DiffRun[]): { kept: number; changed: number; lined: number } {
  let kept = 0;
  let changed = 0;
  let removed = 0;
  let added = 0;
  let lined = 0;
  let runStart: DiffRun | undefined;
  for (const r of [...runs, { kind: 'equal' as const, aStart: a.length, bStart: predicted.length, length: 0 }]) {
    if (r.kind === 'delete') removed += r.length;
    else if (r.kind === 'insert') added += r.length;
    if (r.kind !== 'equal') {
      runStart ??= r;
      continue;
    }
    kept += r.length;
    lined += r.length;
    changed += Math.max(removed, added);
    if (runStart && removed === added) {
      for (let k = 0; k < removed; k++) if (similar(a[runStart.aStart + k], predicted[runStart.bStart + k])) lined++;
    }
    removed = added = 0;
    runStart = undefined;
  }
  return { kept, changed, lined };
}

/** Why the reply's first or last change is not an edit of the window (it repeats what is around it, or stops short). */
function strayLines(window: EditWindow, predicted: readonly string[], runs: readonly DiffRun[]): string | undefined {
  const first = runs[0];
  const last = runs[runs.length - 1];
  if (first.kind === 'insert' && window.above.length > 0 && endsWith(window.above, predicted.slice(0, first.length))) return 'repeats the lines above the window';
  if (last.kind === 'insert' && window.below.length > 0 && startsWith(window.below, predicted.slice(last.bStart))) return 'repeats the lines below the window';
  if (last.kind === 'delete' && last.length >= 3 && runs.length > 1) return `stops ${last.length} lines before the end of the window`;
  return undefined;
}

/** The minimal edits, in document order, that turn the window into `predicted`. */
function editsOf(window: EditWindow, predicted: readonly string[], runs: readonly DiffRun[]): PredictedEdit[] {
  const a = window.lines;
  const text = `${a.join('\n')}\n`;
  const lineStarts: number[] = [];
  for (let i = 0, o = 0; i < a.length; o += a[i].length + 1, i++) lineStarts.push(o);
  const offsetOfLine = (i: number) => (i < a.length ? lineStarts[i] : text.length);
  const edits: PredictedEdit[] = [];
  for (let i = 0; i < runs.length; ) {
    if (runs[i].kind === 'equal') {
      i++;
      continue;
    }
    const aStart = runs[i].aStart;
    const bStart = runs[i].bStart;
    let aEnd = aStart;
    let bEnd = bStart;
    for (; i < runs.length && runs[i].kind !== 'equal'; i++) {
      if (runs[i].kind === 'delete') aEnd = runs[i].aStart + runs[i].length;
      else bEnd = runs[i].bStart + runs[i].length;
    }
    // Line for line: each changed line is its own edit, offered one after the other.
    if (aEnd - aStart === bEnd - bStart) {
      for (let k = 0; k < aEnd - aStart; k++) {
        const from = offsetOfLine(aStart + k);
        if (trimEnd(a[aStart + k]) !== trimEnd(predicted[bStart + k])) edits.push(lineEdit(from, a[aStart + k], predicted[bStart + k], window.startLine, lineStarts));
      }
      continue;
    }
    let from = offsetOfLine(aStart);
    let to = offsetOfLine(aEnd);
    let oldText = text.slice(from, to);
    let newText = predicted.slice(bStart, bEnd).map((l) => `${l}\n`).join('');
    // Past the window's last line break: move the edit before it, so it also works at the end of the file.
    if (to === text.length && from > 0) {
      from--;
      to--;
      oldText = text.slice(from, to);
      newText = newText === '' ? '' : `\n${newText.slice(0, -1)}`;
    }
    edits.push(minimal(from, oldText, newText, window.startLine, lineStarts));
  }
  return edits;
}

/**
 * One changed line's edit. A reply that dropped the line's trailing whitespace is read both as
 * it is and with the whitespace kept, and the smaller edit wins: a rename stays the word, and
 * text typed after a space at the cursor stays an insertion there.
 */
function lineEdit(from: number, before: string, after: string, startLine: number, lineStarts: number[]): PredictedEdit {
  const edit = minimal(from, before, after, startLine, lineStarts);
  const trailing = before.slice(trimEnd(before).length);
  if (trailing === '' || after !== trimEnd(after)) return edit;
  const kept = minimal(from, before, after + trailing, startLine, lineStarts);
  const size = (e: PredictedEdit) => e.oldText.length + e.newText.length;
  return size(kept) < size(edit) ? kept : edit;
}

/** The edit trimmed to what differs, then widened to whole words so it reads well and types through. */
function minimal(from: number, oldText: string, newText: string, startLine: number, lineStarts: number[]): PredictedEdit {
  let p = 0;
  while (p < oldText.length && p < newText.length && oldText[p] === newText[p]) p++;
  let s = 0;
  while (s < oldText.length - p && s < newText.length - p && oldText[oldText.length - 1 - s] === newText[newText.length - 1 - s]) s++;
  // A pure insertion stays one (at the cursor it is ghost text); a replacement grows to whole words.
  const widen = oldText.length - s - p > 0;
  while (widen && p > 0 && isWord(oldText[p - 1]) && (isWord(oldText[p] ?? '') || isWord(newText[p] ?? ''))) p--;
  while (widen && s > 0 && isWord(oldText[oldText.length - s]) && (isWord(oldText[oldText.length - 1 - s] ?? '') || isWord(newText[newText.length - 1 - s] ?? ''))) s--;
  const start = from + p;
  const old = oldText.slice(p, oldText.length - s);
  return {
    start: position(start, startLine, lineStarts),
    end: position(start + old.length, startLine, lineStarts),
    oldText: old,
    newText: newText.slice(p, newText.length - s),
  };
}

function position(offset: number, startLine: number, lineStarts: number[]): TextPosition {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: startLine + lo, character: offset - lineStarts[lo] };
}

/** A line changed in place: what both versions share at the start and end is at least half of the old one. */
function similar(before: string, after: string): boolean {
  let p = 0;
  while (p < before.length && p < after.length && before[p] === after[p]) p++;
  let s = 0;
  while (s < before.length - p && s < after.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  return before.trim() !== '' && (p + s) * 2 >= before.length;
}

function trimEnd(line: string): string {
  return line.trimEnd();
}

function isWord(c: string): boolean {
  return c !== '' && /[\p{L}\p{N}_$]/u.test(c);
}

function endsWith(lines: readonly string[], tail: readonly string[]): boolean {
  return tail.length > 0 && tail.length <= lines.length && tail.every((l, i) => l === lines[lines.length - tail.length + i]);
}

function startsWith(lines: readonly string[], head: readonly string[]): boolean {
  return head.length > 0 && head.length <= lines.length && head.every((l, i) => l === lines[i]);
}
