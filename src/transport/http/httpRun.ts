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
}
