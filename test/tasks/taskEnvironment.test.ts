import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDenyList } from '../../src/privacy/denyList';
import { spawnProcess } from '../../src/tests/spawnProcess';
import { background, BACKGROUND_NICENESS } from '../../src/tasks/backgroundProcess';
import type { ProcessRequest } from '../../src/tests/processRunner';
import { SCHED_IDLE, schedulingOf } from '../tests/schedulingReport';
import { nodeProbe } from '../../src/tasks/nodeProbe';
import { CommandRefused, createTaskEnvironment, type ConsentAnswer, type ConsentRequest, type EnvironmentDeps } from '../../src/tasks/taskEnvironment';
import { writeFiles } from '../../support/folderFixture';
import { processAlive } from '../../support/processAlive';

let root: string;
let asked: ConsentRequest[];
let answer: ConsentAnswer;
let trusted: boolean;
const always = new Set<string>();

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'flint-env-'));
  asked = [];
  answer = 'once';
  trusted = true;
  always.clear();
  writeFiles(root, {
    'package.json': JSON.stringify({ name: 'p', scripts: { test: 'node --test' } }),
    'sum.test.mjs': "import test from 'node:test';\nimport assert from 'node:assert';\ntest('adds', () => assert.equal(1 + 1, 2));\ntest('fails', () => assert.equal(1 + 1, 3));\n",
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const env = (over: Partial<EnvironmentDeps> = {}) =>
  createTaskEnvironment({
    root,
    folder: '/home/user/project',
    isDenied: createDenyList([]),
    trusted: () => trusted,
    allowedCommands: () => ['echo *'],
    alwaysAllowed: always,
    askConsent: async (r) => {
      asked.push(r);
      return answer;
    },
    spawn: spawnProcess,
    commandTimeoutMs: 10_000,
    testTimeoutMs: 30_000,
    testCommandOverride: '',
    probe: nodeProbe,
    ...over,
  });
const signal = () => new AbortController().signal;

describe('runCommand', () => {
  it('runs an allowed command in the working copy without asking', async () => {
    const r = await env().runCommand('echo hi && pwd', signal());
    expect(asked).toHaveLength(1); // `&&` is outside what `echo *` allows
    expect(r.exitCode).toBe(0);
    expect(r.output).toContain(root);
    const plain = await env().runCommand('echo plain', signal());
    expect([plain.output.trim(), asked.length]).toEqual(['plain', 1]);
  });

  it('asks with the exact command and folder; Deny becomes an error and nothing runs', async () => {
    answer = 'deny';
    const e = env();
    await expect(e.runCommand('touch made.txt', signal())).rejects.toThrow(CommandRefused);
    expect(asked[0]).toMatchObject({ command: 'touch made.txt', folder: '/home/user/project', cwd: root });
    expect(existsSync(join(root, 'made.txt'))).toBe(false);
  });

  it('remembers Always allow for that command only', async () => {
    answer = 'always';
    const e = env();
    await e.runCommand('touch a.txt', signal());
    await e.runCommand('touch   a.txt', signal());
    expect(asked).toHaveLength(1);
    answer = 'deny';
    await expect(e.runCommand('touch b.txt', signal())).rejects.toThrow(/denied/);
  });

  it('runs nothing in an untrusted workspace, not even the tests', async () => {
    trusted = false;
    await expect(env().runCommand('echo hi', signal())).rejects.toThrow(/trusted/);
    await expect(env().runTests(signal())).rejects.toThrow(/trusted/);
    expect(asked).toHaveLength(0);
  });

  it('stops at the time limit and on abort, the whole process group with it', async () => {
    const pidFile = join(root, 'child.pid');
    const slow = `sh -c 'sleep 30 & echo $! > ${pidFile}; wait'`;
    always.add(slow);
    const timed = await env({ commandTimeoutMs: 500 }).runCommand(slow, signal());
    expect(timed.timedOut).toBe(true);
    expect(timed.output).toContain('time limit');
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    await new Promise((r) => setTimeout(r, 100));
    expect(processAlive(grandchild)).toBe(false);
    const ac = new AbortController();
    const running = env().runCommand(slow, ac.signal);
    setTimeout(() => ac.abort(), 300);
    const stopped = await running;
    expect([stopped.exitCode, stopped.output]).toEqual([null, expect.stringContaining('stopped')]);
  });

  it('caps a long output, keeping its start and end', async () => {
    const r = await env().runCommand('echo START; seq 1 100000; echo END', signal());
    expect(r.output.length).toBeLessThan(33_000);
    expect(r.output).toMatch(/^START[\s\S]*characters cut[\s\S]*END\n$/);
  });
});

describe('runTests', () => {
  it('runs the project test command without asking, and a single file with its results read', async () => {
    const all = await env().runTests(signal());
    expect(all.command).toBe('npm test');
    expect(all.exitCode).not.toBe(0);
    expect(asked).toHaveLength(0);
    const one = await env().runTests(signal(), 'sum.test.mjs');
    expect([one.passed, one.failed, one.exitCode]).toEqual([1, 1, 1]);
    expect(one.output).toContain('FAILED fails');
  });

  it('refuses a deny-listed or outside file', async () => {
    await expect(env().runTests(signal(), '../x.test.mjs')).rejects.toThrow(/outside/);
    await expect(env().runTests(signal(), '.env')).rejects.toThrow(/deny-listed/);
  });
});

describe('a pause in typing', () => {
  /** A hold the test lets go of: `release()` ends the current wait. */
  function manualHold() {
    const waits: { signal: AbortSignal; release: () => void }[] = [];
    const typingHold = (signal: AbortSignal) => new Promise<number>((resolve) => {
      const release = () => resolve(0);
      signal.addEventListener('abort', release, { once: true });
      waits.push({ signal, release });
    });
    return { waits, typingHold };
  }

  it('starts a command, the project tests and a single test file only once the hold lets go', async () => {
    const { waits, typingHold } = manualHold();
    const e = env({ typingHold });
    const command = e.runCommand('touch started.txt', signal());
    await until(() => waits.length === 1);
    expect(existsSync(join(root, 'started.txt'))).toBe(false);
    waits[0].release();
    expect((await command).exitCode).toBe(0);
    expect(existsSync(join(root, 'started.txt'))).toBe(true);
    const all = e.runTests(signal());
    await until(() => waits.length === 2);
    waits[1].release();
    expect((await all).command).toBe('npm test');
    const one = e.runTests(signal(), 'sum.test.mjs');
    await until(() => waits.length === 3);
    waits[2].release();
    expect((await one).passed).toBe(1);
  });

  it('runs nothing when the task stops during the hold', async () => {
    const { waits, typingHold } = manualHold();
    const stop = new AbortController();
    const command = env({ typingHold }).runCommand('touch started.txt', stop.signal);
    await until(() => waits.length === 1);
    stop.abort();
    const r = await command;
    expect(r.output).toContain('stopped');
    expect(existsSync(join(root, 'started.txt'))).toBe(false);
  });
});

/** Polls `ok` until it holds (the environment awaits consent and the copy before it holds). */
async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(ok()).toBe(true);
}

describe('background priority', () => {
  it.runIf(process.platform === 'linux')("runs commands and test runs at the priority of the manager's background runner", async () => {
    const seen: ProcessRequest[] = [];
    const run = background((request) => (seen.push(request), spawnProcess(request)), () => 'idle');
    const e = env({ allowedCommands: () => ['cat *'], spawn: run });
    const r = await e.runCommand('cat /proc/self/stat', signal());
    expect(schedulingOf(r.output)).toEqual({ nice: Math.max(BACKGROUND_NICENESS, getPriority()), policy: SCHED_IDLE });
    await e.runTests(signal());
    expect(seen.map((q) => [q.niceness, q.idle])).toEqual([[BACKGROUND_NICENESS, true], [BACKGROUND_NICENESS, true]]);
  });
});
