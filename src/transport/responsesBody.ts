import type { ResponseCreateParamsStreaming } from 'openai/resources/responses/responses';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import type { ConversationItem, InputMessage, ModelRequest } from './modelClient';

export type ResponsesBody = Omit<ResponseCreateParamsStreaming, 'stream'>;

/**
 * The Responses API request for a ModelRequest: `fullInput` without the chain when the chain
 * was lost (`previous_response_not_found`), else the new input after `previousResponseId`.
 */
export function responsesBody(request: ModelRequest, model: string, restart: boolean): ResponsesBody {
  const chained = !restart && request.previousResponseId !== undefined;
  const input = restart && request.fullInput ? request.fullInput : request.input;
  const items = restart && request.fullItems ? request.fullItems : request.items;
  const body: ResponsesBody = { model: request.model ?? model, input: items ? conversationItems(items) : inputItems(input) };
  if (request.tools?.length) {
    body.tools = request.tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.parameters, strict: false }));
  }
  if (request.instructions !== undefined) body.instructions = request.instructions;
  if (chained) body.previous_response_id = request.previousResponseId;
  if (request.maxOutputTokens !== undefined) body.max_output_tokens = request.maxOutputTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.jsonSchema) body.text = { format: { type: 'json_schema', name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true } };
  return body;
}

export function inputItems(messages: readonly InputMessage[]): { role: InputMessage['role']; content: string }[] {
  return messages.map((m) => ({ role: m.role, content: m.content }));
}

/** Function-calling conversation items in the Responses API's wire form. */
export function conversationItems(items: readonly ConversationItem[]): ResponseInputItem[] {
  return items.map((item): ResponseInputItem => {
    if (!('type' in item)) return { role: item.role, content: item.content };
    if (item.type === 'function_call') return { type: 'function_call', call_id: item.callId, name: item.name, arguments: item.arguments };
    return { type: 'function_call_output', call_id: item.callId, output: item.output };
  });
}
