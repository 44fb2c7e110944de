// Scenarios for the task-merge bench, built from real files nobody here wrote (package sources
// in node_modules, the system's Python library): the task's hunks and the user's edits are placed
// at random (seeded) on a base file, and the expected outcome is worked out from that
// construction alone, never by asking the merge.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type Rand = () => number;

export function seeded(seed: number): Rand {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = x;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const int = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

/** Source files of packages and of the Python library, 60 to 4,000 lines each. */
export function corpusFiles(root: string): string[] {
  const nm = join(root, 'node_modules');
  const dirs = [join(nm, 'ws/lib'), join(nm, 'picomatch/lib'), join(nm, 'markdown-it/dist'), join(nm, 'lru-cache/dist/esm'), join(nm, 'zod/v4/core'), join(nm, 'openai/resources')];
  const py = readdirSync('/usr/lib').filter((d) => /^python3\.\d+$/.test(d)).map((d) => join('/usr/lib', d));
  const files: string[] = [];
  for (const dir of [...dirs, ...py]) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      const file = join(dir, name);
      if (!/\.(js|mjs|py)$/.test(name) || name.endsWith('.min.js') || !statSync(file).isFile()) continue;
      const lines = readFileSync(file, 'utf8').split('\n').length;
      if (lines >= 60 && lines <= 4000) files.push(file);
    }
  }
  return files;
}

/** One side's edit of base lines [start, end): they become `lines` (without terminators). */
export interface Edit {
  readonly side: 'user' | 'task';
  readonly kind: 'insert' | 'delete' | 'modify' | 'reindent';
  readonly start: number;
  readonly end: number;
  readonly lines: readonly string[];
}

export interface Scenario {
  readonly name: string;
  readonly eol: '\n' | '\r\n';
  readonly base: string;
  readonly user: string;
  /** The task's text; written with LF on some CRLF files, as a tool might. */
  readonly task: string;
  readonly edits: readonly Edit[];
  /** Pairs (user edit, task edit) that overlap or touch in base: each must be a conflict. */
  readonly overlaps: readonly [Edit, Edit][];
  /** The text Accept All must give: every user edit, the task edits that overlap none. */
  readonly expected: string;
}

const touches = (a: Edit, b: Edit) => b.start <= a.end && a.start <= b.end;
const gap = (a: Edit, b: Edit) => (touches(a, b) ? 0 : b.start > a.end ? b.start - a.end : a.start - b.end);

/** A deleted or replaced block that cannot slide along equal neighbouring lines. */
const pinned = (base: string[], s: number, e: number) => e === s || (base[s] !== base[e] && (s === 0 || base[s - 1] !== base[e - 1]));

function reindented(line: string): string {
  if (/^\t/.test(line)) return `    ${line.slice(1)}`;
  if (/^ {4}/.test(line)) return `\t${line.slice(4)}`;
  return `  ${line}`;
}

interface Ctx {
  rand: Rand;
  base: string[];
  baseSet: Set<string>;
  pool: string[];
}

function newEdit(ctx: Ctx, side: Edit['side'], near?: Edit): Edit | undefined {
  const { rand, base } = ctx;
  const kind = pick(rand, ['insert', 'delete', 'modify', 'modify', 'reindent'] as const);
  const len = kind === 'insert' ? 0 : int(rand, 1, 4);
  const start = near ? Math.max(0, Math.min(base.length - len, int(rand, near.start - len, near.end))) : int(rand, 0, base.length - len);
  const end = start + len;
  if (!pinned(base, start, end)) return undefined;
  let lines: string[];
  if (kind === 'delete') lines = [];
  else if (kind === 'reindent') {
    lines = base.slice(start, end).map(reindented);
    if (lines.some((l) => l.trim() === '' || ctx.baseSet.has(l))) return undefined;
  } else {
    if (ctx.pool.length < 4) return undefined;
    lines = ctx.pool.splice(0, int(rand, 1, 4));
  }
  return { side, kind, start, end, lines };
}

/** Applies edits (disjoint, any order) to base lines; joins with `eol`. */
function applied(base: string[], edits: readonly Edit[], eol: string, finalNewline: boolean): string {
  const out: string[] = [];
  let at = 0;
  for (const e of [...edits].sort((x, y) => x.start - y.start || x.end - y.end)) {
    out.push(...base.slice(at, e.start), ...e.lines);
    at = e.end;
  }
  out.push(...base.slice(at));
  return out.join(eol) + (finalNewline ? eol : '');
}

/** Places edits so that each pair is either clearly apart (3+ lines) or overlapping/touching. */
function placeEdits(ctx: Ctx, overlapWanted: boolean): Edit[] | undefined {
  const { rand } = ctx;
  const edits: Edit[] = [];
  const userCount = int(rand, 1, 3);
  const taskCount = int(rand, 1, 4);
  for (let tries = 0; edits.length < userCount + taskCount && tries < 200; tries++) {
    const side = edits.length < userCount ? 'user' : 'task';
    const users = edits.filter((e) => e.side === 'user');
    const near = side === 'task' && overlapWanted && rand() < 0.5 ? pick(rand, users) : undefined;
    const e = newEdit(ctx, side, near);
    if (!e) continue;
    const ok = edits.every((o) => (o.side === e.side ? gap(o, e) >= 3 : gap(o, e) >= 3 || touches(o, e)));
    // The same deletion on both sides is the same change, not a conflict: keep sides distinct.
    const same = edits.some((o) => o.side !== e.side && o.start === e.start && o.end === e.end && o.lines.join('\n') === e.lines.join('\n'));
    if (ok && !same) edits.push(e);
  }
  return edits.length === userCount + taskCount ? edits : undefined;
}

/** A scenario on `file`, or undefined when the draw could not place its edits. */
export function scenario(file: string, text: string, donor: string, rand: Rand, index: number): Scenario | undefined {
  const finalNewline = text.endsWith('\n');
  const base = (finalNewline ? text.slice(0, -1) : text).replace(/\r/g, '').split('\n');
  const baseSet = new Set(base);
  const seen = new Set<string>();
  const pool = donor
    .replace(/\r/g, '')
    .split('\n')
    .filter((l) => l.trim().length > 3 && !baseSet.has(l) && !seen.has(l) && (seen.add(l), true));
  const start = int(rand, 0, Math.max(0, pool.length - 40));
  const ctx: Ctx = { rand, base, baseSet, pool: pool.slice(start, start + 40) };
  const edits = placeEdits(ctx, rand() < 0.6);
  if (!edits) return undefined;
  const eol = rand() < 0.3 ? '\r\n' : '\n';
  const users = edits.filter((e) => e.side === 'user');
  const tasks = edits.filter((e) => e.side === 'task');
  const overlaps: [Edit, Edit][] = [];
  for (const u of users) for (const t of tasks) if (touches(u, t)) overlaps.push([u, t]);
  const clean = tasks.filter((t) => !users.some((u) => touches(u, t)));
  const taskText = applied(base, tasks, eol, finalNewline);
  return {
    name: `${index}:${file}`,
    eol,
    base: applied(base, [], eol, finalNewline),
    user: applied(base, users, eol, finalNewline),
    task: eol === '\r\n' && rand() < 0.5 ? taskText.replace(/\r\n/g, '\n') : taskText,
    edits,
    overlaps,
    expected: applied(base, [...users, ...clean], eol, finalNewline),
  };
}
