import type { Node } from 'web-tree-sitter';
import { isFunctionKind, type CodeSymbol, type FunctionKind } from './codeSymbol';
import { findSymbols } from './findSymbols';
import type { GrammarName } from './parserLanguages';

/** A function, method or named function value (arrow, lambda, `func` literal) with a body. */
export type FoundFunction = CodeSymbol & { kind: FunctionKind; bodyRange: NonNullable<CodeSymbol['bodyRange']> };

/** Functions and methods under `root` that have a body, nested ones included, in document order. */
export function findFunctions(root: Node, grammar: GrammarName): FoundFunction[] {
  return findSymbols(root, grammar).filter((s): s is FoundFunction => isFunctionKind(s.kind) && s.bodyRange !== undefined);
}

/** The innermost function whose range holds `line` (0-based). */
export function functionAtLine(functions: readonly FoundFunction[], line: number): FoundFunction | undefined {
  let best: FoundFunction | undefined;
  for (const f of functions) {
    if (line < f.range.start.line || line > f.range.end.line) continue;
    if (!best || f.range.start.line >= best.range.start.line) best = f;
  }
  return best;
}
