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

  it('stops what a command left running when it ends, and tells the model so', async () => {
    const server = 'sleep 60 > /dev/null 2>&1 & echo $!';
    always.add(server);
    const r = await env().runCommand(server, signal());
    expect(r.exitCode).toBe(0);
    expect(r.output).toContain("processes the command left running in the background were stopped when it ended");
    const job = Number(r.output.split('\n')[0]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(processAlive(job)).toBe(false);
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

  it("runs the detected npm test without npm (reported as npm test, read as npm's), a flint.tests.command or a model's command with npm", async () => {
    const seen: ProcessRequest[] = [];
    const spawn = (q: ProcessRequest) => (seen.push(q), spawnProcess(q));
    const direct = await env({ spawn }).runTests(signal());
    expect([direct.command, seen.map((q) => q.argv)]).toEqual(['npm test', [['sh', '-c', 'node --test']]]);
    // No version in package.json: npm's banner names the event alone.
    expect(direct.output.startsWith('\n> test\n> node --test\n\n')).toBe(true);
    expect(direct.output).toMatch(/not ok \d+ - fails/);
    expect(direct.exitCode).toBe(1);
    seen.length = 0;
    const override = await env({ spawn, testCommandOverride: 'npm test' }).runTests(signal());
    expect([override.command, override.exitCode, seen.map((q) => q.argv)]).toEqual(['npm test', 1, [['npm test']]]);
    expect(override.output.split('\n').slice(0, 4)).toEqual(direct.output.split('\n').slice(0, 4));
    seen.length = 0;
    await env({ spawn, allowedCommands: () => ['npm test'] }).runCommand('npm test', signal());
    expect(seen.map((q) => q.argv)).toEqual([['npm test']]);
  });

  it('refuses a deny-listed or outside file', async () => {
    await expect(env().runTests(signal(), '../x.test.mjs')).rejects.toThrow(/outside/);
    await expect(env().runTests(signal(), '.env')).rejects.toThrow(/deny-listed/);
  });
});

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
