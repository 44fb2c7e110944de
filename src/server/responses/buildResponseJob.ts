import { ApiError } from '../apiError';
import type { ServedModels } from '../servedModels';
import { newId } from './responseObject';
import type { ResponseJob } from './responseJob';
import { inputMessages, type ResponseRequest } from './responseRequest';
import type { StoredResponse } from './responseStore';

export interface JobContext {
  models: ServedModels;
  lookup(id: string): StoredResponse | undefined;
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
    },
    model,
    conversation: [...(previous?.messages ?? []), ...input],
    generate: options.generate,
    streamId: options.streamId,
  };
}

/** What to keep of a finished response so a successor can continue it. */
export function storedFrom(job: ResponseJob, text: string): StoredResponse {
  const messages = job.generate ? [...job.conversation, { role: 'assistant' as const, content: text }] : job.conversation;
  return { id: job.shape.id, model: job.model.name, instructions: job.shape.instructions, messages };
}
