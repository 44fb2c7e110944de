// Working-copy benchmark: a background task's snapshot of a generated 5,000-file project (text
// files in 250 folders, an ignored build folder, a 2,000-file node_modules, uncommitted changes,
// untracked files and unsaved buffers), as a git worktree and as a plain copy, quiet and beside
// a competing load. Two figures per copy: the capture (what a task's start waits for; the user's
// later edits cannot reach the copy from then on) and the copy on disk (its files written in the
// background; tools other than read_file wait for it). Every fifth copy is then worked in
// (files written, a command run, the change set read); each is removed. Counts the user's files whose content or modification time changed over the
// whole run. Writes bench/results/tasks-copy.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDenyList } from '../src/privacy/denyList';
import { spawnProcess } from '../src/tests/spawnProcess';
import { captureWorkingCopy } from '../src/tasks/workingCopy';
import { changeSetOf } from '../src/tasks/workingCopyChanges';
import type { WorkingCopyRecord } from '../src/tasks/workingCopyRecord';
import { removeWorkingCopy } from '../src/tasks/workingCopyRemoval';
import { commitAll, fingerprint, touched, writeFiles } from '../support/folderFixture';
import { competingLoad } from './competingLoad.mjs';
import { percentileFigure, shareFigure } from './sampleStats.mjs';
import { gitOn } from '../src/tasks/gitCommand';

const git = gitOn(spawnProcess);

const arg = (name: string, dflt: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);
const rounds = arg('rounds', 100);
const busyRounds = arg('busy-rounds', 10);
// Every this many rounds the copy is worked in (files written, a command run, the change set read).
const workEvery = arg('work-every', 5);
const root = process.cwd();
const tmp = mkdtempSync(join(tmpdir(), 'flint-bench-copy-'));
const isDenied = createDenyList([]);

/** The generated project: 5,000 files of the user's own, plus what a real folder carries beside them. */
function makeProject(dir: string, git: boolean): void {
  const files: Record<string, string> = { '.gitignore': 'node_modules/\ndist/\n', 'package.json': '{"name":"p","scripts":{"test":"node --test"}}\n', '.env': 'TOKEN=1\n' };
  for (let i = 0; i < 4_998; i++) {
    const body = Array.from({ length: 40 }, (_, l) => `export const v${i}_${l} = ${l} * ${i}; // line ${l} of module ${i}`).join('\n');
    files[`src/m${i % 250}/f${i}.ts`] = `${body}\n`;
  }
  for (let i = 0; i < 2_000; i++) files[`node_modules/dep${i % 40}/f${i}.js`] = `module.exports = ${i};\n`;
  for (let i = 0; i < 200; i++) files[`dist/out${i}.js`] = `built ${i}\n`;
  writeFiles(dir, files);
  if (git) commitAll(dir);
  // As the user left it: edits not committed, new files not added.
  for (let i = 0; i < 20; i++) writeFiles(dir, { [`src/m${i}/f${i}.ts`]: `export const changed${i} = true;\n` });
  for (let i = 0; i < 10; i++) writeFiles(dir, { [`src/new/n${i}.ts`]: `export const n${i} = ${i};\n` });
}

const overlays = Array.from({ length: 3 }, (_, i) => ({ path: `src/m${i}/f${i}.ts`, text: `export const unsaved${i} = 1;\n` }));

interface Timing {
  captureMs: number;
  onDiskMs: number;
}

/** One task's life on its copy: snapshot and files on disk (timed), work in it, read its changes, remove it. */
async function oneCopy(folder: string, storage: string, id: string, work: boolean): Promise<Timing> {
  const t0 = performance.now();
  const live = await captureWorkingCopy({ taskId: id, folder, storageDir: storage, overlays, isDenied, now: () => Date.now(), git });
  const captureMs = performance.now() - t0;
  await live.onDisk;
  const onDiskMs = performance.now() - t0;
  const copy = live.record;
  if (work) await workIn(copy);
  await removeWorkingCopy(git, copy);
  return { captureMs, onDiskMs };
}

/** A task's work in its copy: files written, a command run, the change set read. */
async function workIn(copy: WorkingCopyRecord): Promise<void> {
  writeFileSync(join(copy.root, 'src/m1/f1.ts'), 'export const byTask = 1;\n');
  writeFileSync(join(copy.root, 'src/added.ts'), 'export const added = 1;\n');
  // A command in the copy writing through a relative path and into the linked dependencies' neighbour.
  await spawnProcess({ argv: ['node -e "require(\'fs\').writeFileSync(\'out.txt\', \'x\')" && ls node_modules > /dev/null'], shell: true, cwd: copy.root, timeoutMs: 30_000 });
  const set = await changeSetOf(git, copy, '');
  if (set.files.length !== 3) throw new Error(`expected 3 changed files in the copy, saw ${set.files.map((f) => f.path).join(', ')}`);
}

