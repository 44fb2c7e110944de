import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDenyList } from '../../src/privacy/denyList';
import { spawnProcess } from '../../src/tests/spawnProcess';
import { nodeProbe } from '../../src/tasks/nodeProbe';
import { createTaskEnvironment, type ConsentAnswer } from '../../src/tasks/taskEnvironment';
import { TaskManager, type TaskManagerDeps } from '../../src/tasks/taskManager';
import { agentTaskRunner } from '../../src/tasks/agentTaskRunner';
import type { AgentState } from '../../src/tasks/agentLoop';
import type { ConversationItem } from '../../src/transport/modelClient';
import { asked, FakeModelClient } from '../support/fakeModelClient';
import { filePersistence } from '../../src/tasks/taskPersistence';
import type { TaskEvent, TaskRunInput, TaskRunner } from '../../src/tasks/taskRunner';
import type { TaskRecord } from '../../src/tasks/taskTypes';
import { captureWorkingCopy } from '../../src/tasks/workingCopy';
import { changedPaths, changeSetOf } from '../../src/tasks/workingCopyChanges';
import { createToolbox } from '../../src/tasks/tools/createToolbox';
import { countGitProcesses } from './gitCounter';
import { removeWorkingCopy } from '../../src/tasks/workingCopyRemoval';
import { fingerprint, touched, writeFiles } from '../../support/folderFixture';
import { processAlive } from '../../support/processAlive';
import { gitOn } from '../../src/tasks/gitCommand';

const git = gitOn(spawnProcess);

// The agent loop lives beside this and is driven here by scripts: each test's `script` is what
// the loop does with the environment it is handed (real working copy, real commands).
type Script = (input: TaskRunInput) => AsyncIterable<TaskEvent>;

let tmp: string;
let user: string;
let consent: () => Promise<ConsentAnswer>;
const errors: string[] = [];

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'flint-tasks-'));
  user = join(tmp, 'user');
  writeFiles(user, { 'src/a.ts': 'export const a = 1;\n', 'package.json': '{"name":"p"}' });
  consent = async () => 'once';
  errors.length = 0;
});
const managers: TaskManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.dispose()));
  rmSync(tmp, { recursive: true, force: true });
});

