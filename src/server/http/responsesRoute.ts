import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, rateLimitError } from '../apiError';
import { fitPrompt } from '../dialect/fitPrompt';
import { responseNotFound } from '../dialect/vllmDialect';
import type { EndpointContext } from '../endpointContext';
import { buildResponseJob, storedFrom } from '../responses/buildResponseJob';
import { EventWriter, responsesFraming } from '../responses/eventWriter';
import { parseResponseRequest, type ResponseRequest } from '../responses/responseRequest';
import { ResponseRun } from '../responses/responseRun';
import { CollectSink } from './collectSink';
import { resolveModel } from './openAiFields';
import { readJsonBody } from './readBody';
import { sendJson } from './sendJson';
import { sseSink } from './sseSink';

/** `POST /v1/responses`: SSE events with `stream: true`, else the final response as JSON. */
export async function responsesRoute(req: IncomingMessage, res: ServerResponse, ctx: EndpointContext): Promise<void> {
  const body = dialectRequest(ctx, parseResponseRequest(await readJsonBody(req, ctx.maxFrameBytes, ctx.bodyTimeoutMs)));
  const limited = ctx.faults.take('rateLimit');
  if (limited) throw rateLimitError(limited.retryAfterSeconds);
  const generate = (body as { generate?: unknown }).generate !== false;
  const job = buildResponseJob(body, { models: ctx.models, lookup: (id) => ctx.store.get(id), toolsUnsupported: ctx.engine.toolsUnsupported }, { generate });
  if (generate) {
    const fitted = await fitPrompt(ctx, { kind: 'chat', instructions: job.shape.instructions ?? undefined, messages: job.conversation }, 'input', job.tools);
    if (fitted.kind === 'chat') job.conversation = fitted.messages;
  }
  const faults = ctx.faults.armResponse(job.generate);
  const collect = body.stream ? undefined : new CollectSink(() => res.destroy());
  const sink = collect ?? sseSink(res, true);
  const deps = {
    engine: ctx.engine,
    pacing: ctx.models.pacing(job.model, ctx.knobs),
    maxTokens: ctx.knobs.maxTokens,
    faults,
    ...(ctx.engine.facts && { contextTokens: ctx.contextTokens }),
  };
  const run = new ResponseRun(job, deps, new EventWriter(sink, faults, responsesFraming()));
  res.on('close', () => {
    if (!res.writableFinished) run.abandon();
  });
  const outcome = await run.run();
  if ((outcome.status === 'completed' || outcome.status === 'incomplete') && job.shape.store && ctx.dialect.chains === 'stored') {
    ctx.store.put(storedFrom(job, outcome.text, outcome.calls));
  }
  if (!collect) {
    if (!res.destroyed) res.end();
    return;
  }
  if (collect.dropped) return;
  const last = collect.last();
  if (!last) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(String(collect.frames[collect.frames.length - 1]));
  } else if (last.type === 'error') {
    const e = last.error as { code: string; message: string; type: string };
    throw new ApiError(Number(last.status) || 500, e.code, e.message, null, e.type);
  } else {
    sendJson(res, 200, last.response);
  }
}

/**
 * The request as the dialect reads it: the model name it answers to, and `previous_response_id`
 * ignored (servers that store nothing) or never found (a store that is off).
 */
function dialectRequest(ctx: EndpointContext, body: ResponseRequest): ResponseRequest {
  const model = body.model === undefined ? undefined : resolveModel(ctx, body.model).name;
  const previous = body.previous_response_id;
  if (previous && ctx.dialect.chains === 'missing') throw responseNotFound(previous);
  return { ...body, model, previous_response_id: ctx.dialect.chains === 'ignored' ? null : previous };
}
