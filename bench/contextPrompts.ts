// The prompts each surface sends at a cut of the context benchmark, built by the surfaces' own
// prompt builders from what the editor would hold there.
import { decideMode } from '../src/completions/completionMode';
import { buildModelRequest } from '../src/completions/completionPrompt';
import { buildCompletionContext } from '../src/context/completionContext';
import type { ContextBlock, ContextService } from '../src/context/contextService';
import { functionSpans } from '../src/code/functionSpan';
import { labelledBlocks, SECTION_TITLES } from '../src/context/renderSections';
import type { Snippet } from '../src/context/snippet';
import { SnippetRing } from '../src/context/snippetRing';
import { ghostVisible } from '../src/context/surfaceBudgets';
import { viewedItems } from '../src/context/viewedItems';
import { estimateTokens } from '../src/context/tokenEstimate';
import { editWindow } from '../src/nextEdit/editWindow';
import { nextEditRequest } from '../src/nextEdit/nextEditPrompt';
import { reviewHunks } from '../src/review/reviewHunks';
import { REVIEW_INSTRUCTIONS, reviewInput } from '../src/review/reviewPrompt';
import type { ModelRequest } from '../src/transport/modelClient';
import { NEXT_LINES, type Corpus, type Cut } from './contextCorpus';

export const SURFACES = ['ghost', 'next-edit', 'review'] as const;
export type Surface = (typeof SURFACES)[number];

export interface SurfacePrompt {
  prompt: string;
  /** Time to gather the context sections (undefined when nothing is gathered). */
  gatherMs?: number;
  /** Estimated tokens of what the prompt carries from other files. */
  contextTokens: number;
}

/** Ghost text's default budget (`flint.context.tokenBudget`). */
const GHOST_TOKEN_BUDGET = 4096;
/** Lines of an imported file the simulated user looked at (its first screen). */
const VIEWED_LINES = 50;
/** Imported files the simulated user looked at before coming to the cut. */
const VIEWED_FILES = 3;

function text(request: ModelRequest): string {
  return [request.instructions ?? '', ...request.input.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))), request.fim?.prefix ?? '', request.fim?.suffix ?? ''].join('\n');
}

/** The document at the cut: the next lines not typed yet, the cursor on an empty line. */
function documentAt(cut: Cut): string[] {
  return [...cut.file.lines.slice(0, cut.line), '', ...cut.file.lines.slice(cut.line + NEXT_LINES)];
}

/**
 * The recently viewed ring as a user who opened the files this one imports would have filled it:
 * their first screen each. Generous to snippets: a real ring holds whatever was looked at last.
 */
function viewedRing(corpus: Corpus, cut: Cut): SnippetRing {
  const ring = new SnippetRing();
  const outline = corpus.index.outline(cut.file.path);
  const imported = new Set<string>();
  for (const b of outline?.imports.bindings ?? []) for (const f of corpus.index.resolve(cut.file.path, b.module)) imported.add(f);
  for (const path of [...imported].filter((p) => p !== cut.file.path).slice(0, VIEWED_FILES)) {
    ring.add(path, corpus.files.get(path)!.lines.slice(0, VIEWED_LINES).join('\n'));
  }
  return ring;
}

/** Builds the context service the benchmark measures, for one cut's viewed files. */
export type ServiceFor = (viewed: (path: string, near: string) => ReturnType<typeof viewedItems>) => ContextService;

/**
 * The three prompts at a cut. Without `serviceFor`, as the surfaces built them before the
 * context service (ghost text with the viewed ring's snippets); with it, with its sections.
 */
export async function surfacePrompts(corpus: Corpus, cut: Cut, serviceFor?: ServiceFor): Promise<Record<Surface, SurfacePrompt>> {
  const { file, line } = cut;
  const doc = documentAt(cut);
  const prefix = `${doc.slice(0, line).join('\n')}\n`;
  const suffix = doc.slice(line).join('\n');
  const ring = viewedRing(corpus, cut);
  const service = serviceFor?.((path, near) => viewedItems(ring.select(path, near, () => true)));
  const timed = (build: () => ContextBlock): { block: ContextBlock; ms: number } => {
    const t0 = performance.now();
    const block = build();
    return { block, ms: performance.now() - t0 };
  };

  const nearCursor = doc.slice(Math.max(0, line - 30), line).join('\n');
  const ghostBlock = service && timed(() => service.build({ surface: 'ghost', path: file.path, lines: doc, focus: { start: line, end: line + 1 }, visible: ghostVisible(doc, line, GHOST_TOKEN_BUDGET), tokenBudget: GHOST_TOKEN_BUDGET }));
  const snippets: Snippet[] = ghostBlock
    ? labelledBlocks(ghostBlock.block.items).map((b) => ({ path: b.label, text: b.text, section: SECTION_TITLES[b.source] }))
    : ring.select(file.path, nearCursor, () => true);
  const context = buildCompletionContext({ prefix, suffix, snippets, tokenBudget: GHOST_TOKEN_BUDGET });
  const ghost = buildModelRequest({ api: 'responses', fimTemplate: 'qwen', context, languageId: file.languageId, filePath: file.path, mode: decideMode(prefix, suffix), maxLines: 30 });

  const windowSource = { lineCount: doc.length, lineAt: (i: number) => doc[i] };
  // The functions as the parser found them, their lines moved to the document at the cut.
  const atCut = (l: number) => (l <= line ? l : Math.max(line + 1, l - (NEXT_LINES - 1)));
  const functions = functionSpans(corpus.index.outline(file.path)?.symbols ?? []).map((f) => ({ start: atCut(f.start), end: atCut(f.end) }));
  const window = editWindow(windowSource, { line, character: 0 }, undefined, functions);
  const edits = line > 0 ? [{ startLine: line - 1, removed: [], added: [doc[line - 1]], at: 0 }] : [];
  const windowSpan = window ? { start: window.startLine, end: window.startLine + window.lines.length } : { start: line, end: line + 1 };
  const nextBlock = service && timed(() => service.build({ surface: 'next-edit', path: file.path, lines: doc, focus: { start: line, end: line + 1 }, visible: windowSpan }));
  const nextEdit = window ? nextEditRequest(file.path, file.languageId, window, edits, 512, nextBlock?.block.text) : undefined;

  const { hunks } = reviewHunks([{ start: line, end: line + NEXT_LINES }], file.lines);
  const hunk = hunks[0];
  const reviewBlock = service && hunk && timed(() => service.build({ surface: 'review', path: file.path, lines: file.lines, focus: hunk.lines, visible: hunk.context }));
  const review = hunk ? reviewInput(file.path, file.languageId, file.lines, hunk, reviewBlock ? reviewBlock.block.text : '') : [];

  return {
    ghost: { prompt: text(ghost), gatherMs: ghostBlock?.ms, contextTokens: context.snippets.reduce((n, s) => n + estimateTokens(s.path + s.text), 0) },
    'next-edit': { prompt: nextEdit ? text(nextEdit) : '', gatherMs: nextBlock?.ms, contextTokens: nextBlock?.block.tokens ?? 0 },
    review: { prompt: [REVIEW_INSTRUCTIONS, ...review.map((m) => m.content)].join('\n'), gatherMs: reviewBlock?.ms, contextTokens: reviewBlock?.block.tokens ?? 0 },
  };
}