async function measure(kind: 'git' | 'plain', n: number, busy: boolean): Promise<{ times: number[]; onDisk: number[]; touchedFiles: string[]; roundsTouching: number }> {
  const folder = join(tmp, `${kind}-${busy ? 'busy' : 'quiet'}`);
  makeProject(folder, kind === 'git');
  const storage = join(tmp, 'storage');
  const start = fingerprint(folder);
  const load = busy ? competingLoad() : undefined;
  const times: number[] = [];
  const onDisk: number[] = [];
  let roundsTouching = 0;
  try {
    await oneCopy(folder, storage, 'warm', true);
    // Each round's state is compared with the one before it (the previous round's after).
    let before = fingerprint(folder);
    for (let r = 0; r < n; r++) {
      const t = await oneCopy(folder, storage, `r${r}`, r % workEvery === 0);
      times.push(t.captureMs);
      onDisk.push(t.onDiskMs);
      const after = fingerprint(folder);
      if (touched(before, after).length > 0) roundsTouching++;
      before = after;
    }
  } finally {
    load?.stop();
  }
  const touchedFiles = touched(start, fingerprint(folder));
  if (kind === 'git') execFileSync('git', ['worktree', 'prune'], { cwd: folder });
  rmSync(folder, { recursive: true, force: true });
  return { times, onDisk, touchedFiles, roundsTouching };
}

try {
  const git = await measure('git', rounds, false);
  const plain = await measure('plain', rounds, false);
  const gitBusy = await measure('git', busyRounds, true);
  const plainBusy = await measure('plain', busyRounds, true);
  const all = [git, plain, gitBusy, plainBusy];
  const touchedFiles = [...new Set(all.flatMap((m) => m.touchedFiles))];
  const copies = all.reduce((s, m) => s + m.times.length, 0);
  const result = {
    files: 5_000,
    ...percentileFigure('working_copy_ms_p50_git', git.times, 50, { digits: 1 }),
    ...percentileFigure('working_copy_ms_p50_plain', plain.times, 50, { digits: 1 }),
    ...percentileFigure('working_copy_ms_p50_git_busy', gitBusy.times, 50, { digits: 1 }),
    ...percentileFigure('working_copy_ms_p50_plain_busy', plainBusy.times, 50, { digits: 1 }),
    ...percentileFigure('working_copy_on_disk_ms_p50_git', git.onDisk, 50, { digits: 1 }),
    ...percentileFigure('working_copy_on_disk_ms_p50_plain', plain.onDisk, 50, { digits: 1 }),
    ...percentileFigure('working_copy_on_disk_ms_p50_git_busy', gitBusy.onDisk, 50, { digits: 1 }),
    ...percentileFigure('working_copy_on_disk_ms_p50_plain_busy', plainBusy.onDisk, 50, { digits: 1 }),
    working_copy_user_files_touched: touchedFiles.length,
    working_copy_user_files_touched_n: copies,
    working_copy_user_files_touched_list: touchedFiles,
    ...shareFigure('working_copy_rounds_touching_user_files', all.reduce((s, m) => s + m.roundsTouching, 0), copies),
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/tasks-copy.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`tasks-copy: git ${result.working_copy_ms_p50_git} ms (n ${git.times.length}, ${JSON.stringify(result.working_copy_ms_p50_git_ci)}), plain ${result.working_copy_ms_p50_plain} ms (n ${plain.times.length}, ${JSON.stringify(result.working_copy_ms_p50_plain_ci)})`);
  console.log(`tasks-copy: on disk: git ${result.working_copy_on_disk_ms_p50_git} ms (${JSON.stringify(result.working_copy_on_disk_ms_p50_git_ci)}), plain ${result.working_copy_on_disk_ms_p50_plain} ms (${JSON.stringify(result.working_copy_on_disk_ms_p50_plain_ci)})`);
  console.log(`tasks-copy: busy git ${result.working_copy_ms_p50_git_busy} ms, plain ${result.working_copy_ms_p50_plain_busy} ms (n ${busyRounds} each); user files touched ${touchedFiles.length} over ${copies} copies`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
