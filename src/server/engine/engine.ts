/** What the model is asked: a conversation, a fill-in-the-middle hole, or a raw text prompt. */
export type Prompt =
  | { kind: 'chat'; instructions?: string; messages: ChatMessage[] }
  | { kind: 'fim'; prefix: string; suffix: string; extra?: string }
  | { kind: 'text'; text: string };

export interface ChatMessage {
  role: 'user' | 'assistant' | 'system' | 'developer';
  /** For tool items, readable text too (`name(arguments)`, the output), so any engine can follow. */
  content: string;
  /** An assistant message that is a function call (Responses API `function_call` item). */
  call?: FunctionCall;
  /** A user message that is a function call's output (`function_call_output`), by call id. */
  outputOf?: string;
}

/** A function the model called: its name and JSON arguments, and the id its output answers. */
export interface FunctionCall {
  callId: string;
  name: string;
  arguments: string;
}

/** A function the model may call (a request's `tools`). */
export interface FunctionTool {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
}

export interface GenerationRequest {
  prompt: Prompt;
  /** Hard cap on generated tokens. */
  maxTokens: number;
  temperature?: number;
  /** Aborting stops generation promptly; the iterator then ends without error. */
  signal: AbortSignal;
  /** Called once before generating: the prompt's tokens, and how many of them a cache already held. */
  onPrompt?(prompt: PromptEvaluation): void;
  /** Functions the model may call (a chat prompt's `tools`): the last piece carries the calls it made. */
  tools?: readonly FunctionTool[];
}

export interface PromptEvaluation {
  tokens: number;
  /** Tokens reused from what the engine evaluated for an earlier request (not evaluated again). */
  cached: number;
}

/** What a real model is, for clients that configure themselves from it (GET /v1/models). */
export interface ModelFacts {
  /** File name of the GGUF. */
  file: string;
  /** Tokens the model was trained on (and the endpoint serves at most). */
  contextLength: number;
  /** The model's fill-in-the-middle token ids (null where it has none): /infill works natively with prefix and suffix. */
  fimTokens: { prefix: number | null; suffix: number | null; middle: number | null };
  /** The model carries a chat template: it was tuned to follow instructions. */
  chatTemplate: boolean;
  /** Its chat template renders tools: requests may offer functions to call. */
  tools: boolean;
  /** Characters per token on a sample of code (1 for a byte-level vocabulary). */
  charsPerToken: number;
  /** CPU threads inference runs on. */
  threads: number;
}

/**
 * Generated text and how many tokens produced it. Engines that hold back partial UTF-8
 * yield pieces covering several tokens, or none (`text: ''`) for tokens not yet decodable.
 */
export interface TokenPiece {
  text: string;
  tokens: number;
  /** The function calls the model made after its text (only for a request with `tools`). */
  calls?: PlannedCall[];
}

/** A function call as the model makes it; the endpoint gives it its call id. */
export type PlannedCall = Omit<FunctionCall, 'callId'>;

/** A text generator behind the endpoint (scripted fixture or real inference). */
export interface Engine {
  readonly name: string;
  /** Token count of a prompt (with the functions it offers, which the template documents), for usage figures. */
  countPromptTokens(prompt: Prompt, tools?: readonly FunctionTool[]): Promise<number>;
  /** Streams tokens until the reply ends, `maxTokens` is reached or the signal aborts. */
  generate(request: GenerationRequest): AsyncIterable<TokenPiece>;
  /** Why a request offering `tools` cannot be served (the model cannot call functions); undefined when it can. */
  readonly toolsUnsupported?: string;
  /** A real model's facts; absent for engines without one (scripted replies). */
  readonly facts?: ModelFacts;
  close(): Promise<void>;
}

/** The last user message of a conversation (function call outputs aside), or '' when there is none. */
export function lastUserMessage(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user' && messages[i].outputOf === undefined) return messages[i].content;
  return '';
}
