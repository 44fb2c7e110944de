import { ApiError } from '../apiError';
import type { FunctionTool } from '../engine/engine';

/**
 * The functions offered to the model under a request's `tool_choice` (Responses API and Chat
 * Completions alike): `auto` (or none given) offers them all, `none` offers none, so the
 * template documents none and the model answers in text. Forcing a call (`required`, a named
 * function, `allowed_tools`) is refused: the engine lets the model decide whether to call, and
 * quietly ignoring the demand would answer with text the client did not ask for.
 */
export function toolsUnderChoice(choice: unknown, tools: FunctionTool[]): FunctionTool[] {
  if (choice === undefined || choice === null || choice === 'auto') return tools;
  if (choice === 'none') return [];
  if (choice === 'required' || (typeof choice === 'object' && typeof (choice as { type?: unknown }).type === 'string')) {
    const what = typeof choice === 'string' ? `'${choice}'` : `of type '${(choice as { type: string }).type}'`;
    throw new ApiError(
      400,
      'unsupported_value',
      `Unsupported value: tool_choice ${what} is not supported by this endpoint: its model decides by itself whether to call a function. Send tool_choice 'auto' or 'none'.`,
      'tool_choice',
    );
  }
  throw new ApiError(
    400,
    'invalid_value',
    `Invalid value for 'tool_choice': ${JSON.stringify(choice)}. Supported values are: 'none', 'auto', 'required' and a function.`,
    'tool_choice',
  );
}
