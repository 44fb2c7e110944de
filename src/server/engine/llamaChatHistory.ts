import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelResponse } from 'node-llama-cpp';
import type { ChatMessage } from './engine';

/**
 * A conversation as node-llama-cpp's chat history, which the model's chat wrapper renders with
 * its own template. A function call and its output are one item of the model's response (the
 * wrapper writes the call, then the output where the template puts tool results), and the model
 * goes on from there: a conversation ending with outputs continues the same model response.
 */
export function llamaChatHistory(instructions: string | undefined, messages: readonly ChatMessage[]): ChatHistoryItem[] {
  const system = [instructions, ...messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => m.content)]
    .filter(Boolean)
    .join('\n\n');
  const items: ChatHistoryItem[] = system ? [{ type: 'system', text: system }] : [];
  const calls = new Map<string, ChatModelFunctionCall>();
  let response: ChatModelResponse | undefined;
  // Calls made one after another form one chunk (parallel calls); text or results end a chunk.
  let chunkOpen = false;
  const modelResponse = () => {
    if (!response) {
      response = { type: 'model', response: [] };
      items.push(response);
    }
    return response.response;
  };
  for (const m of messages) {
    if (m.role === 'user' && m.outputOf === undefined) {
      items.push({ type: 'user', text: m.content });
      response = undefined;
      chunkOpen = false;
    } else if (m.role === 'user') {
      const call = calls.get(m.outputOf!);
      chunkOpen = false;
      if (call) call.result = m.content;
      else {
        // An output of no call in sight (the routes refuse one; kept for any other caller): the model still reads it.
        items.push({ type: 'user', text: m.content });
        response = undefined;
      }
    } else if (m.role === 'assistant' && m.call) {
      const call: ChatModelFunctionCall = { type: 'functionCall', name: m.call.name, params: parsedArguments(m.call.arguments), result: '' };
      if (!chunkOpen) call.startsNewChunk = true;
      chunkOpen = true;
      calls.set(m.call.callId, call);
      modelResponse().push(call);
    } else if (m.role === 'assistant') {
      if (m.content) modelResponse().push(m.content);
      else modelResponse();
      chunkOpen = false;
    }
  }
  // The reply being generated: a new model response, or the one the function outputs continue.
  if (!response) items.push({ type: 'model', response: [] });
  return items;
}

/** Arguments as the JSON value the template renders; text that is not JSON stays text. */
function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
