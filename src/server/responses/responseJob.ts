import type { ChatMessage, FunctionCall, FunctionTool } from '../engine/engine';
import type { ServedModel } from '../servedModels';
import type { ResponseShape } from './responseObject';

/** One validated response request, its conversation already resolved from the store. */
export interface ResponseJob {
  shape: ResponseShape;
  model: ServedModel;
  /** Functions the model may call (none: it answers with text only). */
  tools: FunctionTool[];
  /** Everything the model sees: stored history plus the new input. */
  conversation: ChatMessage[];
  /** false: warm-up only, answer with an id and no output. */
  generate: boolean;
  streamId?: string;
}

/** How a response ended, for storage and for the lane scheduler. */
export interface ResponseOutcome {
  status: 'completed' | 'incomplete' | 'failed' | 'abandoned';
  text: string;
  /** The function calls the response made, after its text. */
  calls: FunctionCall[];
  incompleteReason?: string;
}
