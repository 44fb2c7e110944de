import { distinctFiles, fileMentions } from './fileMentions';
import { parseOverridePrefix } from './overridePrefix';
import { proseText, withoutQuotes } from './proseText';
import type { RouteDecision, RouteRequest, RouterSettings } from './routeTypes';
import { workspaceWidePhrase } from './workspaceScope';

/**
 * Fast or full model, with the reasons in words the user can check. Pure and local: no
 * request leaves the machine to decide, and a decision takes microseconds.
 *
 * Order of precedence: ghost text is always fast; a /fast or /deep prefix beats the setting;
 * a forced `flint.router.mode` beats the automatic rules.
 */
export function route(request: RouteRequest, settings: RouterSettings): RouteDecision {
  const override = parseOverridePrefix(request.text);
  const text = override.text;
  if (request.surface === 'completion') return { target: 'fast', reasons: ['fast model: ghost text is always fast'], text };
  if (override.target) return { target: override.target, reasons: [`forced by ${override.command}`], text };
  if (settings.mode !== 'auto') return { target: settings.mode, reasons: [`setting flint.router.mode = ${settings.mode}`], text };

  const { prose, inlineCode } = proseText(text);
  const reasons: string[] = [];

  const spanned = distinctFiles([...request.files, ...fileMentions(prose, inlineCode)]).length;
  if (spanned >= settings.fileThreshold) reasons.push(`full model: ${spanned} files referenced`);

  const phrase = workspaceWidePhrase(withoutQuotes(prose));
  if (phrase) reasons.push(`full model: workspace-wide request ("${phrase}")`);

  if (request.tokenEstimate > settings.fastContextTokens) {
    reasons.push(
      `full model: needs ~${formatTokens(request.tokenEstimate)} tokens of context (fast model limit ${formatTokens(settings.fastContextTokens)})`,
    );
  }

  if (reasons.length > 0) return { target: 'full', reasons, text };
  return { target: 'fast', reasons: [fastReason(spanned)], text };
}

function fastReason(files: number): string {
  if (files === 0) return 'fast model: no files referenced';
  if (files === 1) return 'fast model: single file';
  return `fast model: ${files} files referenced, below the threshold`;
}

function formatTokens(n: number): string {
  return n >= 1000 ? `${Math.round(n / 1000)}k` : String(n);
}
