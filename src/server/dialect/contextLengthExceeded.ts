import { ApiError } from '../apiError';

/**
 * OpenAI's refusal of a prompt longer than the model's context window, as the Responses API
 * (`param` input) and Chat Completions (`param` messages) send it: a 400 with the code
 * `context_length_exceeded`, which clients recognise to shorten their conversation.
 */
export function contextLengthExceeded(param: 'input' | 'messages', promptTokens: number, contextTokens: number): ApiError {
  const message =
    param === 'input'
      ? 'Your input exceeds the context window of this model. Please adjust your input and try again.'
      : `This model's maximum context length is ${contextTokens} tokens. However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`;
  return new ApiError(400, 'context_length_exceeded', message, param);
}
