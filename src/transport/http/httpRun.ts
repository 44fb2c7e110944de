import type OpenAI from 'openai';
import type { ModelRequest } from '../modelClient';
import type { TokenStream } from '../tokenStream';

/** One HTTP request in progress: what the per-API runners need. */
export interface HttpRun {
  sdk: OpenAI;
  stream: TokenStream;
  request: ModelRequest;
  model: string;
  endpoint: string;
  signal: AbortSignal;
  /** Set once the server is seen to keep no chain of responses: later requests resend the whole conversation. */
  chains?: { lost: boolean };
}
