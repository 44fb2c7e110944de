import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { rateLimitError } from '../apiError';
import type { EndpointContext } from '../endpointContext';
import { generateText } from '../generation/generateText';
import { BAD_UTF8_MARK, chunkFraming, EventWriter } from '../responses/eventWriter';
import { CollectSink, endAbandoned } from './collectSink';
import { parseBody, resolveModel, stopList } from './openAiFields';
import { readJsonBody } from './readBody';
import { sendJson } from './sendJson';
import { abortOnClose, endSse, sseSink } from './sseSink';

const infillRequest = z
  .object({
    model: z.string().optional(),
    input_prefix: z.string().default(''),
    input_suffix: z.string().default(''),
    input_extra: z.array(z.object({ filename: z.string().optional(), text: z.string() }).passthrough()).default([]),
    /** Text inserted after the prefix (llama.cpp appends it to the prefix). */
    prompt: z.string().default(''),
    /** -1: until the model stops; 0: evaluate the prompt only (warm the cache). */
    n_predict: z.number().int().min(-1).default(-1),
    stream: z.boolean().default(false),
    temperature: z.number().min(0).max(2).optional(),
    stop: z.array(z.string()).optional(),
    t_max_predict_ms: z.number().nonnegative().optional(),
  })
  .passthrough();

/** `POST /infill`, shaped like llama.cpp's server: `{content, stop}` chunks and a final summary. */
export async function infillRoute(req: IncomingMessage, res: ServerResponse, ctx: EndpointContext): Promise<void> {
  const body = parseBody(infillRequest, await readJsonBody(req, ctx.maxFrameBytes, ctx.bodyTimeoutMs));
  const model = resolveModel(ctx, body.model);
  // llama.cpp's own route: no OpenAI limit on stop sequences, whatever the dialect.
  const stop = stopList(ctx, body.stop, Infinity);
  const limited = ctx.faults.take('rateLimit');
  if (limited) throw rateLimitError(limited.retryAfterSeconds);
  const extra = body.input_extra.map((f) => (f.filename ? `// ${f.filename}\n${f.text}` : f.text)).join('\n');
  const prompt = { kind: 'fim' as const, prefix: body.input_prefix + body.prompt, suffix: body.input_suffix, extra };
  const faults = ctx.faults.armResponse();
  const controller = new AbortController();
  abortOnClose(res, controller);
  const deadline = body.t_max_predict_ms ? AbortSignal.timeout(body.t_max_predict_ms) : undefined;
  const collect = body.stream ? undefined : new CollectSink(() => res.destroy());
  const writer = new EventWriter(collect ?? sseSink(res, false), faults, chunkFraming);
  const result = await generateText({
    ctx,
    route: 'infill',
    model,
    prompt,
    maxTokens: body.n_predict < 0 ? Infinity : body.n_predict,
    temperature: body.temperature,
    stop,
    faults,
    signal: deadline ? AbortSignal.any([controller.signal, deadline]) : controller.signal,
    onText: (text, bad) => writer.emit({ index: 0, content: bad ? text + BAD_UTF8_MARK : text, stop: false, id_slot: 0 }, bad),
  });
  const timedOut = deadline?.aborted && !controller.signal.aborted;
  if ((result.abandoned && !timedOut) || writer.ended) return endAbandoned(res, collect, faults.errorEvent?.status);
  const summary = {
    index: 0,
    content: collect ? result.text : '',
    id_slot: 0,
    stop: true,
    model: model.name,
    tokens_predicted: result.outputTokens,
    tokens_evaluated: result.inputTokens,
    tokens_cached: result.cachedTokens,
    stop_type: result.stoppedBy !== undefined ? 'word' : result.finishReason === 'length' || timedOut ? 'limit' : 'eos',
    stopping_word: result.stoppedBy ?? '',
    truncated: false,
    timings: {
      prompt_n: result.inputTokens - result.cachedTokens,
      prompt_ms: result.firstTokenMs,
      predicted_n: result.outputTokens,
      predicted_ms: result.elapsedMs - result.firstTokenMs,
      predicted_per_second: result.outputTokens / Math.max(1e-3, (result.elapsedMs - result.firstTokenMs) / 1000),
    },
  };
  if (collect) return sendJson(res, 200, summary);
  await writer.emit(summary);
  endSse(res, false);
}
