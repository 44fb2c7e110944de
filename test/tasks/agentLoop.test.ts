import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptFixtureInput } from '../../src/server/engine/scriptFixture';
import { localEnvironment, taskHarness, tempWorkspace, type TaskHarness } from './taskHarness';

// A rename in three steps: read the file, edit it from what was read, run the tests, then report.
const SCRIPT: ScriptFixtureInput = {
  rules: [
    // Redirect: the new instruction wins over whatever the task was doing.
    { match: { user: 'plan B' }, reply: 'Switched to plan B.' },
    { match: { toolOutput: 'tests of' }, reply: 'Renamed parseArgs to readOptions; the tests pass.' },
    { match: { toolOutput: 'Edited src/args.js' }, reply: { calls: [{ name: 'run_tests', arguments: { file: 'args.test.js' } }] } },
    { match: { toolOutput: { regex: 'export function (parseArgs)' } }, reply: { text: 'Renaming.', calls: [{ name: 'edit_file', arguments: { path: 'src/args.js', edits: [{ search: 'function $1(', replace: 'function readOptions(' }] } }] } },
    { match: { user: 'rename', turn: 0 }, reply: { text: 'Reading the file.', calls: [{ name: 'read_file', arguments: { path: 'src/args.js' } }] } },
    // Guards.
    { match: { user: 'repeat yourself' }, reply: { calls: [{ name: 'list_files', arguments: { glob: '**/*.js' } }] } },
    { match: { user: 'never stop' }, reply: { calls: [{ name: 'search_workspace', arguments: { pattern: 'x{{turn}}' } }] } },
    { match: { user: 'slow command', turn: 0 }, reply: { calls: [{ name: 'run_command', arguments: { command: 'sleep 20' } }] } },
    { match: { user: 'now say done' }, reply: 'Done, the note is written.' },
    { match: { user: 'note then wait', turn: 0 }, reply: { text: 'Writing the note.', calls: [{ name: 'create_file', arguments: { path: 'note.txt', content: 'a note\n' } }, { name: 'run_command', arguments: { command: 'sleep 20' } }, { name: 'create_file', arguments: { path: 'other.txt', content: 'x\n' } }] } },
    { match: { toolOutput: 'outside the workspace' }, reply: 'I could not read it.' },
    { match: { user: 'read the big file' }, reply: { calls: [{ name: 'read_file', arguments: '{"path":"big.txt","end_line":9{{turn}}}' }] } },
    { match: { user: 'read the secret' }, reply: { calls: [{ name: 'read_file', arguments: { path: '.env' } }, { name: 'read_file', arguments: { path: '../outside.txt' } }] } },
    { match: { user: 'talk at length' }, reply: Array.from({ length: 300 }, (_, i) => ` word${i}`).join('') },
  ],
};

const FILES = {
  'src/args.js': 'export function parseArgs(argv) {\n  return argv.slice(2);\n}\n',
  'args.test.js': "import test from 'node:test';\nimport assert from 'node:assert';\ntest('ok', () => assert.ok(true));\n",
  'package.json': '{"type":"module"}\n',
  '.env': 'API_TOKEN=sk-very-secret-value\n',
};

let h: TaskHarness;
beforeAll(async () => {
  h = await taskHarness(SCRIPT);
});
afterAll(() => h.close());

