// The ghost-text typist against a real model: flint-code-6m (a small code model, llama
// architecture) served by the local endpoint's llama.cpp engine, asked for fill-in-the-middle
// over /infill the way Flint's settings for a local fill-in-the-middle model ask it. The model
// is weak and slow next to the oracle: what counts here is the plumbing (the engine's overhead
// beyond the model, requests per keystroke) with a real engine generating at its own pace; how
// often it is right is reported, not targeted.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CompletionResult } from '../src/completions/completionTypes';
import { silentLogger } from '../src/log/logger';
import { createModelClient } from '../src/transport/createModelClient';
import { addStats, emptyStats, typeFile, type RunStats, type TypistModel } from './completionsTypist';
import { type EndpointRecord, startLlamaEndpoint } from './llamaEndpoint.mjs';
import { percentileFigure } from './sampleStats.mjs';

/** The model the repository ships (models/), when it is there. */
export function realModelPath(): string | undefined {
  return ['models/flint-code-6m.gguf'].find((p) => existsSync(p));
}

// The model's context is 2,048 tokens of one byte each; Flint's estimate is 4 characters a
// token: a quarter of the context left for the answer gives 384 estimated tokens.
const TOKEN_BUDGET = 384;

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

/** A share with its 95 % Wilson score interval (sound near 0 and 1, unlike the normal one). */
function shareFigure(name: string, hits: number, n: number) {
  if (n === 0) return { [name]: null, [`${name}_n`]: 0 };
  const z = 1.96;
  const p = hits / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = ((z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n)));
  return { [name]: round(p), [`${name}_n`]: n, [`${name}_ci`]: [round(Math.max(0, centre - half)), round(Math.min(1, centre + half))] };
}

function summary(r: RunStats, passes: number, records: EndpointRecord[]) {
  const shown = r.calls.filter((c) => c.shown);
  const fromModel = r.calls.flatMap((c) => (c.result?.source === 'model' ? [c.result] : []));
  const shownFromModel = shown.flatMap((c) => (c.result?.source === 'model' ? [c.result] : []));
  const overhead = (xs: CompletionResult[]) => xs.map((x) => x.timing.total - x.timing.model);
  return {
    typing_passes: passes,
    keystrokes: r.keystrokes,
    requests: r.requests,
    requests_per_keystroke: round(r.requests / r.keystrokes),
    // Keystrokes after which a suggestion was on screen (its answer came before the next key).
    ...shareFigure('shown_share', shown.length, r.keystrokes),
    // Shown suggestions that are what the file really says next.
    ...shareFigure('correct_share_of_shown', shown.filter((c) => c.correct).length, shown.length),
    suggestions_accepted: r.accepted,
    abandoned: r.abandoned,
    ...percentileFigure('overhead_ms_p50_model', overhead(fromModel), 50),
    ...percentileFigure('model_ms_p50', fromModel.map((x) => x.timing.model), 50),
    ...percentileFigure('keystroke_to_items_ms_p50_model', fromModel.map((x) => x.timing.total), 50),
    // Keystrokes whose ghost text was a new answer of the model, shown before the next key.
    ...percentileFigure('keystroke_to_ghost_ms_p50_model', shownFromModel.map((x) => x.timing.total), 50),
    // Every key that showed ghost text, the rest of a shown suggestion typed through included.
    ...percentileFigure('keystroke_to_ghost_ms_p50', shown.map((c) => c.result!.timing.total), 50),
    ...promptFigures(records),
  };
}

/**
 * What the endpoint evaluated per request: the prompt less the tokens it reused from the
 * request before (its prompt cache). A keystroke adds a token or two; a prompt whose start
 * moves with each key is evaluated whole.
 */
function promptFigures(records: EndpointRecord[]) {
  const prompt = records.reduce((a, r) => a + r.promptTokens, 0);
  const cached = records.reduce((a, r) => a + r.cachedTokens, 0);
  const generated = records.filter((r) => r.done && !r.abandoned && r.tokensPerSecond !== undefined);
  return {
    ...percentileFigure('prompt_tokens_evaluated_p50', records.map((r) => r.promptTokens - r.cachedTokens), 50),
    ...percentileFigure('prompt_tokens_evaluated_p90', records.map((r) => r.promptTokens - r.cachedTokens), 90),
    prompt_tokens_evaluated_mean: records.length ? round((prompt - cached) / records.length, 1) : null,
    ...percentileFigure('prompt_tokens_p50', records.map((r) => r.promptTokens), 50),
    prompt_tokens_reused_share: prompt ? round(cached / prompt) : null,
    ...percentileFigure('first_token_ms_p50_endpoint', records.filter((r) => r.done && r.outputTokens > 0).map((r) => r.firstTokenMs), 50),
    ...percentileFigure('tokens_per_s_p50', generated.map((r) => r.tokensPerSecond!), 50, { digits: 0 }),
  };
}

/**
 * Types the fixture files against the real model, again (another typist's pace) until the
 * model-answered path has `wanted` samples or `maxPasses` passes are done.
 */
export async function realModelPass(fixtures: string, opts: { maxKeys: number; wanted: number; maxPasses: number; running: Set<ChildProcess> }) {
  const model = realModelPath();
  if (!model) return { model: null, note: 'flint-code-6m.gguf not found: not run' };
  // The endpoint's own thread count: what npm start serves.
  const endpoint = await startLlamaEndpoint(model, { running: opts.running });
  const files = readdirSync(fixtures).sort().map((f) => join(fixtures, f));
  const total = emptyStats();
  const records: EndpointRecord[] = [];
  let passes = 0;
  try {
    while (passes < opts.maxPasses && total.calls.filter((c) => c.result?.source === 'model').length < opts.wanted) {
      for (const f of files) {
        addStats(total, await typeFile(f, files.filter((o) => o !== f), { maxKeys: opts.maxKeys, seed: 100 + passes, model: llamaModel(endpoint.url), settleMs: 2000 }));
        // Read after each file: the endpoint keeps its latest few hundred only.
        records.push(...(await endpoint.takeRequests()).filter((r) => r.route === 'infill'));
      }
      passes++;
    }
  } finally {
    endpoint.stop();
  }
  return { model: model.split('/').pop(), engine: 'llama', api: 'infill', token_budget: TOKEN_BUDGET, ...summary(total, passes, records) };
}
