import { z } from 'zod';
import { ApiError } from '../apiError';
import { responseRequestSchema, schemaError } from '../responses/responseRequest';

export const STREAM_ID = /^[A-Za-z0-9_.-]{1,256}$/;

const createEvent = responseRequestSchema.extend({
  type: z.literal('response.create'),
  stream_id: z.string().optional(),
  generate: z.boolean().optional(),
});

const steerEvent = z
  .object({
    type: z.literal('response.steer'),
    response_id: z.string().optional(),
    previous_response_id: z.string().optional(),
    stream_id: z.string().optional(),
    input: responseRequestSchema.shape.input.unwrap(),
  })
  .passthrough();

export type CreateEvent = z.infer<typeof createEvent>;
export type SteerEvent = z.infer<typeof steerEvent>;

/** Validates one decoded client frame as a known event, or throws the error to answer with. */
export function parseClientEvent(data: unknown): CreateEvent | SteerEvent {
  const type = (data as { type?: unknown } | null)?.type;
  const schema = type === 'response.create' ? createEvent : type === 'response.steer' ? steerEvent : undefined;
  if (!schema) {
    const what = typeof type === 'string' ? `Unknown event type '${type}'` : "The event has no 'type'";
    throw new ApiError(400, 'invalid_event', `${what}; expected response.create or response.steer.`, 'type');
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw schemaError(parsed.error);
  return parsed.data;
}