/** Polls until `check` holds (10 s at most): the machine is shared, fixed sleeps are not. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

let ids = 0;
function manager(script: Script | undefined, over: Partial<TaskManagerDeps> = {}): TaskManager {
  const runner: TaskRunner = { run: (input) => script!(input) };
  const isDenied = createDenyList([]);
  const m = new TaskManager({
    runner: () => (script ? runner : { unavailable: 'tasks need an instruction-following full model' }),
    createCopy: (r) => captureWorkingCopy({ taskId: r.id, folder: r.folder, storageDir: join(tmp, 'copies'), overlays: [], isDenied, now: Date.now, git }),
    environment: (r, copy, waiting, changes) =>
      createTaskEnvironment({
        root: copy.record.root, onDisk: copy.onDisk, snapshotText: copy.snapshotText, folder: r.folder, isDenied, trusted: () => true, allowedCommands: () => [], alwaysAllowed: new Set(),
        askConsent: async () => {
          waiting(true);
          try {
            return await consent();
          } finally {
            waiting(false);
          }
        },
        spawn: spawnProcess, commandTimeoutMs: 20_000, testTimeoutMs: 20_000, testCommandOverride: '', probe: nodeProbe, changes,
      }),
    changedPaths: (copy) => changedPaths(git, copy),
    changeSet: (copy, summary) => changeSetOf(git, copy, summary),
    removeCopy: (copy) => removeWorkingCopy(git, copy),
    copyExists: async (copy) => existsSync(copy.dir),
    persistence: filePersistence(join(tmp, 'tasks'), (m) => errors.push(m)),
    budgets: () => ({ maxTurns: 40, maxMinutes: 20, maxCost: null, maxTokens: null }),
    maxParallel: () => 2,
    now: Date.now,
    newId: () => `t${++ids}`,
    onError: (message) => errors.push(message),
    ...over,
  });
  managers.push(m);
  return m;
}

const settled = (m: TaskManager, id: string, states = ['done', 'failed', 'stopped']) =>
  new Promise<TaskRecord>((resolve) => {
    const check = () => {
      const r = m.get(id);
      if (r && states.includes(r.state)) resolve(r);
    };
    m.onChange(check);
    check();
  });
const turn = (conversation: unknown): TaskEvent => ({ type: 'turn', inputTokens: 100, outputTokens: 10, conversation });

describe('TaskManager', () => {
  it('runs a task in its working copy and hands back a change set, the user folder untouched', async () => {
    const before = fingerprint(user);
    const m = manager(async function* ({ env }) {
      yield { type: 'text', text: 'Renaming ' };
      yield { type: 'text', text: 'a.' };
      // The copy's files are written after the snapshot: the tools wait for them, as this does.
      await env.onDisk;
      writeFileSync(join(env.root, 'src/a.ts'), 'export const renamed = 1;\n');
      const r = await env.runCommand('cat src/a.ts', new AbortController().signal);
      yield { type: 'tool', name: 'run_command', args: '{"command":"cat src/a.ts"}', durationMs: 5, result: r.output };
      yield turn(['turn 1']);
      yield { type: 'done', summary: 'Renamed a.' };
    });
    const task = m.start({ instruction: 'rename a', folder: user });
    const done = await settled(m, task.id);
    expect(done.state).toBe('done');
    expect(done.changeSet?.files).toEqual([{ kind: 'modified', path: 'src/a.ts', base: 'export const a = 1;\n', task: 'export const renamed = 1;\n' }]);
    expect([done.filesChanged, done.usage.turns, done.usage.inputTokens]).toEqual([1, 1, 100]);
    expect(done.log.filter((e) => e.kind === 'text').map((e) => e.kind === 'text' && e.text)).toEqual(['Renaming a.']);
    expect(done.log.find((e) => e.kind === 'tool')).toMatchObject({ name: 'run_command', result: 'export const renamed = 1;\n' });
    expect(touched(before, fingerprint(user))).toEqual([]);
  });

  it("counts a task's changed files from its tools' notes: no git after turns of edits or reads, one after a command", async () => {
    const asked: number[] = [];
    const m = manager(async function* ({ env }) {
      const tools = createToolbox({ env, run: spawnProcess });
      const signal = new AbortController().signal;
      const call = async (name: string, args: object) => {
        const r = await tools.run(name, JSON.stringify(args), signal);
        expect(r.ok).toBe(true);
        return { type: 'tool', name, args: JSON.stringify(args), durationMs: 1, result: r.output } as TaskEvent;
      };
      for (let i = 0; i < 5; i++) {
        yield await call('create_file', { path: `src/n${i}.ts`, content: `export const n = ${i};\n` });
        yield turn([`turn ${i}`]);
      }
      yield await call('read_file', { path: 'src/a.ts' });
      yield await call('edit_file', { path: 'src/a.ts', edits: [{ search: '1', replace: '2' }] });
      yield turn(['edited']);
      // Put back as it was: off the count again.
      yield await call('edit_file', { path: 'src/a.ts', edits: [{ search: '2', replace: '1' }] });
      yield await call('delete_file', { path: 'src/n0.ts' });
      yield turn(['restored']);
      yield await call('read_file', { path: 'src/a.ts' });
      yield turn(['read only']);
      expect(asked).toEqual([]);
      yield await call('run_command', { command: 'echo x > made.txt' });
      yield turn(['command']);
      yield { type: 'stopped', reason: 'enough' };
    }, { changedPaths: (copy) => (asked.push(Date.now()), changedPaths(git, copy)) });
    const counts: number[] = [];
    m.onChange((r) => counts.push(r.filesChanged));
    const task = m.start({ instruction: 'add files', folder: user });
    const done = await settled(m, task.id);
    expect(done.state).toBe('stopped');
    // n1..n4 and the command's file; the restored a.ts and the deleted new n0 are not changes.
    expect(done.filesChanged).toBe(5);
    expect(asked).toHaveLength(1);
    expect(counts).toContain(6);
    expect(counts).toContain(4);
  });

  it('starts a task with few git processes, and none for a turn that writes nothing', async () => {
    const { gitIn, commitAll } = await import('../../support/folderFixture');
    gitIn(user, 'init', '-q');
    commitAll(user);
    writeFiles(user, { 'src/b.ts': 'export const b = 1;\n' });
    const git = countGitProcesses(tmp);
    let atStart = 0;
    try {
      const m = manager(async function* ({ env }) {
        await env.onDisk;
        atStart = git.calls().length;
        const tools = createToolbox({ env, run: spawnProcess });
        const signal = new AbortController().signal;
        await tools.run('read_file', '{"path":"src/a.ts"}', signal);
        yield turn(['read']);
        await tools.run('edit_file', JSON.stringify({ path: 'src/a.ts', edits: [{ search: '1', replace: '3' }] }), signal);
        yield turn(['edit']);
        yield { type: 'stopped', reason: 'enough' };
      });
      const task = m.start({ instruction: 'look', folder: user });
      const done = await settled(m, task.id);
      expect(done.filesChanged).toBe(1);
    } finally {
      git.restore();
    }
    // The repository and the dependency folders are found without git; the read and the edit start none.
    const commands = git.calls().map((c) => /--no-optional-locks (\S+)/.exec(c)?.[1]);
    expect(commands).toEqual(['ls-files', 'add', 'write-tree', 'worktree', 'read-tree']);
    expect(atStart).toBe(5);
  });

  it('runs flint.tasks.maxParallel at once, the rest queued', async () => {
    const gates: (() => void)[] = [];
    const m = manager(async function* () {
      await new Promise<void>((r) => gates.push(r));
      yield { type: 'done', summary: '' };
    }, { maxParallel: () => 1 });
    const a = m.start({ instruction: 'a', folder: user });
    const b = m.start({ instruction: 'b', folder: user });
    await until(() => gates.length === 1);
    expect([m.get(a.id)?.state, m.get(b.id)?.state]).toEqual(['running', 'queued']);
    gates.shift()!();
    await settled(m, a.id);
    await until(() => gates.length === 1);
    expect(m.get(b.id)?.state).toBe('running');
    gates.shift()!();
    expect((await settled(m, b.id)).state).toBe('done');
  });

  it('waits for consent, and Stop kills the running command with its process group', async () => {
    let release!: (a: ConsentAnswer) => void;
    consent = () => new Promise((r) => (release = r));
    const pidFile = join(tmp, 'pid');
    const m = manager(async function* ({ env, signal }) {
      const r = await env.runCommand(`sh -c 'sleep 60 & echo $! > ${pidFile}; wait'`, signal);
      yield { type: 'tool', name: 'run_command', args: 'sleep', durationMs: 0, result: r.output };
    });
    const task = m.start({ instruction: 'sleep', folder: user });
    await settled(m, task.id, ['waiting']);
    release('once');
    await settled(m, task.id, ['running']);
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    m.stop(task.id);
    const stopped = await settled(m, task.id);
    expect([stopped.state, stopped.reason]).toEqual(['stopped', 'stopped by you']);
    await until(() => !processAlive(pid));
  });

  it('redirects: the run stops and the next one gets the instruction and the conversation so far', async () => {
    const inputs: TaskRunInput[] = [];
    const m = manager(async function* (input) {
      inputs.push(input);
      yield turn([...((input.conversation as string[]) ?? []), `turn ${inputs.length}`]);
      if (inputs.length === 1) await new Promise((r) => input.signal.addEventListener('abort', r));
      else yield { type: 'done', summary: 'ok' };
    });
    const task = m.start({ instruction: 'first', folder: user });
    await until(() => m.get(task.id)?.usage.turns === 1);
    m.redirect(task.id, 'do it another way');
    const done = await settled(m, task.id);
    expect(done.state).toBe('done');
    expect(inputs[1]).toMatchObject({ redirect: 'do it another way', conversation: ['turn 1'] });
    expect(done.log.filter((e) => e.kind === 'status' && e.text.includes('redirected')).map((e) => e.kind === 'status' && e.text)).toEqual(['redirected: do it another way']);
  });

  it('counts the tokens and cost of a turn cut by Redirect or Stop, not as a turn, and keeps the conversation the cut run ended with', async () => {
    let runs = 0;
    const given: unknown[] = [];
    const m = manager(async function* (input) {
      runs++;
      given.push(input.conversation);
      yield { ...turn([...((input.conversation as string[]) ?? []), `turn ${runs}`]), cost: 0.5 };
      // A turn streams until cut; winding down, the agent reports what the cut turn was billed.
      await new Promise((r) => input.signal.addEventListener('abort', r));
      yield { type: 'turn', inputTokens: 40, outputTokens: 7, cost: 0.25, conversation: ['cut'] };
    });
    const task = m.start({ instruction: 'first', folder: user });
    await until(() => m.get(task.id)?.usage.turns === 1);
    m.redirect(task.id, 'another way');
    await until(() => m.get(task.id)?.usage.turns === 2);
    await until(() => m.get(task.id)!.usage.outputTokens === 27);
    m.stop(task.id);
    const stopped = await settled(m, task.id);
    await until(() => m.get(task.id)!.usage.outputTokens === 34);
    expect(stopped.state).toBe('stopped');
    expect(m.get(task.id)!.usage).toEqual({ turns: 2, inputTokens: 280, outputTokens: 34, cost: 1.5 });
    // The redirected run continued from what the cut run ended with, and so would a Resume.
    expect(given).toEqual([undefined, ['cut']]);
    expect(m.get(task.id)!.conversation).toEqual(['cut']);
  });

  it('stops a task that never ends at its turn budget', async () => {
    const m = manager(async function* ({ signal }) {
      for (let i = 0; !signal.aborted && i < 1000; i++) yield turn([i]);
    }, { budgets: () => ({ maxTurns: 5, maxMinutes: 20, maxCost: null, maxTokens: null }) });
    const task = m.start({ instruction: 'loop', folder: user });
    const r = await settled(m, task.id);
    expect([r.state, r.usage.turns, r.reason]).toEqual(['stopped', 5, expect.stringContaining('flint.tasks.maxTurns')]);
  });

  it('a task that finishes on the last turn its budget allows is done, not stopped', async () => {
    const m = manager(async function* () {
      yield turn(['turn 1']);
      yield turn(['turn 1', 'turn 2']);
      yield { type: 'done', summary: 'finished in two' };
    }, { budgets: () => ({ maxTurns: 2, maxMinutes: 20, maxCost: null, maxTokens: null }) });
    const r = await settled(m, m.start({ instruction: 'two turns', folder: user }).id);
    expect([r.state, r.reason, r.usage.turns, r.summary]).toEqual(['done', undefined, 2, 'finished in two']);
  });

  it('fails with the reason when no agent is available', async () => {
    const m = manager(undefined);
    const r = await settled(m, m.start({ instruction: 'x', folder: user }).id);
    expect([r.state, r.reason]).toEqual(['failed', 'tasks need an instruction-following full model']);
  });

  it('after a reload shows a running task stopped with its log, and Resume continues it', async () => {
    const first = manager(async function* ({ signal }) {
      yield { type: 'text', text: 'working' };
      yield turn(['turn 1']);
      await new Promise((r) => signal.addEventListener('abort', r));
    });
    const task = first.start({ instruction: 'long', folder: user });
    await until(() => first.get(task.id)?.usage.turns === 1);
    await first.dispose();
    let resumedWith: unknown;
    const second = manager(async function* (input) {
      resumedWith = input.conversation;
      yield { type: 'done', summary: 'finished' };
    });
    await second.load();
    const loaded = second.get(task.id)!;
    expect(loaded.state).toBe('stopped');
    expect(loaded.log.some((e) => e.kind === 'text' && e.text === 'working')).toBe(true);
    second.resume(task.id);
    const end = await settled(second, task.id);
    expect(end.state, end.reason).toBe('done');
    expect(resumedWith).toEqual(['turn 1']);
    await second.discard(task.id);
    expect(second.get(task.id)).toBeUndefined();
    const mine = errors.filter((e) => e.includes(tmp));
    expect(mine, mine.join('\n')).toEqual([]);
  });
});

// The real agent loop and runner over a hand-fed model: each request the loop makes is read here.
describe('a Redirect or Stop keeps the work of the turn it cut', () => {
  function agentManager(client: FakeModelClient, over: Partial<TaskManagerDeps> = {}): TaskManager {
    const runner = agentTaskRunner({ client: () => client, metrics: { record: () => undefined }, prices: () => ({ inputPerMillion: 1, outputPerMillion: 10 }), now: () => performance.now(), toolbox: (env) => createToolbox({ env, run: spawnProcess }) });
    return manager((input) => runner.run(input), over);
  }
  const call = (callId: string, name: string, args: object) => ({ callId, name, arguments: JSON.stringify(args), receivedAt: 0 });
  const CALLS = [
    call('c1', 'create_file', { path: 'src/b.ts', content: 'export const b = 2;\n' }),
    call('c2', 'run_command', { command: 'echo started > started.txt; sleep 30' }),
    call('c3', 'create_file', { path: 'src/c.ts', content: 'export const c = 3;\n' }),
  ];
  const SAID = 'Adding b, then checking.';
  /** The cut turn as the next request must carry it: its response, then an output for each call. */
  const RESPONSE: ConversationItem[] = [{ role: 'assistant', content: SAID }, ...CALLS.map(({ callId, name, arguments: a }) => ({ type: 'function_call' as const, callId, name, arguments: a }))];
  const OUTPUTS = [
    { type: 'function_call_output', callId: 'c1', output: expect.stringContaining('src/b.ts') },
    { type: 'function_call_output', callId: 'c2', output: expect.stringContaining('interrupted') },
    { type: 'function_call_output', callId: 'c3', output: 'Not run: the task was interrupted before this call.' },
  ];
  /** A Redirect's: the call it left unrun reads as superseded by the user's new instruction, not as a failure. */
  const REDIRECTED_OUTPUTS = [...OUTPUTS.slice(0, 2), { type: 'function_call_output', callId: 'c3', output: 'Not run: the user gave a new instruction (see the next message).' }];

  /** Starts a task whose first turn writes src/b.ts, then runs a long command (cut while it runs), then would write src/c.ts. */
  async function cutInTools(m: TaskManager, client: FakeModelClient, responseId: string | undefined): Promise<TaskRecord> {
    const task = m.start({ instruction: 'add b and c', folder: user });
    await asked(client, 1);
    client.streams[0]!.push(SAID);
    client.streams[0]!.end('completed', { calls: CALLS, ...(responseId !== undefined && { responseId }) });
    await until(() => existsSync(join(m.get(task.id)?.workingCopy?.root ?? tmp, 'started.txt')));
    return task;
  }

  it('Redirect mid-stream: the next request carries the text the cut turn streamed', async () => {
    const client = new FakeModelClient();
    const m = agentManager(client);
    const task = m.start({ instruction: 'rename a to b', folder: user });
    await asked(client, 1);
    client.streams[0]!.push('I will rename ', 'a to b first.');
    await until(() => m.get(task.id)!.log.some((e) => e.kind === 'text' && e.text.includes('first.')));
    m.redirect(task.id, 'rename it to c instead');
    await asked(client, 2);
    expect(client.streams[1]!.request.items?.slice(1)).toEqual([{ role: 'assistant', content: 'I will rename a to b first.' }, { role: 'user', content: 'rename it to c instead' }]);
    client.streams[1]!.push('Renamed to c.');
    client.streams[1]!.end('completed');
    const done = await settled(m, task.id);
    expect(done.state, done.reason).toBe('done');
    // The cut turn is billed, not counted as a turn.
    expect(done.usage.turns).toBe(1);
    expect(done.usage.outputTokens).toBeGreaterThan(1);
  });

  it('a turn cut by a Redirect counts for neither the turn budget nor usage.turns: the redirected run gets the turns left', async () => {
    const client = new FakeModelClient();
    const m = agentManager(client, { budgets: () => ({ maxTurns: 2, maxMinutes: 20, maxCost: null, maxTokens: null }) });
    const task = m.start({ instruction: 'add b', folder: user });
    await asked(client, 1);
    client.streams[0]!.end('completed', { calls: [CALLS[0]!] });
    await asked(client, 2);
    // Turn 2 streams, and is cut by the Redirect.
    client.streams[1]!.push('Now checking ');
    await until(() => m.get(task.id)!.log.some((e) => e.kind === 'text' && e.text.includes('checking')));
    m.redirect(task.id, 'just say done');
    await asked(client, 3);
    expect(m.get(task.id)!.usage.turns).toBe(1);
    expect((m.get(task.id)!.conversation as AgentState).turns).toBe(1);
    client.streams[2]!.push('Done.');
    client.streams[2]!.end('completed');
    const done = await settled(m, task.id);
    expect([done.state, done.reason]).toEqual(['done', undefined]);
    expect(done.usage.turns).toBe(2);
    expect((done.conversation as AgentState).turns).toBe(2);
  });

  it.each([['chained', 'resp-1'], ['unchained', undefined]])('Redirect during a tool call (%s): the next request carries the outputs of the calls that ran, the others superseded by the new instruction', async (_, responseId) => {
    const client = new FakeModelClient();
    const m = agentManager(client);
    const task = await cutInTools(m, client, responseId);
    m.redirect(task.id, 'skip c, just say done');
    await asked(client, 2);
    const next = client.streams[1]!.request;
    const redirect = { role: 'user', content: 'skip c, just say done' };
    if (responseId) {
      // The endpoint holds the response: only what follows it is sent.
      expect(next.previousResponseId).toBe(responseId);
      expect(next.items).toEqual([...REDIRECTED_OUTPUTS, redirect]);
    } else {
      expect(next.previousResponseId).toBeUndefined();
      expect(next.items?.slice(1)).toEqual([...RESPONSE, ...REDIRECTED_OUTPUTS, redirect]);
    }
    client.streams[1]!.push('Done.');
    client.streams[1]!.end('completed');
    const done = await settled(m, task.id);
    expect(done.state, done.reason).toBe('done');
    // The write the model was told about is in the change set, not asked for again.
    expect(done.changeSet?.files.map((f) => f.path).sort()).toEqual(['src/b.ts', 'started.txt']);
    expect(client.streams).toHaveLength(2);
  });

  it('Resume right after a Stop during a tool call continues after the calls that ran', async () => {
    const client = new FakeModelClient();
    const m = agentManager(client);
    const task = await cutInTools(m, client, 'resp-1');
    m.stop(task.id);
    expect((await settled(m, task.id)).state).toBe('stopped');
    m.resume(task.id);
    await asked(client, 2);
    const next = client.streams[1]!.request;
    expect(next.previousResponseId).toBe('resp-1');
    expect(next.items).toEqual(OUTPUTS);
    expect((m.get(task.id)!.conversation as AgentState).items.slice(1)).toEqual([...RESPONSE, ...OUTPUTS]);
    client.streams[1]!.end('completed');
    expect((await settled(m, task.id)).state).toBe('done');
  });

  it('a cut agent that never winds down holds the redirected run no longer than the wait; it continues from the last completed turn', async () => {
    const given: unknown[] = [];
    const startedAt: number[] = [];
    const m = manager(async function* (input) {
      given.push(input.conversation);
      startedAt.push(Date.now());
      if (given.length > 1) return yield { type: 'done', summary: 'ok' };
      yield turn(['turn 1']);
      await new Promise((r) => input.signal.addEventListener('abort', r));
      await new Promise(() => undefined);
    }, { cutTurnWaitMs: 400 });
    const task = m.start({ instruction: 'first', folder: user });
    await until(() => m.get(task.id)?.usage.turns === 1);
    const redirectedAt = Date.now();
    m.redirect(task.id, 'another way');
    const done = await settled(m, task.id);
    expect(done.state).toBe('done');
    expect(given).toEqual([undefined, ['turn 1']]);
    // It waited for the cut turn, but not past the wait.
    expect(startedAt[1]! - redirectedAt).toBeGreaterThanOrEqual(300);
    expect(startedAt[1]! - redirectedAt).toBeLessThan(4000);
  });

  it('a Stop right after a Redirect, before the redirected run starts, stops the task: nothing runs again', async () => {
    let runs = 0;
    const m = manager(async function* (input) {
      runs++;
      yield turn([`turn ${runs}`]);
      if (runs > 1) return yield { type: 'done', summary: 'ran again' };
      await new Promise((r) => input.signal.addEventListener('abort', r));
    });
    const task = m.start({ instruction: 'first', folder: user });
    await until(() => m.get(task.id)?.usage.turns === 1);
    m.redirect(task.id, 'another way');
    m.stop(task.id);
    const stopped = await settled(m, task.id);
    expect([stopped.state, stopped.reason]).toEqual(['stopped', 'stopped by you']);
    // Nothing was launched behind the Stop.
    await new Promise((r) => setTimeout(r, 300));
    expect([m.get(task.id)!.state, runs]).toEqual(['stopped', 1]);
  });

  it('keeps the instruction of a Redirect a Stop came before: Resume starts with it, and once a turn took it, it is gone', async () => {
    const inputs: TaskRunInput[] = [];
    const m = manager(async function* (input) {
      inputs.push(input);
      if (inputs.length === 1) {
        yield turn(['turn 1']);
        await new Promise((r) => input.signal.addEventListener('abort', r));
        return;
      }
      yield turn([...(input.conversation as string[]), input.redirect ?? '(none)']);
      yield { type: 'done', summary: 'ok' };
    });
    const task = m.start({ instruction: 'first', folder: user });
    await until(() => m.get(task.id)?.usage.turns === 1);
    m.redirect(task.id, 'another way');
    m.stop(task.id);
    const stopped = await settled(m, task.id);
    expect([stopped.state, stopped.redirects]).toEqual(['stopped', ['another way']]);
    m.resume(task.id);
    const done = await settled(m, task.id);
    expect(inputs[1]).toMatchObject({ redirect: 'another way', conversation: ['turn 1'] });
    expect([done.state, done.redirects, done.conversation]).toEqual(['done', undefined, ['turn 1', 'another way']]);
  });

  it('keeps every Redirect given while the task waits in the queue, in order, through a Stop', async () => {
    const inputs: TaskRunInput[] = [];
    let release = () => undefined as void;
    const m = manager(async function* (input) {
      inputs.push(input);
      if (input.instruction === 'blocker') await new Promise<void>((r) => (release = r));
      yield turn([input.redirect ?? '(none)']);
      yield { type: 'done', summary: 'ok' };
    }, { maxParallel: () => 1 });
    const blocker = m.start({ instruction: 'blocker', folder: user });
    await until(() => inputs.length === 1);
    const task = m.start({ instruction: 'queued one', folder: user });
    m.redirect(task.id, 'first change');
    m.redirect(task.id, 'second change');
    m.stop(task.id);
    expect(m.get(task.id)).toMatchObject({ state: 'stopped', redirects: ['first change', 'second change'] });
    release();
    await settled(m, blocker.id);
    m.resume(task.id);
    const done = await settled(m, task.id);
    expect(inputs[1]).toMatchObject({ instruction: 'queued one', redirect: 'first change\n\nsecond change' });
    expect(done.redirects).toBeUndefined();
  });

  it('a Stop while the redirected run waits for the cut turn stops it at once, before it runs', async () => {
    let runs = 0;
    const m = manager(async function* (input) {
      runs++;
      yield turn(['turn 1']);
      await new Promise((r) => input.signal.addEventListener('abort', r));
      await new Promise(() => undefined);
    }, { cutTurnWaitMs: 60_000 });
    const task = m.start({ instruction: 'first', folder: user });
    await until(() => m.get(task.id)?.usage.turns === 1);
    m.redirect(task.id, 'another way');
    // The redirected run is launched (its note logged), and waits.
    await until(() => m.get(task.id)?.state === 'running' && m.get(task.id)!.log.at(-1)?.kind === 'status' && m.get(task.id)!.log.some((e) => e.kind === 'status' && e.text.startsWith('redirected')));
    m.stop(task.id);
    const stopped = await settled(m, task.id);
    expect([stopped.state, stopped.reason, runs]).toEqual(['stopped', 'stopped by you', 1]);
  });
});
