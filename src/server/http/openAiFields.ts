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
  stop: z.union([z.string(), z.array(z.string())]).nullish(),
  n: z.literal(1).nullish(),
};

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw schemaError(parsed.error);
  return parsed.data;
}

/** The request's stop sequences; more than the server takes is a 400. */
export function stopList(ctx: EndpointContext, stop: string | string[] | null | undefined, maxStops = ctx.dialect.maxStops): string[] {
  const list = stop === undefined || stop === null ? [] : typeof stop === 'string' ? [stop] : stop;
  if (list.length > maxStops) {
    throw new ApiError(400, 'invalid_request_error', `Invalid stop: at most ${maxStops} stop sequences are allowed, got ${list.length}.`, 'stop');
  }
  return list.filter(Boolean);
}

/** The served model for a request's `model`, or the server's refusal of a name it does not serve. */
export function resolveModel(ctx: EndpointContext, name: string | undefined): ServedModel {
  const model = ctx.models.resolve(name);
  if (model) return model;
  const refusal = ctx.dialect.unknownModel(name ?? '', ctx.models.names);
  if (refusal) throw refusal;
  return ctx.models.fast;
}
