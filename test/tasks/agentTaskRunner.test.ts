import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptFixtureInput } from '../../src/server/engine/scriptFixture';
import type { AgentState } from '../../src/tasks/agentLoop';
import { agentTaskRunner, AgentEventFold, limitsOf } from '../../src/tasks/agentTaskRunner';
import { BACKGROUND_NICENESS } from '../../src/tasks/backgroundProcess';
import { createTaskManager } from '../../src/tasks/createTaskManager';
import type { TaskEnvironment } from '../../src/tasks/taskEnvironment';
import type { TaskBudgets, TaskEvent } from '../../src/tasks/taskRunner';
import type { TaskRecord } from '../../src/tasks/taskTypes';
import { createToolbox } from '../../src/tasks/tools/createToolbox';
import type { ProcessRequest } from '../../src/tests/processRunner';
import { spawnProcess } from '../../src/tests/spawnProcess';
import { fingerprint, writeFiles } from '../../support/folderFixture';
import { localEnvironment, taskHarness, tempWorkspace, type TaskHarness } from './taskHarness';

// Rename in two files: read and edit each, then report. A second instruction exercises Resume.
const SCRIPT: ScriptFixtureInput = {
  rules: [
    { match: { user: 'and say so' }, reply: 'Said so.' },
    { match: { toolOutput: 'Edited src/main.js' }, reply: 'Renamed parseArgs to readOptions in src/args.js and src/main.js.' },
    { match: { toolOutput: 'import { parseArgs }' }, reply: { calls: [{ name: 'edit_file', arguments: { path: 'src/main.js', edits: [{ search: '{ parseArgs }', replace: '{ readOptions }' }, { search: 'log(parseArgs(', replace: 'log(readOptions(' }] } }] } },
    { match: { toolOutput: 'Edited src/args.js' }, reply: { calls: [{ name: 'read_file', arguments: { path: 'src/main.js' } }] } },
    { match: { toolOutput: { regex: 'export function (parseArgs)' } }, reply: { text: 'Renaming.', calls: [{ name: 'edit_file', arguments: { path: 'src/args.js', edits: [{ search: 'function $1(', replace: 'function readOptions(' }] } }] } },
    { match: { user: 'rename', turn: 0 }, reply: { text: 'Reading.', calls: [{ name: 'read_file', arguments: { path: 'src/args.js' } }] } },
  ],
};

const FILES = {
  'src/args.js': 'export function parseArgs(argv) {\n  return argv.slice(2);\n}\n',
  'src/main.js': "import { parseArgs } from './args.js';\nconsole.log(parseArgs(process.argv));\n",
  'package.json': '{"type":"module"}\n',
};
const BUDGETS: TaskBudgets = { maxTurns: 10, maxMinutes: 5, maxCost: null, maxTokens: null };

let h: TaskHarness;
beforeAll(async () => {
  h = await taskHarness(SCRIPT);
});
afterAll(() => h.close());

const runnerOn = () =>
  agentTaskRunner({ client: () => h.client, metrics: { record: () => undefined }, prices: () => ({ inputPerMillion: 1, outputPerMillion: 10 }), now: () => performance.now(), toolbox: (env: TaskEnvironment) => createToolbox({ env, run: spawnProcess }) });

