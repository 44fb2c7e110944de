import { isFunctionKind, type CodeSymbol } from './codeSymbol';

/** Lines [start, end) of a document. */
export interface LineSpan {
  start: number;
  end: number;
}

/**
 * The lines [start, end) of each outermost function or method, in document order: a method and
 * not its class, a function with its nested functions and callbacks.
 */
export function functionSpans(symbols: readonly CodeSymbol[]): LineSpan[] {
  const spans = symbols
    .filter((s) => isFunctionKind(s.kind))
    .map((s) => ({ start: s.range.start.line, end: s.range.end.line + 1 }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const outer: LineSpan[] = [];
  for (const s of spans) if (!outer.length || s.start >= outer[outer.length - 1].end) outer.push(s);
  return outer;
}
