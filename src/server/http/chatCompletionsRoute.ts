import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { ApiError, rateLimitError } from '../apiError';
import { fitPrompt } from '../dialect/fitPrompt';
import type { EndpointContext } from '../endpointContext';
import { generateText } from '../generation/generateText';
import { BAD_UTF8_MARK, chunkFraming, EventWriter } from '../responses/eventWriter';
import { newId } from '../responses/responseObject';
import { toolsUnderChoice } from '../generation/toolChoice';
import { chatMessage, chatMessages, chatTool, chatTools, checkToolMessages } from './chatMessages';
import { CollectSink, endAbandoned } from './collectSink';
import { parseBody, resolveModel, samplingFields, stopList } from './openAiFields';
import { readJsonBody } from './readBody';
import { sendJson } from './sendJson';
import { abortOnClose, endSse, sseSink } from './sseSink';

const chatRequest = z
  .object({
    ...samplingFields,
    messages: z.array(chatMessage).min(1),
    max_completion_tokens: z.number().int().positive().nullish(),
    tools: z.array(chatTool).nullish(),
    tool_choice: z.unknown().optional(),
  })
  .passthrough();

/** `POST /v1/chat/completions`, streaming (`chat.completion.chunk` + `[DONE]`) or not. */
export async function chatCompletionsRoute(req: IncomingMessage, res: ServerResponse, ctx: EndpointContext): Promise<void> {
  const body = parseBody(chatRequest, await readJsonBody(req, ctx.maxFrameBytes, ctx.bodyTimeoutMs));
  const model = resolveModel(ctx, body.model);
  const limited = ctx.faults.take('rateLimit');
  if (limited) throw rateLimitError(limited.retryAfterSeconds);
  const stop = stopList(ctx, body.stop);
  const tools = toolsUnderChoice(body.tool_choice, chatTools(body.tools));
  // As on /v1/responses: tools the model cannot call are refused, never silently ignored.
  if (tools.length && ctx.engine.toolsUnsupported) throw new ApiError(400, 'invalid_request_error', ctx.engine.toolsUnsupported, 'tools');
  checkToolMessages(body.messages);
  const prompt = await fitPrompt(ctx, { kind: 'chat', messages: chatMessages(body.messages) }, 'messages', tools);
  const id = newId('chatcmpl', '-');
  const base = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: model.name, system_fingerprint: null };
  const chunk = (delta: object, finish: string | null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const faults = ctx.faults.armResponse();
  const controller = new AbortController();
  abortOnClose(res, controller);
  const collect = body.stream ? undefined : new CollectSink(() => res.destroy());
  const writer = new EventWriter(collect ?? sseSink(res, false), faults, chunkFraming);
  if (!(await writer.emit(chunk({ role: 'assistant', content: '' }, null)))) return void res.destroy();
  const result = await generateText({
    ctx,
    route: 'chat',
    model,
    prompt,
    maxTokens: body.max_completion_tokens ?? body.max_tokens ?? Infinity,
    temperature: body.temperature ?? undefined,
    stop,
    tools,
    faults,
    signal: controller.signal,
    onText: (text, bad) => writer.emit(chunk({ content: bad ? text + BAD_UTF8_MARK : text }, null), bad),
  });
  if (result.abandoned || writer.ended) return endAbandoned(res, collect, faults.errorEvent?.status);
  const usage = {
    prompt_tokens: result.inputTokens,
    completion_tokens: result.outputTokens,
    total_tokens: result.inputTokens + result.outputTokens,
    prompt_tokens_details: { cached_tokens: result.cachedTokens },
  };
  const toolCalls = result.calls.map((c) => ({ id: newId('call'), type: 'function', function: { name: c.name, arguments: c.arguments } }));
  if (collect) {
    const message = { role: 'assistant', content: toolCalls.length && !result.text ? null : result.text, refusal: null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
    const choices = [{ index: 0, message, logprobs: null, finish_reason: result.finishReason }];
    return sendJson(res, 200, { ...base, object: 'chat.completion', choices, usage });
  }
  for (const [index, call] of toolCalls.entries()) {
    const { arguments: args, name } = call.function;
    if (!(await writer.emit(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name, arguments: '' } }] }, null)))) break;
    if (!(await writer.emit(chunk({ tool_calls: [{ index, function: { arguments: args } }] }, null)))) break;
  }
  await writer.emit(chunk({}, result.finishReason));
  if (body.stream_options?.include_usage || ctx.dialect.usageUnasked) await writer.emit({ ...base, choices: [], usage });
  endSse(res, !writer.ended);
}
