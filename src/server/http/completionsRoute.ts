import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { rateLimitError } from '../apiError';
import { fitPrompt } from '../dialect/fitPrompt';
import type { EndpointContext } from '../endpointContext';
import { generateText } from '../generation/generateText';
import { BAD_UTF8_MARK, chunkFraming, EventWriter } from '../responses/eventWriter';
import { newId } from '../responses/responseObject';
import { CollectSink, endAbandoned } from './collectSink';
import { parseBody, resolveModel, samplingFields, stopList } from './openAiFields';
import { readJsonBody } from './readBody';
import { sendJson } from './sendJson';
import { abortOnClose, endSse, sseSink } from './sseSink';

const completionRequest = z
  .object({
    ...samplingFields,
    prompt: z.string(),
    /** Text after the hole: makes the request fill-in-the-middle. */
    suffix: z.string().nullish(),
  })
  .passthrough();

// OpenAI's documented default for /v1/completions.
const DEFAULT_MAX_TOKENS = 16;

/** `POST /v1/completions` (legacy text completions; `suffix` asks for fill-in-the-middle). */
export async function completionsRoute(req: IncomingMessage, res: ServerResponse, ctx: EndpointContext): Promise<void> {
  const body = parseBody(completionRequest, await readJsonBody(req, ctx.maxFrameBytes, ctx.bodyTimeoutMs));
  const model = resolveModel(ctx, body.model);
  const refused = typeof body.suffix === 'string' ? ctx.dialect.suffixRefusal() : undefined;
  if (refused) throw refused;
  const stop = stopList(ctx, body.stop);
  const prompt = await fitPrompt(
    ctx,
    typeof body.suffix === 'string' ? { kind: 'fim', prefix: body.prompt, suffix: body.suffix } : { kind: 'text', text: body.prompt },
  );
  const limited = ctx.faults.take('rateLimit');
  if (limited) throw rateLimitError(limited.retryAfterSeconds);
  const base = { id: newId('cmpl', '-'), object: 'text_completion', created: Math.floor(Date.now() / 1000), model: model.name };
  const asked = body.stream_options?.include_usage === true;
  // Ollama puts an all-zero usage on every chunk when usage is asked for.
  const zeroUsage = asked && ctx.dialect.zeroUsageOnChunks ? { usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } } : {};
  const chunk = (text: string, finish: string | null) => ({
    ...base,
    choices: [{ text, index: 0, logprobs: null, finish_reason: finish }],
    ...zeroUsage,
  });
  const faults = ctx.faults.armResponse();
  const controller = new AbortController();
  abortOnClose(res, controller);
  const collect = body.stream ? undefined : new CollectSink(() => res.destroy());
  const writer = new EventWriter(collect ?? sseSink(res, false), faults, chunkFraming);
  const result = await generateText({
    ctx,
    route: 'completions',
    model,
    prompt,
    maxTokens: body.max_tokens ?? DEFAULT_MAX_TOKENS,
    temperature: body.temperature ?? undefined,
    stop,
    faults,
    signal: controller.signal,
    onText: (text, bad) => writer.emit(chunk(bad ? text + BAD_UTF8_MARK : text, null), bad),
  });
  if (result.abandoned || writer.ended) return endAbandoned(res, collect, faults.errorEvent?.status);
  const usage = {
    prompt_tokens: result.inputTokens,
    completion_tokens: result.outputTokens,
    total_tokens: result.inputTokens + result.outputTokens,
    prompt_tokens_details: { cached_tokens: result.cachedTokens },
  };
  if (collect) return sendJson(res, 200, { ...chunk(result.text, result.finishReason), usage });
  await writer.emit(chunk('', result.finishReason));
  if (asked || ctx.dialect.usageUnasked) await writer.emit({ ...base, choices: [], usage });
  endSse(res, !writer.ended);
}
