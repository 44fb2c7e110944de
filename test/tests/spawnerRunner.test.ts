import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_VARIABLE } from '../../src/tests/killOwned';
import { createSpawnerRunner, type SpawnerRunner } from '../../src/tests/spawnerRunner';
import { until } from '../../support/until.mjs';
import { REPORT_WITH_CHILD, reported, SCHED_IDLE } from './schedulingReport';

// The real spawner program, bundled as the build bundles it (dist/ may be stale while testing),
// and one that never reports a started process's pid.
let dir: string;
let script: string;
let unreported: string;
const bundle = (entry: string, outfile: string) => esbuild.build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'flint-spawner-test-'));
  script = join(dir, 'spawner.js');
  unreported = join(dir, 'unreportedSpawner.js');
  await Promise.all([bundle('src/tests/spawnerMain.ts', script), bundle('test/tests/unreportedSpawnerMain.ts', unreported)]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether a process runs (a zombie waiting for its parent to reap it runs no more). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The running processes whose /proc/<pid>/`file` passes `test`. */
function processes(file: string, test: (entries: string[]) => boolean): number[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
    try {
      return test(readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0')) && alive(pid);
    } catch {
      return false;
    }
  });
}

/** The running spawners of this script. */
const spawners = (program = script) => processes('cmdline', (argv) => argv.includes(program));

/** The owner mark in a spawner's environment, which everything it starts carries. */
const markOf = (spawner: number) => readFileSync(`/proc/${spawner}/environ`, 'utf8').split('\0').find((e) => e.startsWith(`${OWNER_VARIABLE}=`));
const carrying = (mark: string) => processes('environ', (env) => env.includes(mark));

/** A shell that starts a grandchild (its pid written to `pidFile`) and waits for it. */
const withGrandchild = (pidFile: string) => [`sleep 60 & echo $! > '${pidFile}'; wait`];
const grandchildOf = async (pidFile: string) => Number(await until('the grandchild started', () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim()));

function runner(program = script): SpawnerRunner {
  const r = createSpawnerRunner(program);
  opened.push(r);
  return r;
}
const opened: SpawnerRunner[] = [];
afterAll(() => opened.forEach((r) => r.dispose()));

