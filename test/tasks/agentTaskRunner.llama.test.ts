import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/logger';
import type { EndpointHandle } from '../../src/server/startEndpoint';
import { agentTaskRunner } from '../../src/tasks/agentTaskRunner';
import type { TaskEvent } from '../../src/tasks/taskRunner';
import { createToolbox } from '../../src/tasks/tools/createToolbox';
import { spawnProcess } from '../../src/tests/spawnProcess';
import { createModelClient } from '../../src/transport/createModelClient';
import type { ModelClient } from '../../src/transport/modelClient';
import { CHATML_TEMPLATE, MODEL_ANSWER, startToolCallingEndpoint } from '../server/engine/toolCallingModel';
import { localEnvironment, tempWorkspace } from './taskHarness';

// A background task on real inference: the local endpoint's llama engine serving a model with
// Qwen's chat template (test/server/engine/toolCallingModel.ts: it calls read_file on a.js, then
// answers), driven by the task runner over the full model's HTTP client, as `npm start` does.
const dir = mkdtempSync(join(tmpdir(), 'flint-llama-task-'));
let endpoint: EndpointHandle;
let client: ModelClient;
beforeAll(async () => {
  endpoint = await startToolCallingEndpoint(join(dir, 'tool-calling.gguf'));
  client = createModelClient({ role: 'full', url: endpoint.httpUrl, model: 'gpt-5.3-codex', httpApi: 'responses', allowInsecure: false, firstTokenTimeoutMs: 30_000, stallTimeoutMs: 30_000, log: silentLogger });
}, 120_000);
afterAll(async () => {
  client?.dispose();
  await endpoint?.close();
  rmSync(dir, { recursive: true, force: true });
});

function runner() {
  return agentTaskRunner({
    client: () => client,
    metrics: { record: () => undefined },
    prices: () => ({ inputPerMillion: 0, outputPerMillion: 0 }),
    now: () => performance.now(),
    toolbox: (e) => createToolbox({ env: e, run: spawnProcess }),
  });
}

describe('a background task on the llama engine', () => {
  it('calls a tool, reads its output and finishes with the answer', async () => {
    const env = localEnvironment(await tempWorkspace({ 'a.js': 'export const a = 1;\n' }));
    const events: TaskEvent[] = [];
    // The window npm start sets for Qwen2.5-Coder's 8,192 tokens at about 3.5 characters a token.
    const budgets = { maxTurns: 5, maxMinutes: 2, maxCost: null, maxTokens: null, contextTokens: 7168 };
    try {
      for await (const e of runner().run({ taskId: 'llama', instruction: 'What does a.js export?', env, budgets, signal: new AbortController().signal })) events.push(e);
    } finally {
      rmSync(env.root, { recursive: true, force: true });
    }
    const tools = events.filter((e) => e.type === 'tool');
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({ type: 'tool', name: 'read_file' });
    expect(tools[0].type === 'tool' && JSON.parse(tools[0].args)).toEqual({ path: 'a.js' });
    expect(tools[0].type === 'tool' && tools[0].result).toContain('export const a = 1;');
    expect(events.at(-1)).toEqual({ type: 'done', summary: MODEL_ANSWER });
  }, 120_000);

  it('stops with the reason when the model refuses the conversation for its context window', async () => {
    const env = localEnvironment(await tempWorkspace({ 'a.js': 'export const a = 1;\n' }));
    // A window far larger than the model's 8,192 tokens: Flint's estimate (4 characters a token)
    // never compacts, and the byte-level model spends a token per character of the instruction.
    const budgets = { maxTurns: 5, maxMinutes: 2, maxCost: null, maxTokens: null, contextTokens: 100_000 };
    const instruction = `What does a.js export? ${'Mind the details. '.repeat(600)}`;
    const events: TaskEvent[] = [];
    try {
      for await (const e of runner().run({ taskId: 'too-long', instruction, env, budgets, signal: new AbortController().signal })) events.push(e);
    } finally {
      rmSync(env.root, { recursive: true, force: true });
    }
    expect(events.filter((e) => e.type === 'tool')).toHaveLength(0);
    const end = events.at(-1);
    expect(end?.type).toBe('stopped');
    const reason = end?.type === 'stopped' ? end.reason : '';
    expect(reason).toMatch(/^The model refused the conversation: it exceeds the model's context window \(.*Your input exceeds the context window of this model/);
    expect(reason).toMatch(/against a window of 100000 \(flint\.full\.contextTokens\): lower that setting to the model's real window so tasks compact in time\. The work so far is kept\.$/);
  }, 120_000);
});

// flint.modelKind hand-set to instruct on a model whose chat template renders no tools: the
// endpoint refuses a task's first turn with a 400, which the task turns into what to do.
describe('a background task on a model that cannot call tools', () => {
  let chatml: EndpointHandle;
  beforeAll(async () => {
    chatml = await startToolCallingEndpoint(join(dir, 'chatml.gguf'), CHATML_TEMPLATE);
  }, 120_000);
  afterAll(() => chatml?.close());

  for (const over of ['http', 'ws'] as const) {
    it(`fails at once saying the model does not support function calling and what to do (over ${over})`, async () => {
      const url = over === 'http' ? chatml.httpUrl : chatml.url;
      const full = createModelClient({ role: 'full', url, model: 'gpt-5.3-codex', httpApi: 'responses', allowInsecure: false, firstTokenTimeoutMs: 30_000, stallTimeoutMs: 30_000, log: silentLogger });
      const env = localEnvironment(await tempWorkspace({ 'a.js': 'export const a = 1;\n' }));
      const events: TaskEvent[] = [];
      try {
        const run = agentTaskRunner({ client: () => full, metrics: { record: () => undefined }, prices: () => ({ inputPerMillion: 0, outputPerMillion: 0 }), now: () => performance.now(), toolbox: (e) => createToolbox({ env: e, run: spawnProcess }) });
        for await (const e of run.run({ taskId: 'no-tools', instruction: 'What does a.js export?', env, budgets: { maxTurns: 5, maxMinutes: 2, maxCost: null, maxTokens: null }, signal: new AbortController().signal })) events.push(e);
      } finally {
        full.dispose();
        rmSync(env.root, { recursive: true, force: true });
      }
      expect(events.filter((e) => e.type === 'tool')).toHaveLength(0);
      const end = events.at(-1);
      expect(end?.type).toBe('failed');
      const reason = end?.type === 'failed' ? end.reason : '';
      expect(reason).toMatch(/^gpt-5\.3-codex at \S+ does not support function calling, which background tasks need \(the endpoint answered: .*cannot call functions: its chat template does not support tools/);
      expect(reason).toContain('Qwen2.5-Coder Instruct (npm start downloads one)');
      expect(reason).toContain('flint.full.model');
      expect(reason).toContain('set flint.modelKind to instruct-no-tools');
    }, 120_000);
  }
});
