// Task-merge benchmark: a finished background task's change merged into files the user edited
// meanwhile. Scenarios come from real files (bench/taskMergeScenarios.ts); each is applied with
// Accept All, checked against the outcome its construction implies, then reverted. Also times the
// apply of a 20-file change set, quiet and with one core busy. Writes bench/results/task-merge.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FileChange } from '../src/tasks/changeSet';
import { acceptTaskHunks, applyEdits, type ChooseHunk } from '../src/tasks/merge/composeMerge';
import { fileOutcomes, type FileOutcome } from '../src/tasks/merge/fileOutcome';
import { mergeFile, type FileMerge } from '../src/tasks/merge/mergeFile';
import { planRevert, revertOutcome } from '../src/tasks/revert/planRevert';
import { recordApply } from '../src/tasks/revert/revertRecord';
import { competingLoad } from './competingLoad.mjs';
import { percentileFigure, shareFigure } from './sampleStats.mjs';
import { corpusFiles, scenario, seeded, type Edit, type Scenario } from './taskMergeScenarios';

const root = process.cwd();
const count = Number(process.argv.find((a) => a.startsWith('--scenarios='))?.slice(12) ?? 400);
const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 150);

type Files = Map<string, string>;
const accepted = (outcomes: readonly FileOutcome[], files: Files): Files => {
  const out = new Map(files);
  for (const o of outcomes) {
    if (o.after === undefined) out.delete(o.path);
    else out.set(o.path, o.after);
  }
  return out;
};

/** Conflicts resolved with both sides, so the revert has every kind of hunk to undo. */
const acceptBoth: ChooseHunk = (h) => (h.kind === 'task' ? 'task' : 'both');

function revertsExactly(taskId: string, start: Files, outcomes: readonly FileOutcome[]): boolean {
  const after = accepted(outcomes, start);
  const record = recordApply(undefined, taskId, outcomes);
  const reverted = planRevert(record, (p) => after.get(p)).flatMap((f) => revertOutcome(f, acceptTaskHunks, 'task') ?? []);
  const back = accepted(reverted, after);
  return back.size === start.size && [...start].every(([p, t]) => back.get(p) === t);
}

/** In-place edits of each outcome reach its text exactly (the editor applies these, not `after`). */
const editsExact = (outcomes: readonly FileOutcome[]) => outcomes.every((o) => !o.edits || applyEdits(o.before!, o.edits) === o.after);

const lineSet = (text: string) => new Set(text.replace(/\r/g, '').split('\n'));

interface Tally {
  scenarios: number;
  exact: number;
  userCharsLost: number;
  taskHunks: number;
  taskHunksLost: number;
  overlaps: number;
  overlapsReported: number;
  reverts: number;
  revertsExact: number;
  editsChecked: number;
  editsExact: number;
}

const touchesHunk = (baseLine: number, baseText: string, t: Edit) => {
  const end = baseLine + (baseText === '' ? 0 : baseText.replace(/\r?\n$/, '').split('\n').length);
  return t.start <= end && baseLine <= t.end;
};

