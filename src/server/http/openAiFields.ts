import { z } from 'zod';
import { ApiError } from '../apiError';
import type { EndpointContext } from '../endpointContext';
import { schemaError } from '../responses/responseRequest';
import type { ServedModel } from '../servedModels';

/** Fields the Chat Completions and Completions requests share. */
export const samplingFields = {
  model: z.string().optional(),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).passthrough().nullish(),
  max_tokens: z.number().int().positive().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  stop: z.union([z.string(), z.array(z.string()).max(4)]).nullish(),
  n: z.literal(1).nullish(),
};

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw schemaError(parsed.error);
  return parsed.data;
}

export function stopList(stop: string | string[] | null | undefined): string[] {
  return (stop === undefined || stop === null ? [] : typeof stop === 'string' ? [stop] : stop).filter(Boolean);
}

/** The served model for a request's `model`, or a 404 naming the served ones. */
export function resolveModel(ctx: EndpointContext, name: string | undefined): ServedModel {
  const model = ctx.models.resolve(name);
  if (!model) {
    throw new ApiError(
      404,
      'model_not_found',
      `The model '${name}' does not exist here; this endpoint serves ${ctx.models.names.join(' and ')}.`,
      'model',
    );
  }
  return model;
}
