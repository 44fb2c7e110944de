import { readFileSync } from 'node:fs';

/** A process's nice value and scheduling policy (0 normal, 5 idle), from the text of its /proc/PID/stat (Linux). */
export function schedulingOf(stat: string): { nice: number; policy: number } {
  // The fields after the command name, whose parentheses may hold spaces: the 3rd field first.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: Number(fields[19 - 3]), policy: Number(fields[41 - 3]) };
}

export const SCHED_IDLE = 5;

/** This process's own scheduling policy: what a child started without `idle` inherits (normal, unless the tests themselves run idle). */
export const ownPolicy = (): number => schedulingOf(readFileSync('/proc/self/stat', 'utf8')).policy;

/** A Node program printing its own /proc stat and its child's, as a JSON pair: what a test runner and its workers would run at. */
export const REPORT_WITH_CHILD =
  "const fs=require('fs');const c=require('child_process').execFileSync(process.execPath,['-e','process.stdout.write(require(\"fs\").readFileSync(\"/proc/self/stat\",\"utf8\"))']);console.log(JSON.stringify([fs.readFileSync('/proc/self/stat','utf8'),String(c)]))";

/** The scheduling of the program REPORT_WITH_CHILD ran as and of its child. */
export function reported(stdout: string): { nice: number; policy: number }[] {
  return (JSON.parse(stdout) as string[]).map(schedulingOf);
}