describe('AgentLoop on the local endpoint', () => {
  for (const chained of [true, false]) {
    it(`runs a task to its end: calls, outputs, tests, summary (${chained ? 'previous_response_id' : 'whole input each turn'})`, async () => {
      const env = localEnvironment(await tempWorkspace(FILES));
      const loop = h.loop(env, { prompt: 'rename parseArgs to readOptions', chained });
      const result = await loop.run();
      expect(result.message).toBe('The task is done.');
      expect(result.reason).toBe('completed');
      expect(result.summary).toBe('Renamed parseArgs to readOptions; the tests pass.');
      expect(await readFile(join(env.root, 'src/args.js'), 'utf8')).toContain('export function readOptions(argv)');
      expect(env.commands).toEqual(['node --test args.test.js']);
      const calls = loop.log.events.filter((e) => e.kind === 'tool-call').map((e) => e.kind === 'tool-call' && e.name);
      expect(calls).toEqual(['read_file', 'edit_file', 'run_tests']);
      const results = loop.log.events.filter((e) => e.kind === 'tool-result');
      expect(results.every((e) => e.kind === 'tool-result' && e.ok && e.durationMs >= 0)).toBe(true);
      expect(loop.log.textOf(1)).toBe('Reading the file.');
      expect(result.state.turns).toBe(4);
      expect(result.state.tokens.output).toBeGreaterThan(0);
      expect(result.cost).toBeGreaterThan(0);
      expect(h.samples.filter((s) => s.surface === 'task').length).toBeGreaterThanOrEqual(4);
    });
  }

  it('resumes a stopped task from its last completed turn, in the same working copy', async () => {
    const env = localEnvironment(await tempWorkspace(FILES));
    const first = await h.loop(env, { prompt: 'rename parseArgs to readOptions', limits: { maxTurns: 2 } }).run();
    expect(first.reason).toBe('max-turns');
    expect(await readFile(join(env.root, 'src/args.js'), 'utf8')).toContain('readOptions');
    const resumed = h.loop(env, { resume: first.state });
    const done = await resumed.run();
    expect(done.reason).toBe('completed');
    expect(done.summary).toBe('Renamed parseArgs to readOptions; the tests pass.');
    expect(done.state.turns).toBe(4);
    expect(resumed.log.events.filter((e) => e.kind === 'tool-call').map((e) => e.kind === 'tool-call' && e.name)).toEqual(['run_tests']);
  });

  it('stops a model that repeats the same call on the third time', async () => {
    const loop = h.loop(localEnvironment(await tempWorkspace(FILES)), { prompt: 'repeat yourself' });
    const result = await loop.run();
    expect(result.reason).toBe('loop');
    expect(result.state.turns).toBe(3);
    expect(result.message).toContain('3 times');
  });

  it('stops a model that never stops at the turn limit, and one that changes nothing at the no-progress limit', async () => {
    const capped = await h.loop(localEnvironment(await tempWorkspace(FILES)), { prompt: 'never stop', limits: { maxTurns: 6 } }).run();
    expect(capped.reason).toBe('max-turns');
    expect(capped.state.turns).toBe(6);
    const idle = await h.loop(localEnvironment(await tempWorkspace(FILES)), { prompt: 'never stop', limits: { turnsWithoutChange: 4 } }).run();
    expect(idle.reason).toBe('no-progress');
    expect(idle.state.turns).toBe(4);
  });

  it('refuses secret and outside files, and their content reaches no request', async () => {
    const loop = h.loop(localEnvironment(await tempWorkspace(FILES)), { prompt: 'read the secret' });
    const result = await loop.run();
    expect(result.summary).toBe('I could not read it.');
    const sent = JSON.stringify(result.state.items);
    expect(sent).not.toContain('sk-very-secret-value');
    expect(sent).toContain('secret file');
    expect(sent).toContain('outside the workspace');
  });

  it('redirect cuts a running command, joins the new instruction and keeps going', async () => {
    const loop = h.loop(localEnvironment(await tempWorkspace(FILES)), { prompt: 'slow command' });
    loop.log.onEvent((e) => {
      if (e.kind === 'tool-call') setTimeout(() => loop.redirect('Forget that: plan B.'), 100);
    });
    const result = await loop.run();
    expect(result.reason).toBe('completed');
    expect(result.summary).toBe('Switched to plan B.');
    const kinds = loop.log.events.map((e) => e.kind);
    expect(kinds.indexOf('user')).toBeGreaterThan(kinds.indexOf('tool-result'));
    const out = loop.log.events.find((e) => e.kind === 'tool-result');
    expect(out?.kind === 'tool-result' && out.ok).toBe(false);
    expect(out?.kind === 'tool-result' && out.output).toContain('was interrupted');
  });
});

