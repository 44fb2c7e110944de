import { readFileSync } from 'node:fs';

/** Whether a process still runs (a zombie waiting for its reaper runs nothing: gone). Linux only. */
export function processAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
