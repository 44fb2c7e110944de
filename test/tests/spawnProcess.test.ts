import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { priorityPrograms, runProcess, spawnProcess } from '../../src/tests/spawnProcess';
import { processAlive } from '../../support/processAlive';
import { until } from '../../support/until.mjs';
import { ownPolicy, REPORT_WITH_CHILD, reported, SCHED_IDLE, schedulingOf } from './schedulingReport';

// Prints its own nice value and its child's: what a test runner's workers would run at.
const REPORT = "const os=require('os');const c=require('child_process').execFileSync(process.execPath,['-e','console.log(require(\"os\").getPriority())']);console.log(os.getPriority(), String(c).trim())";

describe('spawnProcess niceness', () => {
  it('runs the child and what it starts at the lower priority asked for', async () => {
    const r = await spawnProcess({ argv: [process.execPath, '-e', REPORT], cwd: process.cwd(), timeoutMs: 20_000, niceness: 10 });
    const expected = Math.max(10, getPriority());
    expect(r.stdout.trim()).toBe(`${expected} ${expected}`);
  });

  it('does the same through the shell', async () => {
    const r = await spawnProcess({ argv: [`"${process.execPath}" -e "console.log(require('os').getPriority())"`], shell: true, cwd: process.cwd(), timeoutMs: 20_000, niceness: 7 });
    expect(Number(r.stdout.trim())).toBe(Math.max(7, getPriority()));
  });

  it('leaves the priority as it is without one', async () => {
    const r = await spawnProcess({ argv: [process.execPath, '-e', REPORT], cwd: process.cwd(), timeoutMs: 20_000 });
    expect(r.stdout.trim()).toBe(`${getPriority()} ${getPriority()}`);
  });
});

describe('spawnProcess start errors', () => {
  it('says a missing program could not start, at a lower priority as without one', async () => {
    for (const niceness of [undefined, 10]) {
      const r = await spawnProcess({ argv: ['flint-no-such-program', '--version'], cwd: process.cwd(), timeoutMs: 10_000, niceness });
      expect(r, String(niceness)).toMatchObject({ startError: expect.stringMatching(/flint-no-such-program|ENOENT/) });
    }
  });
});