function checkText(s: Scenario, tally: Tally): void {
  const path = 'file';
  const start: Files = new Map([[path, s.user]]);
  const current = (p: string) => start.get(p);
  const merge = mergeFile({ kind: 'modified', path, base: s.base, task: s.task }, current);
  const outcomes = fileOutcomes(merge, acceptTaskHunks, 'user', current);
  const merged = accepted(outcomes, start).get(path) ?? '';
  tally.scenarios++;
  if (merged === s.expected) tally.exact++;
  const lines = lineSet(merged);
  const eolLen = s.eol.length;
  for (const e of s.edits) {
    const missing = e.lines.filter((l) => !lines.has(l));
    if (e.side === 'user') tally.userCharsLost += missing.reduce((n, l) => n + l.length + eolLen, 0);
  }
  for (const t of s.edits.filter((e) => e.side === 'task' && !s.overlaps.some(([, o]) => o === e))) {
    tally.taskHunks++;
    // The expected text holds every clean task edit: only a result that differs can miss one.
    if (merged === s.expected) continue;
    const baseLines = s.base.replace(/\r/g, '').split('\n');
    // A deletion is lost when its block, with a line either side, is still there.
    const lost = t.lines.length > 0 ? t.lines.some((l) => !lines.has(l)) : merged.replace(/\r/g, '').includes(baseLines.slice(Math.max(0, t.start - 1), t.end + 1).join('\n'));
    if (lost) tally.taskHunksLost++;
  }
  const conflicts = merge.text?.hunks.filter((h) => h.kind === 'conflict') ?? [];
  for (const [u, t] of s.overlaps) {
    tally.overlaps++;
    const shown = conflicts.some((h) => touchesHunk(h.baseLine, h.base, t) && t.lines.every((l) => h.task.includes(l)) && u.lines.every((l) => h.user.includes(l)));
    if (shown) tally.overlapsReported++;
  }
  const both = fileOutcomes(merge, acceptBoth, 'task', current);
  tally.reverts++;
  if (revertsExactly('t', start, both)) tally.revertsExact++;
  tally.editsChecked++;
  if (editsExact(outcomes) && editsExact(both)) tally.editsExact++;
}

/** Created, deleted and renamed files, with and without the user's changes to the same paths. */
function fileKindCases(s: Scenario): { change: FileChange; files: Files; expect: Files; conflict: boolean }[] {
  const u = s.user;
  const t = s.task;
  const b = s.base;
  const clean = s.overlaps.length === 0;
  return [
    { change: { kind: 'created', path: 'n', task: t }, files: new Map(), expect: new Map([['n', t]]), conflict: false },
    { change: { kind: 'created', path: 'n', task: t }, files: new Map([['n', u]]), expect: new Map([['n', u]]), conflict: u !== t },
    { change: { kind: 'deleted', path: 'd', base: b }, files: new Map([['d', b]]), expect: new Map(), conflict: false },
    { change: { kind: 'deleted', path: 'd', base: b }, files: new Map([['d', u]]), expect: new Map([['d', u]]), conflict: true },
    { change: { kind: 'modified', path: 'm', base: b, task: t }, files: new Map(), expect: new Map(), conflict: true },
    { change: { kind: 'renamed', from: 'r', path: 'r2', base: b, task: t }, files: new Map([['r', u]]), expect: clean ? new Map([['r2', s.expected]]) : new Map([['r2', '?']]), conflict: !clean },
  ];
}

function checkFileKinds(s: Scenario, tally: Tally, misses: string[]): void {
  for (const c of fileKindCases(s)) {
    const current = (p: string) => c.files.get(p);
    const merge: FileMerge = mergeFile(c.change, current);
    const outcomes = fileOutcomes(merge, acceptTaskHunks, 'user', current);
    const after = accepted(outcomes, c.files);
    tally.scenarios++;
    const reported = merge.conflict !== undefined || (merge.text?.hunks.some((h) => h.kind === 'conflict') ?? false);
    if (c.conflict) {
      tally.overlaps++;
      if (reported) tally.overlapsReported++;
    }
    const sameAsExpected = [...c.expect].every(([p, x]) => x === '?' || after.get(p) === x) && after.size === c.expect.size;
    if (sameAsExpected) tally.exact++;
    else misses.push(`${s.name}: ${c.change.kind} file not as expected`);
    // The user's file kept (or, where the user deleted it, not brought back) under Accept All.
    for (const [p, x] of c.files) if (!c.expect.has(p) && c.change.kind !== 'deleted' && c.change.kind !== 'renamed') tally.userCharsLost += x.length;
    for (const [p, x] of c.expect) if (c.files.get(p) === x && after.get(p) !== x) tally.userCharsLost += x.length;
    tally.reverts++;
    if (revertsExactly('f', c.files, fileOutcomes(merge, acceptBoth, 'task', current))) tally.revertsExact++;
  }
}

