import type { TimingMarks } from '../metrics/timingMarks';
import type { ConnectionState } from './connectionState';
import type { ModelError } from './modelError';

export type Surface = 'completion' | 'edit' | 'chat' | 'next-edit' | 'review' | 'task';

export interface InputMessage {
  role: 'user' | 'assistant' | 'system' | 'developer';
  content: string;
}

/** A function the model may call (Responses API function calling); `parameters` is a JSON schema. */
export interface FunctionToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A call the model made, sent back when the whole conversation is resent. */
export interface FunctionCallInput {
  type: 'function_call';
  callId: string;
  name: string;
  arguments: string;
}

/** The output of a call, the next request's input. */
export interface FunctionCallOutputInput {
  type: 'function_call_output';
  callId: string;
  output: string;
}

/** One item of a function-calling conversation. */
export type ConversationItem = InputMessage | FunctionCallInput | FunctionCallOutputInput;

/** A function call the model made in a response. */
export interface FunctionCallResult {
  callId: string;
  name: string;
  arguments: string;
  /** The client's clock when the call's item was complete on the wire. */
  receivedAt: number;
}

export interface ModelRequest {
  surface: Surface;
  /** Model name; the client's configured model when omitted. */
  model?: string;
  /** Stable instructions; identical text lets the server reuse its warmed state. */
  instructions?: string;
  /** New input items (only the new ones when `previousResponseId` is set). */
  input: InputMessage[];
  /** Continue a stored response chain (WebSocket mode). */
  previousResponseId?: string;
  /** Whole conversation to resend when the chain is lost (`previous_response_not_found`). */
  fullInput?: InputMessage[];
  maxOutputTokens?: number;
  temperature?: number;
  /** Stop sequences; the client also cuts the text at the first one. */
  stop?: string[];
  /** Native fill-in-the-middle (self-hosted completion endpoints); `input` may then be empty. */
  fim?: { prefix: string; suffix: string };
  /** Ask for JSON matching this schema (structured output), where the endpoint supports it. */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  /**
   * Function calling (Responses API only): the functions offered, and the conversation as items
   * (messages, calls and their outputs), sent in place of `input` / `fullInput`.
   */
  tools?: readonly FunctionToolSpec[];
  items?: readonly ConversationItem[];
  fullItems?: readonly ConversationItem[];
  /** Free-form label for logs (e.g. the router's reason). */
  label?: string;
}

/** One running generation. Iterate it for text deltas; `done` always resolves (never rejects). */
export interface ModelStream extends AsyncIterable<string> {
  readonly id: number;
  readonly marks: TimingMarks;
  readonly done: Promise<StreamResult>;
  /** Stop at once: no more deltas are delivered; `done` resolves with status 'cancelled'. */
  cancel(): void;
  /** Queue new user input into the running response, where the endpoint supports it. */
  steer?(input: InputMessage[]): Promise<boolean>;
}

export interface StreamResult {
  status: 'completed' | 'incomplete' | 'cancelled' | 'failed';
  /** All text delivered (after stop-sequence cutting). */
  text: string;
  responseId?: string;
  outputTokens: number;
  /** The function calls the response made (function calling), in order. */
  calls?: FunctionCallResult[];
  error?: ModelError;
}

export interface ModelClient {
  readonly transport: 'ws' | 'http';
  readonly model: string;
  stream(request: ModelRequest): ModelStream;
  /** Prepare server state for these instructions without generating (idempotent). */
  warm(instructions: string): Promise<void>;
  readonly state: ConnectionState;
  onStateChange(listener: (state: ConnectionState) => void): () => void;
  /** Counters the soak test checks return to idle. */
  stats(): { openRequests: number; busyLanes: number; sockets: number; listeners: number };
  dispose(): void;
}
