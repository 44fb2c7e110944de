import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { background, BACKGROUND_NICENESS, type ProcessPriority } from '../../src/tasks/backgroundProcess';
import { cpuList, priorityPrograms, spawnProcess } from '../../src/tests/spawnProcess';
import { ownPolicy, REPORT_WITH_CHILD, reported, SCHED_IDLE } from '../tests/schedulingReport';

describe.runIf(process.platform === 'linux')('background', () => {
  const nice = Math.max(BACKGROUND_NICENESS, getPriority());
  const report = (run: ReturnType<typeof background>) => run({ argv: [process.execPath, '-e', REPORT_WITH_CHILD], cwd: process.cwd(), timeoutMs: 20_000 }).then((r) => reported(r.stdout));

  it('runs a process and what it starts at the priority the setting says when it starts', async () => {
    let priority: ProcessPriority = 'idle';
    const run = background(spawnProcess, () => ({ priority, spareCore: true }));
    expect(await report(run)).toEqual([{ nice, policy: SCHED_IDLE }, { nice, policy: SCHED_IDLE }]);
    priority = 'low';
    expect(await report(run)).toEqual([{ nice, policy: ownPolicy() }, { nice, policy: ownPolicy() }]);
  });

  it("keeps a request's own priority", async () => {
    const r = await background(spawnProcess, () => ({ priority: 'idle', spareCore: true }))({ argv: [process.execPath, '-e', REPORT_WITH_CHILD], cwd: process.cwd(), timeoutMs: 20_000, niceness: 15, idle: false });
    expect(reported(r.stdout)).toEqual([{ nice: Math.max(15, getPriority()), policy: ownPolicy() }, { nice: Math.max(15, getPriority()), policy: ownPolicy() }]);
  });

  // A process's CPUs and its child's, as each reads its own.
  const CPUS = "const r=()=>/Cpus_allowed_list:\\s*(\\S+)/.exec(require('fs').readFileSync('/proc/self/status','utf8'))[1];console.log(r(), String(require('child_process').execFileSync('sh',['-c','grep Cpus_allowed_list /proc/self/status'])).split(/\\s+/)[1])";
  const cpusOf = (run: ReturnType<typeof background>) => run({ argv: [process.execPath, '-e', CPUS], cwd: process.cwd(), timeoutMs: 20_000 }).then((r) => r.stdout.trim().split(' ').map(cpuList));

  it.runIf((priorityPrograms().cpus?.length ?? 0) >= 2)('keeps a process and what it starts off the first CPU while the setting says so', async () => {
    const all = priorityPrograms().cpus!;
    let spareCore = true;
    const run = background(spawnProcess, () => ({ priority: 'idle', spareCore }));
    expect(await cpusOf(run)).toEqual([all.slice(1), all.slice(1)]);
    spareCore = false;
    expect(await cpusOf(run)).toEqual([all, all]);
  });
});

describe('cpuList', () => {
  it('reads the kernel\'s CPU lists, and nothing from a malformed one', () => {
    expect(cpuList('0-3,6')).toEqual([0, 1, 2, 3, 6]);
    expect(cpuList('1')).toEqual([1]);
    expect(cpuList('0-1,')).toEqual([]);
    expect(cpuList('3-1')).toEqual([]);
  });
});
