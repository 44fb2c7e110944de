// Flint's settings for the model a local endpoint serves, from the endpoint's GET /v1/models
// answer (its `meta`: context length, fill-in-the-middle tokens, chat template, tool calling).

// Flint's context windows estimate 4 characters a token; a quarter of the context is left for
// the answer.
const ESTIMATED_CHARS_PER_TOKEN = 4;
const PROMPT_SHARE = 0.75;
const MIN_BUDGET = 256;
const MAX_BUDGET = 4096;
// The least flint.full.contextTokens accepts.
const MIN_FULL_CONTEXT = 1024;
// On a CPU a model writes tens to hundreds of tokens a second, and ghost text keeps streaming a
// suggestion's block after its first line is shown: 30 lines would keep it busy for seconds.
const LOCAL_MAX_LINES = 8;

/**
 * @param {{ wsUrl: string, httpUrl: string }} endpoint
 * @param {{ data?: { id: string, meta?: { n_ctx: number, fill_in_the_middle: boolean, chat_template: boolean, tools?: boolean, chars_per_token: number } }[] }} models
 * @returns {Record<string, unknown>} user settings
 */
export function localModelSettings(endpoint, models) {
  const settings = { 'flint.fast.url': endpoint.wsUrl, 'flint.full.url': endpoint.httpUrl };
  const entry = models?.data?.[0];
  const meta = entry?.meta;
  if (!meta) return settings;
  settings['flint.fast.model'] = entry.id;
  settings['flint.full.model'] = entry.id;
  // Ghost text in the model's own fill-in-the-middle format, not as a chat prompt.
  if (meta.fill_in_the_middle) {
    settings['flint.completions.api'] = 'infill';
    settings['flint.completions.url'] = endpoint.httpUrl;
  }
  // Without a chat template the model only continues text: the surfaces that need instructions are
  // off. A template that cannot render tools (the endpoint says `tools: false`) serves chat but no task.
  settings['flint.modelKind'] = !meta.chat_template ? 'completion' : meta.tools === false ? 'instruct-no-tools' : 'instruct';
  // What ghost text sends must fit the model's context, measured in the model's own tokens.
  const budget = Math.floor((meta.n_ctx * PROMPT_SHARE * meta.chars_per_token) / ESTIMATED_CHARS_PER_TOKEN);
  settings['flint.context.tokenBudget'] = Math.max(MIN_BUDGET, Math.min(MAX_BUDGET, budget));
  // The full model's window in Flint's estimate: chat and background tasks compact before they overflow it.
  settings['flint.full.contextTokens'] = Math.max(MIN_FULL_CONTEXT, Math.floor((meta.n_ctx * meta.chars_per_token) / ESTIMATED_CHARS_PER_TOKEN));
  settings['flint.completions.maxLines'] = LOCAL_MAX_LINES;
  return settings;
}
