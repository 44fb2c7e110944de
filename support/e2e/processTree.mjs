// Reads the process table from /proc (Linux): which processes run in a group, and what each
// one spawned. Used to stop one window's extension host while code-server keeps running.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux

/**
 * Every live process: pid, ppid, pgid, command line, start (ticks since boot), cpuMs (its own
 * CPU time) and childrenMs (its reaped children's).
 */
export function processTable() {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')': from 3
      // (state) on, ppid 4, pgid 5, utime 14, stime 15, cutime 16, cstime 17, starttime 22.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const ticks = (i, j) => (Number(f[i]) + Number(f[j])) / TICKS_PER_MS;
      out.push({ pid: Number(name), ppid: Number(f[1]), pgid: Number(f[2]), cmdline, start: Number(f[19]), cpuMs: ticks(11, 12), childrenMs: ticks(13, 14) });
    } catch {
      // Exited while we were reading.
    }
  }
  return out;
}

/** `pid` and all its descendants, parents first. */
export function processTree(pid, table = processTable()) {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const p of table) if (p.ppid === tree[i]) tree.push(p.pid);
  }
  return tree;
}

/** The processes `pid` descends from, its parent first (pid, cmdline), up to the first one not in the table. */
export function ancestors(pid, table = processTable()) {
  const byPid = new Map(table.map((p) => [p.pid, p]));
  const out = [];
  for (let p = byPid.get(byPid.get(pid)?.ppid); p; p = byPid.get(p.ppid)) out.push(p);
  return out;
}

/** A process's environment entries (`NAME=value`), as it started; [] once it is gone or not ours. */
export function environOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** The live processes whose environment holds `entry` (`NAME=value`). */
export function carrying(entry, table = processTable()) {
  return table.filter((p) => environOf(p.pid).includes(entry)).map((p) => p.pid);
}

/** Whether a process of this id still exists. */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to each pid, then SIGKILL to those still alive after `graceMs`. */
export async function killPids(pids, graceMs = 2000) {
  for (const pid of pids) { try { process.kill(pid, 'SIGTERM'); } catch { /* gone */ } }
  const deadline = Date.now() + graceMs;
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const pid of pids.filter(isAlive)) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } }
}