describe('AgentLoop: the state a Stop during calls leaves', () => {
  for (const chained of [true, false]) {
    it(`is one another loop continues from: every call has its output, the finished write is not redone (${chained ? 'previous_response_id' : 'whole input each turn'})`, async () => {
      const env = localEnvironment(await tempWorkspace(FILES));
      const loop = h.loop(env, { prompt: 'note then wait', chained });
      loop.log.onEvent((e) => {
        if (e.kind === 'tool-call' && e.name === 'run_command') setTimeout(() => loop.stop(), 100);
      });
      const first = await loop.run();
      expect(first.reason).toBe('stopped');
      const items = first.state.items;
      const calls = items.filter((i) => 'type' in i && i.type === 'function_call').map((i) => 'callId' in i && i.callId);
      const outputs = items.filter((i) => 'type' in i && i.type === 'function_call_output');
      expect(outputs.map((i) => 'callId' in i && i.callId)).toEqual(calls);
      expect(outputs.map((i) => 'output' in i && i.output)).toEqual([expect.stringContaining('note.txt'), expect.stringContaining('interrupted'), 'Not run: the task was interrupted before this call.']);
      // The endpoint holds the response with the calls; only their outputs follow it.
      expect(first.state.previousResponseId).toBeDefined();
      expect(items.slice(first.state.chainedItems).every((i) => 'type' in i && i.type === 'function_call_output')).toBe(true);
      const again = h.loop(env, { prompt: 'note then wait', chained, resume: JSON.parse(JSON.stringify(first.state)) });
      again.redirect('now say done');
      const done = await again.run();
      expect([done.reason, done.summary]).toEqual(['completed', 'Done, the note is written.']);
      expect(again.log.events.filter((e) => e.kind === 'tool-call')).toEqual([]);
      expect(await readFile(join(env.root, 'note.txt'), 'utf8')).toBe('a note\n');
    });
  }
});

describe('AgentLoop: stop and limits mid-stream', () => {
  let slow: TaskHarness;
  beforeAll(async () => {
    slow = await taskHarness(SCRIPT, { tokensPerSecond: 50 });
  });
  afterAll(() => slow.close());

  it('Stop cuts the streaming turn at once and keeps what it said', async () => {
    const loop = slow.loop(localEnvironment(await tempWorkspace(FILES)), { prompt: 'talk at length' });
    let stopped = false;
    loop.log.onEvent((e) => {
      if (e.kind === 'text' && !stopped) {
        stopped = true;
        setTimeout(() => loop.stop(), 50);
      }
    });
    const result = await loop.run();
    expect(result.reason).toBe('stopped');
    // The cut turn is not a turn: the turn budget of a run continuing from here does not count it.
    expect(result.state.turns).toBe(0);
    const said = result.state.items.at(-1);
    expect(said && 'content' in said && said.role === 'assistant' && said.content.length).toBeGreaterThan(0);
    expect(loop.log.events.at(-1)).toMatchObject({ kind: 'end', reason: 'stopped' });
  });

  it('ends at the time limit and at the token limit', async () => {
    const timed = await slow.loop(localEnvironment(await tempWorkspace(FILES)), { prompt: 'talk at length', limits: { maxMinutes: 0.005 } }).run();
    expect(timed.reason).toBe('max-minutes');
    expect(timed.state.turns).toBe(0);
    const env = localEnvironment(await tempWorkspace(FILES));
    const counted = await h.loop(env, { prompt: 'never stop', limits: { maxTokens: 200 } }).run();
    expect(counted.reason).toBe('max-tokens');
    expect(counted.state.tokens.input + counted.state.tokens.output).toBeGreaterThanOrEqual(200);
  });

  it('compacts old tool outputs before the context window fills, and stops when even that cannot fit', async () => {
    const files = { ...FILES, 'big.txt': `${'x'.repeat(80)}\n`.repeat(100) };
    const loop = h.loop(localEnvironment(await tempWorkspace(files)), { prompt: 'read the big file', maxOutputTokens: 100, limits: { contextTokens: 6000, maxTurns: 6 } });
    const result = await loop.run();
    expect(result.reason).toBe('max-turns');
    const compacted = loop.log.events.filter((e) => e.kind === 'compacted');
    expect(compacted.length).toBeGreaterThan(0);
    expect(compacted.every((e) => e.kind === 'compacted' && e.tokensAfter < e.tokensBefore && e.tokensAfter <= 6000 * 0.8)).toBe(true);
    expect(JSON.stringify(result.state.items)).toContain('removed to fit the context window');
    const tight = await h.loop(localEnvironment(await tempWorkspace(files)), { prompt: 'y'.repeat(20_000), limits: { contextTokens: 2000 } }).run();
    expect(tight.reason).toBe('context');
    expect(tight.message).toContain('context window of 2000 tokens');
  });
});
