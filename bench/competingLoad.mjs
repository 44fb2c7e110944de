// The busy machine the benchmarks measure beside the quiet one: a child process that keeps one
// core busy until stopped, and stops by itself after `maxMs` whatever happens to the bench.
import { spawn } from 'node:child_process';

/** Starts the load; `stop()` ends it (safe to call more than once). */
export function competingLoad(maxMs = 600_000) {
  const child = spawn(process.execPath, ['-e', `const end = Date.now() + ${maxMs}; let x = 0; while (Date.now() < end) x += Math.sqrt(x + 1);`], { stdio: 'ignore' });
  return { stop: () => child.kill('SIGKILL') };
}
