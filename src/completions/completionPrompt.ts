import type { CompletionContext } from '../context/completionContext';
import type { ModelRequest } from '../transport/modelClient';
import type { CompletionMode } from './completionTypes';
import { CURSOR_MARKER } from './cursorMarker';
import { fimStops, renderFimPrompt, snippetsAsComments, type FimTemplateName } from './fimTemplates';

export type CompletionApi = 'responses' | 'infill' | 'completions';

/**
 * Stable text: identical on every request so the server keeps it warm. What changes per
 * keystroke goes into the user message, with the most stable parts (other files) first.
 */
export const COMPLETION_INSTRUCTIONS = [
  'You are a code completion engine inside a code editor.',
  `The user message holds a file with the cursor marked ${CURSOR_MARKER}.`,
  'Reply with exactly the text to insert at the cursor and nothing else: no explanations, no Markdown fences,',
  'no repetition of the text before or after the cursor. Keep the indentation style of the file.',
  'If nothing should be inserted, reply with an empty message.',
].join(' ');

export interface PromptInput {
  api: CompletionApi;
  fimTemplate: FimTemplateName;
  context: CompletionContext;
  languageId: string;
  filePath: string;
  mode: CompletionMode;
  maxLines: number;
  /** The instruct prompt's cursor marker (cursorMarkerFor the context). */
  cursorMarker?: string;
}

/** Output cap: a line suggestion keeps streaming a few more lines into the cache. */
export function outputTokenCap(mode: CompletionMode, maxLines: number): number {
  return mode.kind === 'line' ? 128 : Math.min(1024, 32 + maxLines * 24);
}

export function buildModelRequest(input: PromptInput): ModelRequest {
  const { context, mode } = input;
  const maxOutputTokens = outputTokenCap(mode, input.maxLines);
  const label = `completion ${mode.kind}`;
  if (input.api === 'responses') {
    return {
      surface: 'completion',
      instructions: COMPLETION_INSTRUCTIONS,
      input: [{ role: 'user', content: userMessage(input) }],
      maxOutputTokens,
      label,
    };
  }
  if (input.api === 'infill') {
    // The server applies the model's own template; other files ride along as comments.
    return {
      surface: 'completion',
      input: [],
      fim: { prefix: snippetsAsComments(context.snippets, input.languageId) + context.prefix, suffix: context.suffix },
      stop: fimStops(input.fimTemplate),
      maxOutputTokens,
      label,
    };
  }
  const rendered = renderFimPrompt(input.fimTemplate, {
    prefix: context.prefix,
    suffix: context.suffix,
    snippets: context.snippets,
    path: input.filePath,
    languageId: input.languageId,
  });
  return {
    surface: 'completion',
    input: [],
    fim: { prefix: rendered.prompt, suffix: '' },
    stop: rendered.stop,
    maxOutputTokens,
    label,
  };
}

function userMessage(input: PromptInput): string {
  const { context, mode } = input;
  const parts: string[] = [];
  if (context.snippets.length) {
    // One heading per section, in the order the snippets come (best first within each).
    const sections = new Map<string, string[]>();
    for (const s of context.snippets) {
      const title = s.section ?? 'Related code from other files';
      sections.set(title, [...(sections.get(title) ?? []), `--- ${s.path}\n${s.text}`]);
    }
    for (const [title, texts] of sections) parts.push(`${title}:`, ...texts);
    parts.push('');
  }
  const task =
    mode.kind === 'block'
      ? `Write the body of the block that starts at the cursor (at most ${input.maxLines} lines).`
      : 'Finish the current line, then continue the code naturally for a few lines.';
  const marker = input.cursorMarker ?? CURSOR_MARKER;
  parts.push(`File ${input.filePath} (${input.languageId}). ${task}`);
  if (marker !== CURSOR_MARKER) parts.push(`This code contains ${CURSOR_MARKER} as text: here the cursor is marked ${marker}.`);
  parts.push(`${context.prefix}${marker}${context.suffix}`);
  return parts.join('\n');
}