/** One 20-file change set applied: merge, outcomes, revert record; ms per set. */
function applyTimes(set: Scenario[][], busy: boolean): number[] {
  const load = busy ? competingLoad(120_000) : undefined;
  const out: number[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      const files = set[r % set.length];
      const changes: FileChange[] = files.map((s, i) => ({ kind: 'modified', path: `f${i}`, base: s.base, task: s.task }));
      const texts = new Map(files.map((s, i) => [`f${i}`, s.user]));
      const current = (p: string) => texts.get(p);
      const t0 = performance.now();
      const outcomes = changes.flatMap((c) => fileOutcomes(mergeFile(c, current), acceptTaskHunks, 'user', current));
      recordApply(undefined, 'bench', outcomes);
      out.push(performance.now() - t0);
    }
  } finally {
    load?.stop();
  }
  return out;
}

function build(): Scenario[] {
  const files = corpusFiles(root);
  if (files.length < 20) throw new Error(`only ${files.length} corpus files found under node_modules and /usr/lib/python3*`);
  const rand = seeded(39);
  const out: Scenario[] = [];
  for (let i = 0; out.length < count && i < count * 20; i++) {
    const file = files[Math.floor(rand() * files.length)];
    const donor = files[Math.floor(rand() * files.length)];
    const s = scenario(file.replace(`${root}/`, ''), readFileSync(file, 'utf8'), readFileSync(donor, 'utf8'), rand, i);
    if (s) out.push(s);
  }
  return out;
}

const scenarios = build();
const tally: Tally = { scenarios: 0, exact: 0, userCharsLost: 0, taskHunks: 0, taskHunksLost: 0, overlaps: 0, overlapsReported: 0, reverts: 0, revertsExact: 0, editsChecked: 0, editsExact: 0 };
const misses: string[] = [];
for (const s of scenarios) {
  const before = { ...tally };
  checkText(s, tally);
  const why = [
    tally.exact === before.exact && 'not as expected',
    tally.overlapsReported - before.overlapsReported !== tally.overlaps - before.overlaps && 'overlap not shown',
    tally.taskHunksLost > before.taskHunksLost && 'task hunk lost',
    tally.userCharsLost > before.userCharsLost && 'user text lost',
    tally.revertsExact === before.revertsExact && 'revert not exact',
  ].filter(Boolean);
  if (why.length > 0) misses.push(`${s.name}: ${why.join(', ')}`);
}
for (const s of scenarios.slice(0, 60)) checkFileKinds(s, tally, misses);
const sets = Array.from({ length: Math.floor(scenarios.length / 20) }, (_, i) => scenarios.slice(i * 20, i * 20 + 20));
applyTimes(sets, false); // warm-up: the first runs compile the merge
const quiet = applyTimes(sets, false);
const busy = applyTimes(sets, true);

const results = {
  scenarios: tally.scenarios,
  text_scenarios: scenarios.length,
  crlf_scenarios: scenarios.filter((s) => s.eol === '\r\n').length,
  task_written_lf_on_crlf: scenarios.filter((s) => s.eol === '\r\n' && !s.task.includes('\r\n')).length,
  corpus_files: new Set(scenarios.map((s) => s.name.split(':')[1])).size,
  user_chars_lost: tally.userCharsLost,
  task_hunks_lost: tally.taskHunksLost,
  task_hunks_clean: tally.taskHunks,
  ...shareFigure('overlaps_reported', tally.overlapsReported, tally.overlaps),
  ...shareFigure('revert_byte_identical', tally.revertsExact, tally.reverts),
  ...shareFigure('accept_all_exact', tally.exact, tally.scenarios),
  ...shareFigure('in_place_edits_exact', tally.editsExact, tally.editsChecked),
  ...percentileFigure('apply_ms_p50', quiet, 50, { digits: 3 }),
  ...percentileFigure('apply_ms_p50_busy', busy, 50, { digits: 3 }),
  ...percentileFigure('apply_ms_p95', quiet, 95, { digits: 3 }),
  change_set_files: 20,
  change_set_lines_mean: Math.round(sets.flat().reduce((n, s) => n + s.base.split('\n').length, 0) / (sets.length * 20)),
  misses: misses.slice(0, 20),
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/task-merge.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
