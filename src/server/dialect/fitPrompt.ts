import type { Prompt } from '../engine/engine';
import type { EndpointContext } from '../endpointContext';

/** Rounds of cutting before a prompt that still does not fit is sent as it is. */
const MAX_CUTS = 32;

/**
 * A prompt checked against the context as the dialect does: refused (the dialect's error is
 * thrown), truncated with its start dropped and its end kept, or passed as it is.
 */
export async function fitPrompt(ctx: EndpointContext, prompt: Prompt): Promise<Prompt> {
  if (!ctx.dialect.overflow) return prompt;
  const tokens = await ctx.engine.countPromptTokens(prompt);
  if (tokens <= ctx.contextTokens) return prompt;
  const verdict = ctx.dialect.overflow(tokens, ctx.contextTokens);
  if (verdict !== 'truncate') throw verdict;
  let fitted = prompt;
  let count = tokens;
  for (let i = 0; i < MAX_CUTS && count > ctx.contextTokens; i++) {
    fitted = cutStart(fitted, ctx.contextTokens / count);
    count = await ctx.engine.countPromptTokens(fitted);
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
