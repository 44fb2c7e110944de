import { describeLeftOut, fitFiles, type FileText } from '../context/fitFiles';
import { estimateTokens } from '../context/tokenEstimate';
import { withFastFallback } from '../router/fastFallback';
import type { RouteDecision } from '../router/routeTypes';
import type { ModelClient, ModelRequest, ModelStream } from '../transport/modelClient';
import type { ModelError } from '../transport/modelError';
import { buildEditPrompt, maxOutputTokensFor, type EarlierAttempt } from './editPrompt';
import type { EditModels, EditTarget } from './rewriteTypes';

export interface RewriteAsk {
  instruction: string;
  /** What an earlier attempt produced, after a redirect. */
  earlier?: EarlierAttempt;
  /** Other files the instruction names, fitted into the model's context largest first. */
  references: readonly FileText[];
  /** The request's label in the log, from the routing reasons. */
  label(reasons: readonly string[]): string;
  temperature?: number;
  /** The full model failed before any text; the fast one took over. */
  onFallback(reason: string, error: ModelError, fast: ModelClient): void;
}

export interface StartedRewrite {
  stream: ModelStream;
  request: ModelRequest;
  decision: RouteDecision;
  client: ModelClient;
}

/**
 * Starts one rewrite of `target`: routes it (fast or full, by the prompt's size and the files
 * involved), fits the references into the chosen model's context, builds the prompt and opens
 * the stream, falling back to the fast model when the full one fails before any text. Shared
 * by inline edits and variants.
 */
export function startRewrite(models: EditModels, target: EditTarget, ask: RewriteAsk): StartedRewrite {
  const original = target.lines;
  const maxOutputTokens = maxOutputTokensFor(original);
  // The prompt without the references; each of them adds about its own size.
  const bare = buildEditPrompt(original, ask.instruction, target.context, ask.earlier).tokenEstimate;
  const estimate = ask.references.reduce((n, f) => n + estimateTokens(f.text), bare);
  const decision = models.route({ surface: 'edit', text: ask.instruction, files: target.files, tokenEstimate: estimate });
  const client = models.client(decision.target);
  const fitted = fitFiles(ask.references, models.contextTokens(decision.target) - bare - maxOutputTokens);
  if (fitted.leftOut.length > 0) decision.reasons.push(`left out to fit the context: ${describeLeftOut(fitted.leftOut)}`);
  const prompt = buildEditPrompt(original, decision.text, target.context, ask.earlier, fitted.files);
  const request: ModelRequest = {
    surface: 'edit',
    instructions: prompt.instructions,
    input: prompt.input,
    maxOutputTokens,
    label: ask.label(decision.reasons),
  };
  if (ask.temperature !== undefined) request.temperature = ask.temperature;
  let stream = client.stream(request);
  if (decision.target === 'full') {
    const fast = models.client('fast');
    stream = withFastFallback(stream, fast, () => request, (reason, error) => ask.onFallback(reason, error, fast));
  }
  return { stream, request, decision, client };
}
