import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createDenyList } from '../../src/privacy/denyList';
import { silentLogger } from '../../src/log/logger';
import type { RequestSample } from '../../src/metrics/requestSample';
import type { ScriptFixtureInput } from '../../src/server/engine/scriptFixture';
import { startEndpoint, type EndpointHandle } from '../../src/server/startEndpoint';
import { AgentLoop, type AgentTask } from '../../src/tasks/agentLoop';
import type { TaskEnvironment } from '../../src/tasks/taskEnvironment';
import { DEFAULT_LIMITS, type TaskLimits } from '../../src/tasks/taskLimits';
import { createToolbox } from '../../src/tasks/tools/createToolbox';
import { spawnProcess } from '../../src/tests/spawnProcess';
import { createModelClient } from '../../src/transport/createModelClient';
import type { ModelClient } from '../../src/transport/modelClient';

/** A folder of files for a task to work in, removed by `close`. */
export async function tempWorkspace(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'flint-task-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

/**
 * A real environment over a folder: commands run in the platform shell in their own process
 * group with a time limit (the editor's one adds consent on top), tests with `node --test`.
 */
export function localEnvironment(root: string, timeoutMs = 30_000): TaskEnvironment & { commands: string[] } {
  const isDenied = createDenyList([]);
  const commands: string[] = [];
  const run = async (command: string, signal: AbortSignal) => {
    commands.push(command);
    const r = await spawnProcess({ argv: [command], shell: true, cwd: root, timeoutMs, signal });
    return { exitCode: r.code, output: `${r.stdout}${r.stderr}`.slice(0, 100_000), timedOut: r.timedOut };
  };
  return {
    root,
    commands,
    isDenied,
    runCommand: run,
    runTests: async (signal, file) => {
      const command = `node --test ${file ?? ''}`.trim();
      return { command, ...(await run(command, signal)) };
    },
  };
}

export interface TaskHarness {
  endpoint: EndpointHandle;
  client: ModelClient;
  samples: RequestSample[];
  loop(env: TaskEnvironment, task: Partial<Omit<AgentTask, 'limits'>> & { limits?: Partial<TaskLimits> }): AgentLoop;
  close(): Promise<void>;
}

/** The real local endpoint (scripted engine) and the full model's real HTTP client. */
export async function taskHarness(script: ScriptFixtureInput, knobs: Record<string, number> = {}): Promise<TaskHarness> {
  const endpoint = await startEndpoint({ script, knobs: { tokensPerSecond: 0, fullDelayMs: 0, ...knobs } });
  const client = createModelClient({
    role: 'full',
    url: endpoint.httpUrl,
    model: 'gpt-5.3-codex',
    httpApi: 'responses',
    allowInsecure: false,
    firstTokenTimeoutMs: 10_000,
    stallTimeoutMs: 10_000,
    log: silentLogger,
  });
  const samples: RequestSample[] = [];
  const roots: string[] = [];
  return {
    endpoint,
    client,
    samples,
    loop(env, task) {
      roots.push(env.root);
      const toolbox = createToolbox({ env, run: spawnProcess });
      const deps = { client: () => client, toolbox, metrics: { record: (s: RequestSample) => void samples.push(s) }, prices: () => ({ inputPerMillion: 1, outputPerMillion: 10 }), now: () => performance.now() };
      return new AgentLoop(deps, { instructions: 'You carry out coding tasks with tools.', prompt: 'do the task', ...task, limits: { ...DEFAULT_LIMITS, ...task.limits } });
    },
    async close() {
      client.dispose();
      await endpoint.close();
      for (const r of roots) await rm(r, { recursive: true, force: true });
    },
  };
}
