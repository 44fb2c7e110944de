import type { FunctionTool, PlannedCall, Prompt } from '../engine/engine';
import type { EndpointContext } from '../endpointContext';
import type { ArmedFaults } from '../faults/faults';
import type { ServedModel } from '../servedModels';
import { producedTokens } from './producedTokens';
import type { RequestRecord } from './requestRecords';
import { StopMatcher } from './stopMatcher';

export interface TextGenerationOptions {
  ctx: EndpointContext;
  /** The route asking, for the endpoint's request records and log. */
  route: string;
  model: ServedModel;
  prompt: Prompt;
  maxTokens: number;
  temperature?: number;
  stop: string[];
  /** Functions the model may call (chat prompts): the calls it makes land in the result. */
  tools?: readonly FunctionTool[];
  faults: ArmedFaults;
  signal: AbortSignal;
  /** Receives each piece of text; resolving false stops generation (the peer is gone). */
  onText(text: string, badUtf8: boolean): Promise<boolean>;
}

export interface TextGenerationResult {
  text: string;
  inputTokens: number;
  /** Prompt tokens the engine reused from an earlier evaluation (0 when it keeps no cache). */
  cachedTokens: number;
  outputTokens: number;
  finishReason: 'stop' | 'length' | 'tool_calls';
  /** The function calls the model made after its text. */
  calls: PlannedCall[];
  stoppedBy?: string;
  /** The client left or a fault ended the stream: send nothing more. */
  abandoned: boolean;
  firstTokenMs: number;
  elapsedMs: number;
}

/** Plain text generation for the Chat Completions, Completions and infill routes. */
export async function generateText(o: TextGenerationOptions): Promise<TextGenerationResult> {
  const started = performance.now();
  const inputTokens = await o.ctx.engine.countPromptTokens(o.prompt, o.tools);
  const maxTokens = Math.min(o.maxTokens, o.ctx.knobs.maxTokens);
  const stop = new StopMatcher(o.stop);
  const local = new AbortController();
  const signal = AbortSignal.any([o.signal, local.signal]);
  let text = '';
  let outputTokens = 0;
  let firstTokenMs = 0;
  let cachedTokens = 0;
  let abandoned = false;
  let entry: RequestRecord | undefined;
  const calls: PlannedCall[] = [];
  const listed = () => (entry ??= o.ctx.requests.start(o.route, inputTokens, cachedTokens));
  for await (const token of producedTokens({
    engine: o.ctx.engine,
    prompt: o.prompt,
    maxTokens,
    temperature: o.temperature,
    pacing: o.ctx.models.pacing(o.model, o.ctx.knobs),
    faults: o.faults,
    signal,
    tools: o.tools?.length ? o.tools : undefined,
    onPrompt: (p) => {
      cachedTokens = p.cached;
      listed();
    },
  })) {
    if (outputTokens === 0) firstTokenMs = performance.now() - started;
    outputTokens += token.tokens;
    if (token.calls) calls.push(...token.calls);
    const piece = stop.push(token.text);
    if (piece || token.badUtf8) {
      text += piece;
      if (!(await o.onText(piece, token.badUtf8))) {
        abandoned = true;
        break;
      }
    }
    if (stop.stoppedBy !== undefined) break;
  }
  local.abort();
  abandoned ||= o.signal.aborted;
  const rest = stop.flush();
  if (rest && !abandoned) {
    text += rest;
    abandoned = !(await o.onText(rest, false));
  }
  // A real model's answer also stops where its context window ends: a length cut too.
  const windowFull = o.ctx.engine.facts !== undefined && inputTokens + outputTokens >= o.ctx.contextTokens;
  const length = stop.stoppedBy === undefined && (outputTokens >= maxTokens || windowFull) && !o.faults.enormousOutput;
  const elapsedMs = performance.now() - started;
  record(o, listed(), { inputTokens, cachedTokens, outputTokens, firstTokenMs, elapsedMs, abandoned });
  return {
    text,
    inputTokens,
    cachedTokens,
    outputTokens,
    finishReason: length ? 'length' : calls.length ? 'tool_calls' : 'stop',
    calls: length ? [] : calls,
    stoppedBy: stop.stoppedBy,
    abandoned,
    firstTokenMs,
    elapsedMs,
  };
}

function record(
  o: TextGenerationOptions,
  entry: RequestRecord,
  r: { inputTokens: number; cachedTokens: number; outputTokens: number; firstTokenMs: number; elapsedMs: number; abandoned: boolean },
): void {
  const generatingMs = r.elapsedMs - r.firstTokenMs;
  const tokensPerSecond = r.outputTokens >= 2 && generatingMs > 0 ? ((r.outputTokens - 1) * 1000) / generatingMs : undefined;
  o.ctx.requests.finish(entry, { outputTokens: r.outputTokens, firstTokenMs: r.firstTokenMs, elapsedMs: r.elapsedMs, tokensPerSecond, abandoned: r.abandoned });
  if (!o.ctx.engine.facts) return;
  const speed = tokensPerSecond === undefined ? '' : ` at ${Math.round(tokensPerSecond)} tokens/s`;
  o.ctx.log(
    `${o.route}: prompt ${r.inputTokens} tokens (${r.cachedTokens} cached), first token ${Math.round(r.firstTokenMs)} ms, ` +
      `${r.outputTokens} tokens${speed}${r.abandoned ? ', abandoned' : ''}`,
  );
}
