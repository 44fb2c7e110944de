// The ghost-text typist against a real model: flint-code-6m (a small code model, llama
// architecture) served by the local endpoint's llama.cpp engine, asked for fill-in-the-middle
// over /infill the way Flint's settings for a local fill-in-the-middle model ask it. The model
// is weak and slow next to the oracle: what counts here is the plumbing (the engine's overhead
// beyond the model, requests per keystroke) with a real engine generating at its own pace; how
// often it is right is reported, not targeted.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { CompletionResult } from '../src/completions/completionTypes';
import { silentLogger } from '../src/log/logger';
import { createModelClient } from '../src/transport/createModelClient';
import { addStats, emptyStats, typeFile, type RunStats, type TypistModel } from './completionsTypist';
import { percentileFigure } from './sampleStats.mjs';

/** The model the repository ships (models/), when it is there. */
export function realModelPath(): string | undefined {
  return ['models/flint-code-6m.gguf'].find((p) => existsSync(p));
}

// The model's context is 2,048 tokens of one byte each; Flint's estimate is 4 characters a
// token: a quarter of the context left for the answer gives 384 estimated tokens.
const TOKEN_BUDGET = 384;

async function startLlamaEndpoint(model: string, running: Set<ChildProcess>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['scripts/endpoint.mjs', '--port', '0', '--engine', 'llama', '--model', model], { stdio: ['ignore', 'pipe', 'inherit'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`llama endpoint exited with ${code}`)));
  });
  const origin = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
  if (!origin) throw new Error(`unexpected endpoint output: ${line}`);
  return { url: `${origin}/v1`, child };
}

function llamaModel(url: string): TypistModel {
  return {
    async open() {
      const client = createModelClient({ role: 'fast', url, model: 'flint-code-6m', httpApi: 'responses', fimApi: 'infill', allowInsecure: false,
        firstTokenTimeoutMs: 30_000, stallTimeoutMs: 30_000, log: silentLogger });
      const settings = { api: 'infill' as const, fimTemplate: 'flint' as const, maxLines: 30, tokenBudget: TOKEN_BUDGET, debounceMs: null };
      return { client, settings, close: () => client.dispose() };
    },
  };
}

const round = (x: number, digits = 3) => Number(x.toFixed(digits));

function summary(r: RunStats, passes: number) {
  const shown = r.calls.filter((c) => c.shown);
  const fromModel = r.calls.flatMap((c) => (c.result?.source === 'model' ? [c.result] : []));
  const overhead = (xs: CompletionResult[]) => xs.map((x) => x.timing.total - x.timing.model);
  return {
    typing_passes: passes,
    keystrokes: r.keystrokes,
    requests: r.requests,
    requests_per_keystroke: round(r.requests / r.keystrokes),
    // Keystrokes after which a suggestion was on screen (its answer came before the next key).
    shown_share: round(shown.length / r.keystrokes),
    shown_share_n: r.keystrokes,
    // Shown suggestions that are what the file really says next.
    correct_share_of_shown: shown.length ? round(shown.filter((c) => c.correct).length / shown.length) : null,
    correct_share_of_shown_n: shown.length,
    suggestions_accepted: r.accepted,
    abandoned: r.abandoned,
    ...percentileFigure('overhead_ms_p50_model', overhead(fromModel), 50),
    ...percentileFigure('model_ms_p50', fromModel.map((x) => x.timing.model), 50),
    ...percentileFigure('keystroke_to_items_ms_p50_model', fromModel.map((x) => x.timing.total), 50),
  };
}

/**
 * Types the fixture files against the real model, again (another typist's pace) until the
 * model-answered path has `wanted` samples or `maxPasses` passes are done.
 */
export async function realModelPass(fixtures: string, opts: { maxKeys: number; wanted: number; maxPasses: number; running: Set<ChildProcess> }) {
  const model = realModelPath();
  if (!model) return { model: null, note: 'flint-code-6m.gguf not found: not run' };
  const endpoint = await startLlamaEndpoint(model, opts.running);
  const files = readdirSync(fixtures).sort().map((f) => join(fixtures, f));
  const total = emptyStats();
  let passes = 0;
  try {
    while (passes < opts.maxPasses && total.calls.filter((c) => c.result?.source === 'model').length < opts.wanted) {
      for (const f of files) {
        addStats(total, await typeFile(f, files.filter((o) => o !== f), { maxKeys: opts.maxKeys, seed: 100 + passes, model: llamaModel(endpoint.url), settleMs: 2000 }));
      }
      passes++;
    }
  } finally {
    endpoint.child.kill('SIGTERM');
  }
  return { model: model.split('/').pop(), engine: 'llama', api: 'infill', token_budget: TOKEN_BUDGET, ...summary(total, passes) };
}
