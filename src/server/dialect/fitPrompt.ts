import type { FunctionTool, Prompt } from '../engine/engine';
import type { EndpointContext } from '../endpointContext';
import { contextLengthExceeded } from './contextLengthExceeded';

/** Rounds of cutting before a prompt that still does not fit is sent as it is. */
const MAX_CUTS = 32;

/**
 * A prompt checked against the context as the dialect does: refused (the dialect's error is
 * thrown), truncated with its start dropped and its end kept, or passed as it is. The endpoint's
 * own way (the OpenAI service's) checks a chat prompt (`param` names its field) when a real model
 * serves it: past its window the engine could only fail, so it is refused with OpenAI's
 * `context_length_exceeded`.
 */
export async function fitPrompt(ctx: EndpointContext, prompt: Prompt, param?: 'input' | 'messages', tools?: readonly FunctionTool[]): Promise<Prompt> {
  const overflow = ctx.dialect.overflow ?? (param && ctx.engine.facts ? (n: number, c: number) => contextLengthExceeded(param, n, c) : undefined);
  if (!overflow) return prompt;
  const tokens = await ctx.engine.countPromptTokens(prompt, tools);
  if (tokens <= ctx.contextTokens) return prompt;
  const verdict = overflow(tokens, ctx.contextTokens);
  if (verdict !== 'truncate') throw verdict;
  let fitted = prompt;
  let count = tokens;
  for (let i = 0; i < MAX_CUTS && count > ctx.contextTokens; i++) {
    fitted = cutStart(fitted, ctx.contextTokens / count);
    count = await ctx.engine.countPromptTokens(fitted, tools);
  }
  ctx.log(`truncating input prompt: ${tokens} tokens, context ${ctx.contextTokens}, kept ${count}`);
  return fitted;
}

/** The prompt with its start cut so about `keep` (0..1) of it is left. */
function cutStart(prompt: Prompt, keep: number): Prompt {
  const tail = (text: string) => text.slice(text.length - Math.floor(text.length * keep * 0.95));
  switch (prompt.kind) {
    case 'text':
      return { kind: 'text', text: tail(prompt.text) };
    case 'fim':
      return { ...prompt, extra: undefined, prefix: tail(prompt.prefix) };
    case 'chat': {
      // The oldest messages go first (the system's stay); the last one left loses its start.
      const messages = [...prompt.messages];
      const oldest = messages.findIndex((m) => m.role !== 'system' && m.role !== 'developer');
      if (oldest >= 0 && oldest < messages.length - 1) messages.splice(oldest, 1);
      else messages[messages.length - 1] = { ...messages[messages.length - 1], content: tail(messages[messages.length - 1].content) };
      return { ...prompt, messages };
    }
  }
}
