/** What the model is asked: a conversation, a fill-in-the-middle hole, or a raw text prompt. */
export type Prompt =
  | { kind: 'chat'; instructions?: string; messages: ChatMessage[] }
  | { kind: 'fim'; prefix: string; suffix: string; extra?: string }
  | { kind: 'text'; text: string };

export interface ChatMessage {
  role: 'user' | 'assistant' | 'system' | 'developer';
  content: string;
}

export interface GenerationRequest {
  prompt: Prompt;
  /** Hard cap on generated tokens. */
  maxTokens: number;
  temperature?: number;
  /** Aborting stops generation promptly; the iterator then ends without error. */
  signal: AbortSignal;
}

/**
 * Generated text and how many tokens produced it. Engines that hold back partial UTF-8
 * yield pieces covering several tokens, or none (`text: ''`) for tokens not yet decodable.
 */
export interface TokenPiece {
  text: string;
  tokens: number;
}

/** A text generator behind the endpoint (scripted fixture or real inference). */
export interface Engine {
  readonly name: string;
  /** Token count of a prompt, for usage figures. */
  countPromptTokens(prompt: Prompt): Promise<number>;
  /** Streams tokens until the reply ends, `maxTokens` is reached or the signal aborts. */
  generate(request: GenerationRequest): AsyncIterable<TokenPiece>;
  close(): Promise<void>;
}

/** The last user message of a conversation, or '' when there is none. */
export function lastUserMessage(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return messages[i].content;
  return '';
}
