// The models the next-edit benchmark types against, each answering a request with the window
// it was given as some model would rewrite it: always right (the sequence's final text), right
// on a stated share and wrong otherwise, or (as a real model mostly does while code is being
// written) no edit most of the time. Seeded, so every run asks and answers the same.
import type { ModelRequest } from '../src/transport/modelClient';
import type { Step } from './nextEditReplay';

/** A model's answer, and whether the bench made it wrong on purpose. */
export interface Answer {
  text: string;
  wrong: boolean;
}

export type Model = (request: ModelRequest) => Answer;

interface Window {
  start: number;
  end: number;
  /** The window's lines as sent (cursor marks taken off). */
  sent: string[];
}

function windowOf(request: ModelRequest): Window {
  const content = request.input[0].content;
  const m = /Code around the cursor \(lines (\d+)-(\d+)\):\n<\|editable_region_start\|>\n([\s\S]*)\n<\|editable_region_end\|>/.exec(content);
  if (!m) throw new Error('next-edit prompt without its window');
  return { start: Number(m[1]), end: Number(m[2]), sent: m[3].replace('<|user_cursor_is_here|>', '').split('\n') };
}

const reply = (lines: string[]) => `${lines.join('\n')}\n`;

/** Always right: the final text of the window it was given. */
export function oracleModel(after: string): Model {
  const lines = after.split('\n');
  return (request) => {
    const w = windowOf(request);
    return { text: reply(lines.slice(w.start - 1, w.end)), wrong: false };
  };
}

/** A seeded generator of numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x * 1664525 + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/**
 * Right on `rightShare` of the requests that have an edit to predict; otherwise wrong, in turn:
 * an unrelated edit (a line of the window rewritten that the sequence never touches) or the
 * right change on the wrong line (the first predicted change moved to a line that keeps its text).
 */
export function fallibleModel(after: string, rightShare: number, seed = 11): Model {
  const right = oracleModel(after);
  const rand = seeded(seed);
  let turn = 0;
  return (request) => {
    const answer = right(request);
    const w = windowOf(request);
    const truth = answer.text.split('\n').slice(0, w.sent.length);
    if (truth.every((line, i) => line === w.sent[i]) || rand() < rightShare) return answer;
    const unchanged = w.sent.map((_, i) => i).filter((i) => truth[i] === w.sent[i] && w.sent[i].trim() !== '');
    if (unchanged.length === 0) return answer;
    const wrong = [...w.sent];
    const target = unchanged[Math.floor(rand() * unchanged.length)];
    if (turn++ % 2 === 0) {
      // Unrelated: a line nobody edits gets a made-up change.
      wrong[target] = `${wrong[target]} // unrelated`;
    } else {
      // Wrong line: the change the sequence makes, applied where it does not belong.
      const changed = truth.findIndex((l, i) => l !== w.sent[i]);
      const [from, to] = changedWord(w.sent[changed], truth[changed]);
      wrong[target] = from && wrong[target].includes(from) ? wrong[target].replace(from, to) : `${wrong[target]}${to}`;
    }
    return { text: reply(wrong), wrong: true };
  };
}

/** The part of `before` that `after` replaces, and its replacement (common ends trimmed). */
function changedWord(before: string, after: string): [string, string] {
  let p = 0;
  while (p < before.length && p < after.length && before[p] === after[p]) p++;
  let s = 0;
  while (s < before.length - p && s < after.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  return [before.slice(p, before.length - s), after.slice(p, after.length - s)];
}

/** Predicts no edit (the window as sent) on `noneShare` of the requests; right otherwise. */
export function mostlyNoneModel(after: string, noneShare: number, seed = 23): Model {
  const right = oracleModel(after);
  const rand = seeded(seed);
  return (request) => (rand() < noneShare ? { text: reply(windowOf(request).sent), wrong: false } : right(request));
}

/**
 * New code typed into a module, as a programmer writes it: line by line at the end of the file
 * and into an empty line in the middle, with a thinking pause (`move` to the same place) after
 * every third line.
 */
export function newCodeSequence(): { name: string; before: string; after: string; steps: Step[] } {
  const head = ['import { readFileSync } from "node:fs";', '', 'export function load(path: string): string[] {', '  return readFileSync(path, "utf8").split("\\n");', '}', '', ''].join('\n');
  const middle = ['export function count(lines: string[]): number {', '  let n = 0;', '  for (const line of lines) {', '    if (line.trim() !== "") n++;', '  }', '  return n;', '}', ''];
  const tail = ['export function longest(lines: string[]): string {', '  let best = "";', '  for (const line of lines) {', '    if (line.length > best.length) best = line;', '  }', '  return best;', '}', ''];
  const before = head;
  const steps: Step[] = [];
  let text = before;
  const typeLines = (at: number, lines: string[]) => {
    let offset = at;
    lines.forEach((line, i) => {
      for (const ch of `${line}\n`) {
        steps.push({ kind: 'key', offset, length: 0, text: ch });
        offset++;
      }
      if (i % 3 === 2) steps.push({ kind: 'move', offset });
    });
    text = text.slice(0, at) + lines.map((l) => `${l}\n`).join('') + text.slice(at);
  };
  typeLines(text.length, tail);
  // Then a function above it, into the empty line after `load`.
  typeLines(head.length - 1, middle);
  return { name: 'write new code', before, after: text, steps };
}