describe.runIf(process.platform === 'linux')('spawnProcess idle class (Linux)', () => {
  const programs = priorityPrograms();
  const niceOf = (n: number) => Math.max(n, getPriority());

  it('finds chrt here, where util-linux is installed', () => {
    expect(programs.chrt).toMatch(/\/chrt$/);
  });

  it('runs the child and what it starts in the idle class, niced as asked', async () => {
    const r = await spawnProcess({ argv: [process.execPath, '-e', REPORT_WITH_CHILD], cwd: process.cwd(), timeoutMs: 20_000, niceness: 10, idle: true });
    expect(reported(r.stdout)).toEqual([{ nice: niceOf(10), policy: SCHED_IDLE }, { nice: niceOf(10), policy: SCHED_IDLE }]);
  });

  it('does the same through the shell, for the shell and its grandchild', async () => {
    const r = await spawnProcess({ argv: ['cat /proc/$$/stat; cat /proc/self/stat'], shell: true, cwd: process.cwd(), timeoutMs: 20_000, niceness: 10, idle: true });
    const [shell, grandchild] = r.stdout.trim().split('\n').map(schedulingOf);
    expect([shell, grandchild]).toEqual([{ nice: niceOf(10), policy: SCHED_IDLE }, { nice: niceOf(10), policy: SCHED_IDLE }]);
  });

  it('without chrt runs at the nice value asked, or 19, in the class it would have without', async () => {
    const noChrt = { ...programs, chrt: null };
    const niced = await runProcess({ argv: [process.execPath, '-e', REPORT_WITH_CHILD], cwd: process.cwd(), timeoutMs: 20_000, niceness: 10, idle: true }, undefined, noChrt);
    expect(reported(niced.stdout)).toEqual([{ nice: niceOf(10), policy: ownPolicy() }, { nice: niceOf(10), policy: ownPolicy() }]);
    const idleOnly = await runProcess({ argv: [process.execPath, '-e', REPORT_WITH_CHILD], cwd: process.cwd(), timeoutMs: 20_000, idle: true }, undefined, noChrt);
    expect(reported(idleOnly.stdout)).toEqual([{ nice: 19, policy: ownPolicy() }, { nice: 19, policy: ownPolicy() }]);
    // Neither chrt nor nice: the nice value is set on the child once it runs.
    const bare = await runProcess({ argv: [process.execPath, '-e', 'setTimeout(() => console.log(require("fs").readFileSync("/proc/self/stat", "utf8")), 300)'], cwd: process.cwd(), timeoutMs: 20_000, idle: true }, undefined, { nice: null, chrt: null });
    expect(schedulingOf(bare.stdout)).toEqual({ nice: 19, policy: ownPolicy() });
  });

  it('leaves the class as it is without idle', async () => {
    const r = await spawnProcess({ argv: [process.execPath, '-e', REPORT_WITH_CHILD], cwd: process.cwd(), timeoutMs: 20_000, niceness: 10 });
    expect(reported(r.stdout).map((s) => s.policy)).toEqual([ownPolicy(), ownPolicy()]);
  });

  it('stops the whole idle process group at the time limit, as at any priority', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flint-idle-'));
    try {
      const pidFile = join(dir, 'grandchild.pid');
      const started = Date.now();
      const r = await spawnProcess({ argv: [`sleep 60 & echo $! > '${pidFile}'; wait`], shell: true, cwd: dir, timeoutMs: 1_500, niceness: 10, idle: true });
      expect(r).toMatchObject({ timedOut: true, cancelled: false, code: null, signal: 'SIGKILL' });
      expect(Date.now() - started).toBeLessThan(10_000);
      const grandchild = Number(readFileSync(pidFile, 'utf8'));
      await until('the grandchild is gone', () => !processAlive(grandchild), 5_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says a missing program could not start, as without chrt', async () => {
    const r = await spawnProcess({ argv: ['flint-no-such-program', '--version'], cwd: process.cwd(), timeoutMs: 10_000, idle: true });
    expect(r.startError).toMatch(/flint-no-such-program/);
    const viaChrtOnly = await runProcess({ argv: ['flint-no-such-program'], cwd: process.cwd(), timeoutMs: 10_000, idle: true }, undefined, { ...programs, nice: null });
    expect(viaChrtOnly.startError).toMatch(/failed to execute flint-no-such-program/);
  });
});

describe('spawnProcess: what a program leaves running', () => {
  it('stops a background job still holding the output soon after the shell exits, not at the time limit', async () => {
    const started = Date.now();
    const r = await spawnProcess({ argv: ['sleep 60 & echo $!'], shell: true, cwd: tmpdir(), timeoutMs: 30_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r).toMatchObject({ code: 0, timedOut: false, cancelled: false, leftBehind: true });
    const job = Number(r.stdout.trim());
    await until('the background job is gone', () => !processAlive(job), 5_000);
  });

  it('stops a background job that let go of the output as soon as the shell exits', async () => {
    const started = Date.now();
    const r = await spawnProcess({ argv: ['sleep 60 > /dev/null 2>&1 & echo $!'], shell: true, cwd: tmpdir(), timeoutMs: 30_000, niceness: 10, idle: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r).toMatchObject({ code: 0, leftBehind: true });
    await until('the background job is gone', () => !processAlive(Number(r.stdout.trim())), 5_000);
  });

  it('says nothing was left behind when the program waited for what it started', async () => {
    const r = await spawnProcess({ argv: ['sleep 0.2 & wait; echo done'], shell: true, cwd: tmpdir(), timeoutMs: 30_000 });
    expect(r).toMatchObject({ code: 0, stdout: 'done\n' });
    expect(r.leftBehind).toBeUndefined();
  });

  it('does not call a group killed at its time limit left behind', async () => {
    const r = await spawnProcess({ argv: ['sleep 60 & sleep 60'], shell: true, cwd: tmpdir(), timeoutMs: 500 });
    expect(r).toMatchObject({ timedOut: true });
    expect(r.leftBehind).toBeUndefined();
  });
});
