// One save of a running task, as the event loop pays it: the time `save()` holds the loop (the
// journal line planned and turned into JSON; the write itself is the disk's), for a task with a
// large context (200 KB by default) taking turn after turn. With --against=<ref>, that commit's
// persistence runs side by side in the same process, sample for sample, in alternating order.
// Usage: node bench/bundleRun.mjs bench/taskSave.ts [--n=60] [--context-kb=200] [--against=<ref>] [--busy]
// Prints the figures (flat, `_n` and `_ci` beside each) with the load average; writes nothing in the checkout.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { applyEvent } from '../src/tasks/taskLog';
import { filePersistence, type TaskPersistence } from '../src/tasks/taskPersistence';
import type { TaskRecord } from '../src/tasks/taskTypes';
import { competingLoad } from './competingLoad.mjs';
import { pairedMedianDifference, percentileFigure } from './sampleStats.mjs';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const n = Number(arg('n') ?? 60);
const contextKb = Number(arg('context-kb') ?? 200);
const against = arg('against');
const busy = process.argv.includes('--busy');
const WARMUP = 10;

type Persistence = (dir: string, onError: (m: string) => void) => TaskPersistence;

/** That commit's filePersistence, bundled from its src/ in a scratch folder. */
async function persistenceAt(ref: string, scratch: string): Promise<Persistence> {
  const tree = join(scratch, 'tree');
  execFileSync('sh', ['-c', `mkdir -p "${tree}" && git archive "$0" src | tar -x -C "${tree}"`, ref]);
  const outfile = join(scratch, 'persistence.mjs');
  // Loaded as it is installed, not bundled into this script (it finds its binary beside itself).
  const packageName = 'esbuild';
  const esbuild = (await import(packageName)) as typeof import('esbuild');
  await esbuild.build({ entryPoints: [join(tree, 'src/tasks/taskPersistence.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
  return ((await import(pathToFileURL(outfile).href)) as { filePersistence: Persistence }).filePersistence;
}

/** A running task with a large context, turned one turn further at each `next()`. */
function runningTask(id: string) {
  const context = { file: 'src/api.ts', selection: 'fetchAll', openEditors: ['src/api.ts', 'src/retry.ts'], text: 'x'.repeat(contextKb * 1024) };
  const r: TaskRecord = { id, instruction: 'add retry with backoff to every fetch in src/api', folder: '/w', context, state: 'running', createdAt: 1, elapsedMs: 0, runningSince: 1, usage: { turns: 0, inputTokens: 0, outputTokens: 0, cost: null }, filesChanged: 0, log: [] };
  const items: object[] = [{ role: 'user', content: 'the task' }];
  let turns = 0;
  return {
    r,
    next() {
      turns++;
      applyEvent(r, { type: 'text', text: `Turn ${turns}: reading the next file. ` }, turns);
      applyEvent(r, { type: 'tool', name: 'read_file', args: `{"path":"src/f${turns}.ts"}`, durationMs: 2, result: 'y'.repeat(2_000) }, turns);
      items.push({ type: 'function_call', callId: `c${turns}`, name: 'read_file', arguments: `{"path":"src/f${turns}.ts"}` }, { type: 'function_call_output', callId: `c${turns}`, output: 'y'.repeat(2_000) });
      applyEvent(r, { type: 'turn', inputTokens: 900, outputTokens: 40, conversation: { items: [...items], chainedItems: items.length, turns, tokens: { input: turns * 900, output: turns * 40, cachedInput: 0 }, elapsedMs: turns * 50 } }, turns);
      r.elapsedMs = turns * 50;
    },
  };
}

/** One side: its persistence, its task, and the time each save held the loop. */
function side(make: Persistence, dir: string) {
  const p = make(dir, (m) => console.error(m));
  const task = runningTask('bench');
  const samples: number[] = [];
  return {
    samples,
    async save(kept: boolean) {
      task.next();
      const t0 = performance.now();
      const written = p.save(task.r);
      const held = performance.now() - t0;
      await written;
      if (kept) samples.push(held);
    },
  };
}

const scratch = mkdtempSync(join(tmpdir(), 'flint-task-save-'));
const load = busy ? competingLoad(10 * 60_000) : undefined;
try {
  const loadBefore = loadavg()[0]!;
  const after = side(filePersistence, join(scratch, 'after'));
  const before = against ? side(await persistenceAt(against, scratch), join(scratch, 'before')) : undefined;
  for (let i = 0; i < WARMUP + n; i++) {
    const kept = i >= WARMUP;
    // Alternating which goes first: neither side always runs right after the other's write.
    const order = before ? (i % 2 ? [before, after] : [after, before]) : [after];
    for (const s of order) await s.save(kept);
  }
  const figures = {
    context_kb: contextKb,
    ...percentileFigure('save_ms_p50', after.samples, 50, { digits: 3 }),
    ...(before && percentileFigure('save_ms_p50_before', before.samples, 50, { digits: 3 })),
    ...(before && pairedMedianDifference('save_ms_after_minus_before', after.samples.map((a, i) => [a, before.samples[i]!] as const), { digits: 3 })),
    busy,
    load_1min: [Number(loadBefore.toFixed(2)), Number(loadavg()[0]!.toFixed(2))],
  };
  console.log(JSON.stringify(figures, null, 2));
} finally {
  load?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
