import type { ContextItem } from './contextItem';
import { definitionItem } from './definitionItems';
import { fitBudget, totalTokens } from './fitBudget';
import { moduleOutlines } from './moduleOutlines';
import { namesWithImports } from './importedNames';
import type { NameUse } from './namesInPlay';
import { renderSections } from './renderSections';
import { resolveDefinitions } from './resolveDefinitions';
import { budgetFor, type ContextSurface } from './surfaceBudgets';
import type { MaskedText } from '../privacy/secretScan';
import type { SymbolIndex } from '../code/symbolIndex';

/** Lines ranges are 0-based, `end` exclusive. */
export interface LineSpan {
  start: number;
  end: number;
}

/** One surface's question: what should a prompt about these lines of this file carry? */
export interface ContextRequest {
  surface: ContextSurface;
  /** Workspace-relative path. */
  path: string;
  lines: readonly string[];
  /** The lines of interest: the cursor's, the selection, the changed lines, the function. */
  focus: LineSpan;
  /** The lines the surface's prompt holds anyway (definitions there are not repeated). */
  visible: LineSpan;
  /** `flint.context.tokenBudget`, for ghost text's share. */
  tokenBudget?: number;
}

/** What a surface adds to its prompt. */
export interface ContextBlock {
  items: ContextItem[];
  /** The items as labelled sections (empty when there are none). */
  text: string;
  tokens: number;
  /** The kinds of secret masked in the items (empty when none was). */
  masked: string[];
}

/**
 * The sources besides the symbol index. Each answers at once from what it holds (a language
 * server's answers are gathered ahead, on pause, open and save, never waited for here).
 */
export interface ContextSources {
  /** Definitions a language server gave for names of this file, already at hand. */
  serverDefinitions?(path: string, uses: readonly NameUse[]): ContextItem[];
  diagnostics?(path: string, around: LineSpan): ContextItem[];
  /** Recent edits of files other than `path`, line numbers as those files read now. */
  recentEdits?(path: string): ContextItem[];
  /** Recently viewed code of other files, most relevant to `near` first. */
  viewed?(path: string, near: string): ContextItem[];
  /** Existing tests of the function in focus, and the test files' setup. */
  tests?(path: string, focus: LineSpan): ContextItem[];
}

export interface ContextServiceDeps extends ContextSources {
  index: SymbolIndex;
  /** Deny list and workspace boundary, as they are now. */
  allowed(path: string): boolean;
  /** A text with what looks like a private key or a token replaced by a placeholder naming its kind. */
  mask(text: string): MaskedText;
}

/** Lines scanned for names around the focus (files longer than this are read near it only). */
const NAME_SCAN_LINES = 2_000;
/** Lines before the focus that say what recently viewed code is relevant. */
const NEAR_LINES = 30;

/**
 * Builds each surface's context from the symbol index and the other sources: the names used
 * around the focus, their definitions (language server first, the index for the rest), and
 * the diagnostics, edits, viewed code and tests the sources hold; ranked, fitted to the
 * surface's budget and rendered as labelled sections. Pure and synchronous: it reads only what
 * is already gathered. Anything from a denied path is dropped; what looks like a secret is masked.
 */
export class ContextService {
  constructor(private readonly deps: ContextServiceDeps) {}

  /** The same service with some sources replaced or added (a request's own, such as tests read for it). */
  with(sources: ContextSources): ContextService {
    return new ContextService({ ...this.deps, ...sources });
  }

  build(req: ContextRequest): ContextBlock {
    const masked = new Set<string>();
    const items = this.candidates(req)
      .filter((i) => this.deps.allowed(i.path))
      .map((i) => {
        const m = this.deps.mask(i.text);
        for (const kind of m.kinds) masked.add(kind);
        return m.kinds.length ? { ...i, text: m.text } : i;
      });
    const fitted = fitBudget(onceEach(items), budgetFor(req.surface, req.tokenBudget ?? 4096));
    return { items: fitted, text: renderSections(fitted), tokens: totalTokens(fitted), masked: [...masked] };
  }

  /**
   * The signatures of the functions (and class) holding the focus, when the prompt's own lines
   * start below them: what the lines it shows belong to.
   */
  private enclosing(req: ContextRequest): ContextItem[] {
    const symbols = this.deps.index.outline(req.path)?.symbols ?? [];
    return symbols
      .filter((s) => s.kind !== 'variable' && s.range.start.line < req.visible.start && s.range.start.line <= req.focus.start && s.range.end.line >= req.focus.start)
      .map((s) => ({ ...definitionItem(this.deps.index, { path: req.path, symbol: s, use: { name: s.name, count: 1, distance: 0, line: 0, column: 0 }, sameFile: false, hop: 0 }, true), key: `enclosing:${req.path}:${s.range.start.line}` }));
  }

  /** Every item a request could use, before ranking and budget. */
  candidates(req: ContextRequest): ContextItem[] {
    const d = this.deps;
    const half = NAME_SCAN_LINES / 2;
    const from = Math.max(0, Math.min(req.focus.start - half, req.lines.length - NAME_SCAN_LINES));
    const uses = namesWithImports(req.lines, from, from + NAME_SCAN_LINES, req.focus, d.index.outline(req.path)?.imports.bindings ?? []);
    const items: ContextItem[] = [...this.enclosing(req), ...(d.serverDefinitions?.(req.path, uses) ?? [])];
    const found = resolveDefinitions(d.index, req.path, uses, { visible: req.visible, typesOfSignatures: true });
    const compact = req.surface === 'ghost' || req.surface === 'next-edit';
    const definitions = found.map((def) => definitionItem(d.index, def, compact));
    items.push(...definitions, ...moduleOutlines(d.index, req.path, uses, new Set(definitions.map((i) => i.key))));
    const around = { start: Math.max(0, req.focus.start - 20), end: req.focus.end + 20 };
    items.push(...(d.diagnostics?.(req.path, around) ?? []));
    items.push(...(d.recentEdits?.(req.path) ?? []));
    items.push(...(d.viewed?.(req.path, req.lines.slice(Math.max(0, req.focus.start - NEAR_LINES), req.focus.end).join('\n')) ?? []));
    items.push(...(d.tests?.(req.path, req.focus) ?? []));
    return items;
  }
}

/** The items with each text once: where two sources (or two ways to a definition) give the same text, the nearest stays. */
function onceEach(items: readonly ContextItem[]): ContextItem[] {
  const best = new Map<string, ContextItem>();
  for (const item of items) {
    const kept = best.get(item.text);
    if (!kept || item.distance < kept.distance) best.set(item.text, item);
  }
  return items.filter((i) => best.get(i.text) === i);
}
