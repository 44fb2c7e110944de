import type { ResponsesClientEvent } from 'openai/resources/responses/responses';
import type { InputMessage, ModelRequest } from '../modelClient';
import { inputItems, responsesBody } from '../responsesBody';

/** WebSocket-mode additions to the `response.create` event. */
export type WsCreateEvent = ResponsesClientEvent & { generate?: boolean; stream_id?: string };

/** The `response.create` frame of a request; `store: false` keeps nothing server-side. */
export function createEvent(request: ModelRequest, model: string, restart: boolean, streamId: string | undefined): WsCreateEvent {
  const event: WsCreateEvent = { type: 'response.create', ...responsesBody(request, model, restart), store: false };
  if (streamId !== undefined) event.stream_id = streamId;
  return event;
}

/** Prepares the server for these instructions without generating. */
export function warmUpEvent(model: string, instructions: string | undefined, streamId: string | undefined): WsCreateEvent {
  const event: WsCreateEvent = { type: 'response.create', model, input: [], generate: false, store: false };
  if (instructions !== undefined) event.instructions = instructions;
  if (streamId !== undefined) event.stream_id = streamId;
  return event;
}

export function steerEvent(responseId: string, input: readonly InputMessage[]): Record<string, unknown> {
  return { type: 'response.steer', previous_response_id: responseId, input: inputItems(input) };
}

/** The deployment does not do named lanes (unknown parameter, or lanes refused). */
export function refusesLanes(error: { code?: string; param?: string }): boolean {
  return error.code === 'invalid_stream_id' || (error.param === 'stream_id' && error.code !== 'websocket_stream_limit_reached');
}