describe('the spawner runner', () => {
  it('runs a program with its input, environment and working folder, and gives its output and exit code', async () => {
    const { run } = runner();
    const code = "process.stdin.on('data', (d) => process.stdout.write(String(d).toUpperCase() + process.env.FLINT_T + process.cwd())); process.stdin.on('end', () => process.exit(3))";
    const r = await run({ argv: [process.execPath, '-e', code], cwd: dir, timeoutMs: 20_000, input: 'hello ', env: { FLINT_T: ' there ' } });
    expect(r).toMatchObject({ code: 3, stdout: `HELLO  there ${dir}`, timedOut: false, cancelled: false });
    expect(r.startError).toBeUndefined();
  });

  it('stops the whole process group at the time limit', async () => {
    const { run } = runner();
    const pidFile = join(dir, 'timeout.pid');
    const r = await run({ argv: withGrandchild(pidFile), shell: true, cwd: dir, timeoutMs: 1_500 });
    expect(r.timedOut).toBe(true);
    const grandchild = await grandchildOf(pidFile);
    await until('the grandchild is gone', () => !alive(grandchild), 5_000);
  });

  it('stops the whole process group, grandchildren too, on cancel', async () => {
    const { run } = runner();
    const pidFile = join(dir, 'cancel.pid');
    const controller = new AbortController();
    const result = run({ argv: withGrandchild(pidFile), shell: true, cwd: dir, timeoutMs: 60_000, signal: controller.signal });
    const grandchild = await grandchildOf(pidFile);
    expect(alive(grandchild)).toBe(true);
    controller.abort();
    expect(await result).toMatchObject({ cancelled: true, timedOut: false });
    await until('the grandchild is gone', () => !alive(grandchild), 5_000);
  });

  it('keeps at most 2 MB of a stream', async () => {
    const { run } = runner();
    const r = await run({ argv: [process.execPath, '-e', "process.stdout.write('x'.repeat(3_000_000))"], cwd: dir, timeoutMs: 20_000 });
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBeGreaterThanOrEqual(2_000_000);
    expect(r.stdout.length).toBeLessThan(2_200_000);
  });

  it('runs a niced program and what it starts at the lower priority', async () => {
    const { run } = runner();
    const report = "const c=require('child_process').execFileSync(process.execPath,['-e','console.log(require(\"os\").getPriority())']);console.log(require('os').getPriority(), String(c).trim())";
    const r = await run({ argv: [process.execPath, '-e', report], cwd: dir, timeoutMs: 20_000, niceness: 10 });
    const expected = Math.max(10, getPriority());
    expect(r.stdout.trim()).toBe(`${expected} ${expected}`);
  });

  it.runIf(process.platform === 'linux')('runs an idle program and what it starts in the idle class', async () => {
    const { run } = runner();
    const r = await run({ argv: [process.execPath, '-e', REPORT_WITH_CHILD], cwd: dir, timeoutMs: 20_000, niceness: 10, idle: true });
    expect(reported(r.stdout).map((s) => s.policy)).toEqual([SCHED_IDLE, SCHED_IDLE]);
  });

  it('says a missing program could not start', async () => {
    const { run } = runner();
    for (const niceness of [undefined, 10]) {
      const r = await run({ argv: ['flint-no-such-program'], cwd: dir, timeoutMs: 10_000, niceness });
      expect(r.startError, String(niceness)).toMatch(/flint-no-such-program|ENOENT/);
    }
  });

  it('says why when the spawner program is missing', async () => {
    const r = await createSpawnerRunner(join(dir, 'missing.js')).run({ argv: ['true'], cwd: dir, timeoutMs: 10_000 });
    expect(r.startError).toMatch(/process spawner could not start: .*missing\.js is missing/);
  });

  it('ends the runs under way with a clear error when the spawner dies, stops their groups, and starts again', async () => {
    const before = new Set(spawners());
    const { run } = runner();
    const pidFile = join(dir, 'death.pid');
    const result = run({ argv: withGrandchild(pidFile), shell: true, cwd: dir, timeoutMs: 60_000 });
    const grandchild = await grandchildOf(pidFile);
    const [spawner] = spawners().filter((p) => !before.has(p));
    expect(spawner).toBeGreaterThan(0);
    process.kill(spawner, 'SIGKILL');
    expect((await result).startError).toMatch(/process spawner stopped \(killed by SIGKILL\)/);
    await until('the grandchild is gone', () => !alive(grandchild), 5_000);
    const again = await run({ argv: ['echo', 'again'], cwd: dir, timeoutMs: 10_000 });
    expect(again).toMatchObject({ code: 0, stdout: 'again\n' });
    expect(spawners().filter((p) => !before.has(p) && p !== spawner)).toHaveLength(1);
  });

  it.runIf(process.platform === 'linux')('stops a group whose pid never reached the host when the spawner is killed', async () => {
    const before = new Set(spawners(unreported));
    const { run } = runner(unreported);
    const pidFile = join(dir, 'unreported.pid');
    const shellFile = join(dir, 'unreported-shell.pid');
    const result = run({ argv: [`echo $$ > '${shellFile}'; ${withGrandchild(pidFile)[0]}`], shell: true, cwd: dir, timeoutMs: 60_000 });
    const grandchild = await grandchildOf(pidFile);
    const shell = Number(readFileSync(shellFile, 'utf8'));
    const [spawner] = spawners(unreported).filter((p) => !before.has(p));
    const mark = markOf(spawner) as string;
    expect(mark).toBeTruthy();
    expect(carrying(mark).sort()).toEqual([spawner, shell, grandchild].sort());
    process.kill(spawner, 'SIGKILL');
    expect((await result).startError).toMatch(/process spawner stopped \(killed by SIGKILL\)/);
    await until('no process of the group is left', () => ![shell, grandchild].some(alive) && carrying(mark).length === 0, 5_000);
  });

  it.runIf(process.platform === 'linux')('stops what left the group, under any mark a request gives, when the spawner is killed mid-run', async () => {
    const before = new Set(spawners());
    const { run } = runner();
    const pidFile = join(dir, 'setsid.pid');
    // A daemon-like grandchild in a session of its own, out of reach of the group's kill.
    const result = run({ argv: [`setsid sleep 60 & echo $! > '${pidFile}'; wait`], shell: true, cwd: dir, timeoutMs: 60_000, env: { [OWNER_VARIABLE]: 'outer-owner' } });
    const escaped = await grandchildOf(pidFile);
    await until('it left the group', () => { const stat = readFileSync(`/proc/${escaped}/stat`, 'utf8'); return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2] === String(escaped); });
    const [spawner] = spawners().filter((p) => !before.has(p));
    const mark = markOf(spawner) as string;
    expect(carrying(mark)).toContain(escaped);
    process.kill(spawner, 'SIGKILL');
    expect((await result).startError).toMatch(/process spawner stopped/);
    await until('the grandchild out of the group is gone', () => !alive(escaped) && carrying(mark).length === 0, 5_000);
  });

  it('stops every group and the spawner on dispose, and starts nothing afterwards', async () => {
    const before = new Set(spawners());
    const r = runner();
    const pidFile = join(dir, 'dispose.pid');
    const result = r.run({ argv: withGrandchild(pidFile), shell: true, cwd: dir, timeoutMs: 60_000 });
    const grandchild = await grandchildOf(pidFile);
    const [spawner] = spawners().filter((p) => !before.has(p));
    r.dispose();
    expect(await result).toMatchObject({ cancelled: true });
    await until('the grandchild and the spawner are gone', () => !alive(grandchild) && !alive(spawner), 5_000);
    expect((await r.run({ argv: ['true'], cwd: dir, timeoutMs: 10_000 })).startError).toMatch(/shutting down/);
  });

  it('stops every group, and what left them, and exits when its host dies', async () => {
    const pidFile = join(dir, 'host.pid');
    const escapedFile = join(dir, 'host-escaped.pid');
    const command = `setsid sleep 60 & echo $! > '${escapedFile}'; ${withGrandchild(pidFile)[0]}`;
    // A host that starts the spawner with an owner mark, asks for a run and says the spawner's pid once it runs.
    const host = `const c = require('child_process').fork(${JSON.stringify(script)}, [], { stdio: 'inherit', env: { ...process.env, ${OWNER_VARIABLE}: 'host-test-' + process.pid } });
      c.on('message', (m) => m.type === 'started' && console.log(c.pid));
      c.send({ type: 'run', id: 1, request: { argv: [${JSON.stringify(command)}], shell: true, cwd: ${JSON.stringify(dir)}, timeoutMs: 60000 } });`;
    const child = spawn(process.execPath, ['-e', host], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const spawner = Number(await until('the spawner ran the program', () => out.trim(), 10_000));
    const grandchild = await grandchildOf(pidFile);
    const escaped = await grandchildOf(escapedFile);
    expect([spawner, grandchild, escaped].every(alive)).toBe(true);
    child.kill('SIGKILL');
    await until('the spawner and the grandchildren are gone', () => ![spawner, grandchild, escaped].some(alive), 5_000);
  });
});
