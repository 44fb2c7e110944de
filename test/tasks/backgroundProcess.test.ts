import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { background, BACKGROUND_NICENESS, type ProcessPriority } from '../../src/tasks/backgroundProcess';
import { spawnProcess } from '../../src/tests/spawnProcess';
import { ownPolicy, REPORT_WITH_CHILD, reported, SCHED_IDLE } from '../tests/schedulingReport';

describe.runIf(process.platform === 'linux')('background', () => {
  const nice = Math.max(BACKGROUND_NICENESS, getPriority());
  const report = (run: ReturnType<typeof background>) => run({ argv: [process.execPath, '-e', REPORT_WITH_CHILD], cwd: process.cwd(), timeoutMs: 20_000 }).then((r) => reported(r.stdout));

  it('runs a process and what it starts at the priority the setting says when it starts', async () => {
    let priority: ProcessPriority = 'idle';
    const run = background(spawnProcess, () => priority);
    expect(await report(run)).toEqual([{ nice, policy: SCHED_IDLE }, { nice, policy: SCHED_IDLE }]);
    priority = 'low';
    expect(await report(run)).toEqual([{ nice, policy: ownPolicy() }, { nice, policy: ownPolicy() }]);
  });

  it("keeps a request's own priority", async () => {
    const r = await background(spawnProcess, () => 'idle')({ argv: [process.execPath, '-e', REPORT_WITH_CHILD], cwd: process.cwd(), timeoutMs: 20_000, niceness: 15, idle: false });
    expect(reported(r.stdout)).toEqual([{ nice: Math.max(15, getPriority()), policy: ownPolicy() }, { nice: Math.max(15, getPriority()), policy: ownPolicy() }]);
  });
});