async function collect(events: AsyncIterable<TaskEvent>): Promise<TaskEvent[]> {
  const out: TaskEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe('agentTaskRunner', () => {
  it('maps the loop to task events: text, each tool call, a turn per completed turn with its resumable state, then done', async () => {
    const env = localEnvironment(await tempWorkspace(FILES));
    const events = await collect(runnerOn().run({ taskId: 't1', instruction: 'rename parseArgs to readOptions', env, budgets: BUDGETS, signal: new AbortController().signal }));
    expect(events.filter((e) => e.type === 'tool').map((e) => e.type === 'tool' && [e.name, e.error ?? false])).toEqual([['read_file', false], ['edit_file', false], ['read_file', false], ['edit_file', false]]);
    const tool = events.find((e) => e.type === 'tool' && e.name === 'read_file');
    expect(tool?.type === 'tool' && tool.result).toContain('export function parseArgs');
    expect(tool?.type === 'tool' && JSON.parse(tool.args)).toEqual({ path: 'src/args.js' });
    const turns = events.filter((e) => e.type === 'turn');
    expect(turns.length).toBe(5);
    expect(turns.map((t) => t.type === 'turn' && (t.conversation as AgentState).turns)).toEqual([1, 2, 3, 4, 5]);
    expect(turns.every((t) => t.type === 'turn' && t.outputTokens > 0 && (t.cost ?? 0) > 0)).toBe(true);
    // A turn's conversation holds its calls' outputs: Resume continues after them.
    const second = turns[1]!.type === 'turn' ? (turns[1].conversation as AgentState) : undefined;
    expect(second?.items.at(-1)).toMatchObject({ type: 'function_call_output' });
    expect(events.at(-1)).toEqual({ type: 'done', summary: 'Renamed parseArgs to readOptions in src/args.js and src/main.js.' });
    expect(events.filter((e) => e.type === 'text').map((e) => e.type === 'text' && e.text).join('')).toContain('Reading.');
    expect(readFileSync(join(env.root, 'src/main.js'), 'utf8')).toBe("import { readOptions } from './args.js';\nconsole.log(readOptions(process.argv));\n");
  });

  it('continues a kept conversation with a new instruction (Redirect, Resume)', async () => {
    const env = localEnvironment(await tempWorkspace(FILES));
    const first = await collect(runnerOn().run({ taskId: 't2', instruction: 'rename parseArgs to readOptions', env, budgets: BUDGETS, signal: new AbortController().signal }));
    const last = first.filter((e) => e.type === 'turn').at(-1);
    const conversation = last?.type === 'turn' ? last.conversation : undefined;
    const again = await collect(runnerOn().run({ taskId: 't2', instruction: 'rename parseArgs to readOptions', conversation: JSON.parse(JSON.stringify(conversation)), redirect: 'now stop and say so', env, budgets: BUDGETS, signal: new AbortController().signal }));
    expect(again.at(-1)).toEqual({ type: 'done', summary: 'Said so.' });
    const turn = again.find((e) => e.type === 'turn');
    expect(turn?.type === 'turn' && (turn.conversation as AgentState).turns).toBe(6);
  });

  it('ends with stopped when aborted, and with stopped and the budget when one runs out', async () => {
    const env = localEnvironment(await tempWorkspace(FILES));
    const controller = new AbortController();
    controller.abort();
    const stopped = await collect(runnerOn().run({ taskId: 't3', instruction: 'rename parseArgs to readOptions', env, budgets: BUDGETS, signal: controller.signal }));
    expect(stopped.at(-1)).toEqual({ type: 'stopped', reason: 'Stopped by the user.' });
    const capped = await collect(runnerOn().run({ taskId: 't4', instruction: 'rename parseArgs to readOptions', env, budgets: { ...BUDGETS, maxTurns: 2 }, signal: new AbortController().signal }));
    expect(capped.at(-1)).toMatchObject({ type: 'stopped', reason: expect.stringContaining('2 turns') });
  });

  it('reports the usage of a turn cut by an abort before it ends stopped', async () => {
    const slow = await taskHarness({ rules: [{ match: { user: 'tell a long story' }, reply: 'Once upon a time '.repeat(60) }] }, { tokensPerSecond: 40 });
    try {
      const runner = agentTaskRunner({ client: () => slow.client, metrics: { record: () => undefined }, prices: () => ({ inputPerMillion: 1, outputPerMillion: 10 }), now: () => performance.now(), toolbox: (env: TaskEnvironment) => createToolbox({ env, run: spawnProcess }) });
      const controller = new AbortController();
      const env = localEnvironment(await tempWorkspace(FILES));
      const after: TaskEvent[] = [];
      for await (const e of runner.run({ taskId: 't5', instruction: 'tell a long story', env, budgets: BUDGETS, signal: controller.signal })) {
        if (controller.signal.aborted) after.push(e);
        else if (e.type === 'text') controller.abort();
      }
      const cut = after.find((e) => e.type === 'turn');
      expect(cut?.type === 'turn' && cut.outputTokens).toBeGreaterThan(0);
      expect(cut?.type === 'turn' && cut.inputTokens).toBeGreaterThan(0);
      expect(after.at(-1)).toEqual({ type: 'stopped', reason: 'Stopped by the user.' });
    } finally {
      await slow.close();
    }
  });

  it('turns the budgets into the loop limits (null: no limit)', () => {
    expect(limitsOf({ maxTurns: 3, maxMinutes: 1, maxCost: null, maxTokens: 500 })).toMatchObject({ maxTurns: 3, maxMinutes: 1, maxTokens: 500 });
    expect(limitsOf({ maxTurns: 3, maxMinutes: 1, maxCost: null, maxTokens: 500 })).not.toHaveProperty('maxCost');
    // The full model's window when smaller than the loop's default (a model on this machine), else the default.
    expect(limitsOf({ maxTurns: 3, maxMinutes: 1, maxCost: null, maxTokens: null, contextTokens: 7000 }).contextTokens).toBe(7000);
    expect(limitsOf({ maxTurns: 3, maxMinutes: 1, maxCost: null, maxTokens: null, contextTokens: 400_000 }).contextTokens).toBe(128_000);
  });

  it('sends a turn only once its calls ran, with that turn count and the usage since the last one; a turn that did not complete is marked cut', () => {
    let turns = 0;
    const fold = new AgentEventFold({ snapshot: () => ({ items: [], chainedItems: 0, turns, tokens: { input: 0, output: 0, cachedInput: 0 }, elapsedMs: 0 }) as unknown as AgentState });
    const tokens = (input: number, output: number) => ({ input, output, cachedInput: 0 }) as never;
    expect(fold.take({ kind: 'usage', turn: 1, tokens: tokens(100, 10), cost: 0.5, at: 0 })).toEqual([]);
    // Turn 1 completed (its calls ran), then turn 2 starts.
    turns = 1;
    const [first] = fold.take({ kind: 'turn', turn: 2, at: 0 });
    expect(first).toMatchObject({ type: 'turn', inputTokens: 100, outputTokens: 10, cost: 0.5, conversation: { turns: 1 } });
    expect(first).not.toHaveProperty('cut');
    // Turn 2 is cut: billed, but the loop's count stays at 1, and so must the task's.
    fold.take({ kind: 'usage', turn: 2, tokens: tokens(250, 30), cost: 0.75, at: 0 });
    const [second] = fold.take({ kind: 'end', reason: 'stopped', message: '', at: 0 });
    expect(second).toMatchObject({ inputTokens: 150, outputTokens: 20, cost: 0.25, cut: true, conversation: { turns: 1 } });
  });
});

describe('a task on the agent runner, through the task manager', () => {
  it('works in its working copy: the user folder is unchanged, the task is done with the rename as its change set', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'flint-agent-task-'));
    const user = join(tmp, 'user');
    writeFiles(user, FILES);
    const before = fingerprint(user);
    const started: ProcessRequest[] = [];
    const manager = await createTaskManager({
      storageDir: join(tmp, 'storage'),
      spawn: (request) => (started.push(request), spawnProcess(request)),
      runner: runnerOn,
      settings: () => ({ maxParallel: 1, budgets: BUDGETS, allowedCommands: [], testsCommand: '', testsTimeoutMs: 10_000, processPriority: 'idle' }),
      trusted: () => true,
      isDenied: () => () => false,
      overlays: () => [],
      askConsent: async () => 'deny',
      alwaysAllowed: { has: () => false, add: () => undefined },
      onError: (m) => {
        throw new Error(m);
      },
    });
    try {
      const record = manager.start({ instruction: 'rename parseArgs to readOptions', folder: user });
      const done = await new Promise<TaskRecord>((resolve) => manager.onChange((r) => r.id === record.id && ['done', 'failed', 'stopped'].includes(r.state) && resolve(r)));
      expect(done.reason).toBeUndefined();
      expect(done.state).toBe('done');
      expect(fingerprint(user)).toEqual(before);
      expect(done.changeSet?.files.map((f) => [f.kind, f.path]).sort()).toEqual([['modified', 'src/args.js'], ['modified', 'src/main.js']]);
      expect(done.usage.turns).toBe(5);
      expect(done.log.filter((e) => e.kind === 'tool').length).toBe(4);
      expect(done.summary).toContain('Renamed parseArgs');
      // Its processes (git for the working copy and its change set) ran in the idle class, niced where that class is missing.
      expect(started.length).toBeGreaterThan(0);
      expect(started.filter((r) => r.idle !== true || r.niceness !== BACKGROUND_NICENESS).map((r) => r.argv.join(' '))).toEqual([]);
    } finally {
      await manager.dispose();
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
