import { readdirSync, readFileSync } from 'node:fs';

/**
 * Names the spawner that owns a process: set in the spawner's own environment, so every process
 * it starts, and all they start, carry it, from the fork on (before the exec, a child's
 * environment is still the spawner's).
 */
export const OWNER_VARIABLE = 'FLINT_SPAWN_OWNER';

/** Sweeps until one finds nothing new: a process may start another while it is being read. */
const MAX_PASSES = 10;

/**
 * Linux: SIGKILLs every process of this user whose environment names `owner` (read from
 * /proc/<pid>/environ), with the process group it leads, but not the caller itself; returns how
 * many it found. Elsewhere (no /proc) it finds none. Only a group a marked process leads is killed, so the host's own group
 * (which a child shares for an instant between fork and setsid) is never hit. A process that
 * clears its environment and leaves its group escapes; none of the runners Flint starts does.
 */
export function killOwned(owner: string, proc = '/proc'): number {
  const entry = `${OWNER_VARIABLE}=${owner}`;
  const killed = new Set<number>();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const found = ownedBy(entry, proc).filter((p) => !killed.has(p.pid));
    if (found.length === 0) break;
    for (const { pid, pgid } of found) {
      killed.add(pid);
      signal(pgid === pid ? -pid : pid);
      signal(pid);
    }
  }
  return killed.size;
}

/** The live processes whose environment holds `entry`, with their process group. */
function ownedBy(entry: string, proc: string): { pid: number; pgid: number }[] {
  let names: string[];
  try {
    names = readdirSync(proc);
  } catch {
    return [];
  }
  const out: { pid: number; pgid: number }[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      // Another user's process cannot be read (EACCES); a zombie's environment reads empty.
      if (!readFileSync(`${proc}/${name}/environ`, 'latin1').split('\0').includes(entry)) continue;
      const stat = readFileSync(`${proc}/${name}/stat`, 'latin1');
      // After the command name (which may hold spaces or parentheses): state, ppid, pgid.
      const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      out.push({ pid: Number(name), pgid });
    } catch {
      // Exited while being read, or not ours.
    }
  }
  return out;
}

function signal(target: number): void {
  try {
    process.kill(target, 'SIGKILL');
  } catch {
    // Gone already.
  }
}
