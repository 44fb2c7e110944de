// Child processes started in their own process group, so stopping one stops everything it
// spawned (code-server forks an extension host per window, chromium forks renderers).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/**
 * Tracks every group it started and stops them all on `stopAll()`, on normal exit, on an
 * uncaught error and on SIGINT/SIGTERM/SIGHUP — a failing test never leaves a server behind.
 */
export class ProcessGroups {
  #children = new Set();
  #cleanups = [];
  #beforeStops = [];
  #cleanedUp = false;
  /** True once stopAll() began (a child exiting then is expected, not a crash). */
  stopping = false;

  constructor() {
    const killNow = () => { for (const c of this.#children) killGroup(c.pid, 'SIGKILL'); };
    process.on('exit', killNow);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
      // Stays installed: a second signal during the stop (a test runner forwards Ctrl+C to its
      // child, which already got it from the terminal) must not kill us before the cleanup ends.
      process.on(signal, () => {
        if (this.stopping) return;
        void this.stopAll().finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1)));
      });
    }
  }

  /**
   * Spawns `cmd` as the leader of a new process group; returns the ChildProcess. Its output is
   * always drained (a full pipe would stall the child) into `logFile` when given.
   */
  spawn(cmd, args, { logFile, ...options } = {}) {
    // A start racing an interrupt must not leave a process behind.
    if (this.stopping) throw new Error(`not starting ${cmd}: shutting down`);
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options, detached: true });
    const sink = logFile ? createWriteStream(logFile, { flags: 'a' }) : null;
    for (const stream of [child.stdout, child.stderr]) {
      if (sink) stream.pipe(sink, { end: false });
      else stream.resume();
    }
    // Tracked until its whole group is gone: the leader may exit before what it forked.
    this.#children.add(child);
    return child;
  }

  /**
   * Registers work for `stopAll()` after the processes are gone (deleting scratch folders).
   * Registered once the cleanups already ran (a start racing an interrupt), it runs at once.
   */
  onStop(fn) {
    if (this.#cleanedUp) void runAll([fn]);
    else this.#cleanups.push(fn);
  }

  /** Registers work for `stopAll()` before the processes are stopped (closing the browser first). */
  beforeStop(fn) {
    this.#beforeStops.push(fn);
  }

  /** Before-stop work, SIGTERM to each group (SIGKILL after `graceMs`), then the cleanups, newest first. */
  async stopAll(graceMs = 3000) {
    this.stopping = true;
    await runAll(this.#beforeStops.splice(0).reverse());
    await Promise.all([...this.#children].map((c) => this.stop(c, graceMs)));
    this.#cleanedUp = true;
    await runAll(this.#cleanups.splice(0).reverse());
  }

  async stop(child, graceMs = 3000) {
    await stopChild(child, graceMs);
    this.#children.delete(child);
  }
}

async function runAll(fns) {
  for (const fn of fns) {
    try { await fn(); } catch (err) { console.error(`[e2e] cleanup failed: ${err.message}`); }
  }
}

function killGroup(pid, signal) {
  try { process.kill(-pid, signal); } catch { /* group already gone */ }
  // A child signalled right after spawn may not have made its own group yet: signal it directly too.
  try { process.kill(pid, signal); } catch { /* already gone */ }
}

function groupAlive(pid) {
  try { process.kill(-pid, 0); return true; } catch { return false; }
}

async function stopChild(child, graceMs) {
  if (child.pid === undefined) return;
  killGroup(child.pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  // The leader may exit before its children: wait for the whole group, not just the leader.
  while (groupAlive(child.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (groupAlive(child.pid)) killGroup(child.pid, 'SIGKILL');
}

/** Resolves with the first stdout/stderr line matching `pattern`, or rejects on exit/timeout. */
export function waitForLine(child, pattern, timeoutMs, label) {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let tail = '';
    const onData = (d) => {
      buffered += d;
      tail = (tail + d).slice(-2000);
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) {
        const m = line.match(pattern);
        if (m) { done(); resolve(m); return; }
      }
    };
    const onExit = (code) => { done(); reject(new Error(`${label} exited (${code}) before it was ready:\n${tail}`)); };
    const timer = setTimeout(() => { done(); reject(new Error(`${label} not ready after ${timeoutMs} ms:\n${tail}`)); }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.setEncoding('utf8').on('data', onData);
    child.stderr?.setEncoding('utf8').on('data', onData);
    child.once('exit', onExit);
  });
}
