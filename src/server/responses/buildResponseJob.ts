import { ApiError } from '../apiError';
import { toolsUnderChoice } from '../generation/toolChoice';
import type { ServedModels } from '../servedModels';
import { newId } from './responseObject';
import type { ResponseJob } from './responseJob';
import { inputMessages, requestTools, type ResponseRequest } from './responseRequest';
import type { ChatMessage, FunctionCall } from '../engine/engine';
import type { StoredResponse } from './responseStore';

export interface JobContext {
  models: ServedModels;
  lookup(id: string): StoredResponse | undefined;
  /** Why the engine cannot serve `tools` (its model cannot call functions); undefined when it can. */
  toolsUnsupported?: string;
}

/** Resolves model and stored conversation for a request, or throws the API error to send. */
export function buildResponseJob(
  req: ResponseRequest,
  ctx: JobContext,
  options: { generate: boolean; streamId?: string },
): ResponseJob {
  let previous: StoredResponse | undefined;
  if (req.previous_response_id) {
    previous = ctx.lookup(req.previous_response_id);
    if (!previous) {
      throw new ApiError(
        400,
        'previous_response_not_found',
        `Previous response with id '${req.previous_response_id}' not found.`,
        'previous_response_id',
      );
    }
  }
  const model = ctx.models.resolve(req.model ?? previous?.model);
  if (!model) {
    throw new ApiError(
      404,
      'model_not_found',
      `The model '${req.model}' does not exist here; this endpoint serves ${ctx.models.names.join(' and ')}.`,
      'model',
    );
  }
  const input = inputMessages(req.input);
  if (options.generate && input.length === 0 && !previous) {
    throw new ApiError(400, 'missing_required_parameter', "Missing required parameter: 'input'.", 'input');
  }
  checkCallOutputs(previous?.messages ?? [], input);
  const tools = toolsUnderChoice(req.tool_choice, requestTools(req));
  // Ignoring the tools would answer a task with text that only pretends to act: say why instead.
  if (tools.length && ctx.toolsUnsupported) throw new ApiError(400, 'invalid_request_error', ctx.toolsUnsupported, 'tools');
  return {
    shape: {
      id: newId('resp'),
      createdAt: Math.floor(Date.now() / 1000),
      model: model.name,
      instructions: req.instructions ?? previous?.instructions ?? null,
      previousResponseId: previous?.id ?? null,
      maxOutputTokens: req.max_output_tokens ?? null,
      temperature: req.temperature ?? null,
      store: req.store ?? true,
      metadata: req.metadata ?? {},
      tools: req.tools ?? [],
      toolChoice: req.tool_choice ?? 'auto',
    },
    tools,
    model,
    conversation: [...(previous?.messages ?? []), ...input],
    generate: options.generate,
    streamId: options.streamId,
  };
}

/**
 * As the Responses API checks: every output answers a call of the conversation, and a response
 * that ended in calls is continued with an output for each of them.
 */
function checkCallOutputs(history: readonly ChatMessage[], input: readonly ChatMessage[]): void {
  const calls = new Set<string>();
  for (const m of [...history, ...input]) if (m.call) calls.add(m.call.callId);
  for (const m of input) {
    if (m.outputOf !== undefined && !calls.has(m.outputOf)) {
      throw new ApiError(400, 'invalid_request_error', `No tool call found for function call output with call_id ${m.outputOf}.`, 'input');
    }
  }
  const answered = new Set(input.map((m) => m.outputOf));
  for (let i = history.length - 1; i >= 0 && history[i].role === 'assistant'; i--) {
    const call = history[i].call;
    if (call && !answered.has(call.callId)) {
      throw new ApiError(400, 'invalid_request_error', `No tool output found for function call ${call.callId}.`, 'input');
    }
  }
}

/** What to keep of a finished response so a successor can continue it: its text, then its calls. */
export function storedFrom(job: ResponseJob, text: string, calls: readonly FunctionCall[] = []): StoredResponse {
  const said: ChatMessage[] = text || !calls.length ? [{ role: 'assistant', content: text }] : [];
  for (const call of calls) said.push({ role: 'assistant', content: `${call.name}(${call.arguments})`, call });
  const messages = job.generate ? [...job.conversation, ...said] : job.conversation;
  return { id: job.shape.id, model: job.model.name, instructions: job.shape.instructions, messages };
}
