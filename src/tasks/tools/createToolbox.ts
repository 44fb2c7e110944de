import type { ProcessRunner } from '../../tests/processRunner';
import type { TaskEnvironment } from '../taskEnvironment';
import type { Toolbox, ToolOutcome } from '../toolbox';
import { createFile, deleteFile, editFile } from './fileChanges';
import { findSymbol, type DefinitionSource } from './findSymbol';
import { listFiles } from './listFiles';
import { readFile } from './readFile';
import { runCommand, runTests } from './runners';
import { searchWorkspace } from './searchWorkspace';
import type { TaskTool, ToolContext } from './taskTool';
import { PathRefused } from './workspacePath';
import { writePlan } from './writePlan';

export interface ToolboxOptions {
  env: TaskEnvironment;
  /** Runs ripgrep (the real process runner; its own process group and time limit): a background runner (see backgroundProcess). */
  run: ProcessRunner;
  /** The ripgrep program (VS Code's bundled one, or `rg`). */
  ripgrep?: string;
  definitions?: DefinitionSource;
  /** Most characters of one tool output (default 20,000). */
  maxOutputChars?: number;
  /** Time limit of a tool call other than commands and tests (default 30 s). */
  timeoutMs?: number;
}

/** A task's tools over its working copy, each bounded in time and output; none ever rejects. */
export function createToolbox(o: ToolboxOptions): Toolbox {
  const search = searchWorkspace({ ripgrep: o.ripgrep ?? 'rg', run: o.run });
  const tools: TaskTool[] = [listFiles, readFile, search, findSymbol(search, o.definitions), editFile, createFile, deleteFile, runTests, runCommand, writePlan];
  const byName = new Map(tools.map((t) => [t.spec.name, t]));
  const seen = new Map<string, string>();
  const toldSaves = new Map<string, string>();
  const maxOutputChars = o.maxOutputChars ?? 20_000;
  return {
    specs: tools.map((t) => t.spec),
    async run(name, rawArgs, signal) {
      const tool = byName.get(name);
      if (!tool) return { ok: false, output: `There is no tool "${name}". The tools are: ${[...byName.keys()].join(', ')}.` };
      let args: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(rawArgs || '{}');
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        args = parsed as Record<string, unknown>;
      } catch {
        return { ok: false, output: `The arguments of ${name} are not a JSON object: ${rawArgs.slice(0, 200)}` };
      }
      const limitMs = tool.timeoutMs ?? o.timeoutMs ?? 30_000;
      const timeout = AbortSignal.timeout(limitMs);
      const ctx: ToolContext = { env: o.env, signal: AbortSignal.any([signal, timeout]), seen, toldSaves, maxOutputChars };
      const work = tool.beforeDisk ? tool.run(args, ctx) : Promise.resolve(o.env.onDisk).then(() => tool.run(args, ctx));
      return bounded(work, ctx.signal, () => (timeout.aborted ? `${name} did not finish within ${limitMs / 1000} s and was stopped.` : `${name} was interrupted.`));
    },
  };
}

/** The tool's outcome, or an error outcome once the signal fires (a tool ignoring it cannot hold the task). */
async function bounded(work: Promise<ToolOutcome>, signal: AbortSignal, why: () => string): Promise<ToolOutcome> {
  let onAbort!: () => void;
  const cut = new Promise<ToolOutcome>((resolve) => {
    onAbort = () => resolve({ ok: false, output: why() });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([
      work.catch((err: unknown): ToolOutcome => ({ ok: false, output: err instanceof PathRefused || err instanceof Error ? err.message : String(err) })),
      cut,
    ]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

