import type { Node } from 'web-tree-sitter';

/** A position in a text: 0-based line and UTF-16 column, as the editor counts them. */
export interface TextPoint {
  line: number;
  column: number;
}

/** A stretch of text; `end` is exclusive. */
export interface TextSpan {
  start: TextPoint;
  end: TextPoint;
}

export type FunctionKind = 'function' | 'method' | 'arrow';
export type SymbolKind = FunctionKind | 'class' | 'interface' | 'type' | 'enum' | 'variable';

/** A named definition found by the parser. */
export interface CodeSymbol {
  name: string;
  kind: SymbolKind;
  /** Dotted path of what holds it: a class, a receiver type, an enclosing function, an object. */
  container?: string;
  /** The whole definition, with its `export`, decorators and doc comment's target line. */
  range: TextSpan;
  /** The declaration up to its body (`function f(a: T): U`, `def f(a) -> int:`, `class A(B)`). */
  signatureRange: TextSpan;
  /** The text of `signatureRange`. */
  signature: string;
  /** The body, for functions that have one. */
  bodyRange?: TextSpan;
  /** Its doc comment or docstring, as written. */
  doc?: string;
  /** Whether another file can import it (an `export`, a public Python name, a capitalised Go name). */
  exported: boolean;
  /** The module's default export (`export default …`). */
  isDefault?: boolean;
}

/** Where a walk is: what holds the nodes it visits, and whether that is a function body. */
export interface WalkScope {
  container?: string;
  inFunction: boolean;
  inClass: boolean;
  exported: boolean;
}

export const TOP_SCOPE: WalkScope = { inFunction: false, inClass: false, exported: false };

/** Deeper trees are generated code; the walk stops there so no input can exhaust the stack. */
export const MAX_WALK_DEPTH = 120;

export function spanOf(node: Node): TextSpan {
  return { start: pointOf(node.startPosition), end: pointOf(node.endPosition) };
}

function pointOf(p: { row: number; column: number }): TextPoint {
  return { line: p.row, column: p.column };
}

export function qualified(scope: WalkScope, name: string): string {
  return scope.container ? `${scope.container}.${name}` : name;
}

/** The scope inside the body of a function or method called `name`. */
export function functionScope(scope: WalkScope, name: string): WalkScope {
  return { container: qualified(scope, name), inFunction: true, inClass: false, exported: false };
}

export interface SymbolParts {
  name: string;
  kind: SymbolKind;
  scope: WalkScope;
  /** The outermost node of the definition (its `export` statement or decorated form). */
  outer: Node;
  /** Where the signature starts (the declaration itself, after decorators). */
  declaration: Node;
  /** The body; the signature stops where it starts. Without one, the signature is the first line. */
  body?: Node | null;
  doc?: string;
  exported?: boolean;
}

export function makeSymbol(source: string, parts: SymbolParts): CodeSymbol {
  const { declaration, body } = parts;
  const start = declaration.startIndex;
  let end = body ? body.startIndex : firstLineEnd(source, start, declaration.endIndex);
  while (end > start && /\s/.test(source[end - 1])) end--;
  const symbol: CodeSymbol = {
    name: parts.name,
    kind: parts.kind,
    range: spanOf(parts.outer),
    signatureRange: {
      start: pointOf(declaration.startPosition),
      end: pointAt(source, declaration, end),
    },
    signature: source.slice(start, end),
    exported: parts.exported ?? parts.scope.exported,
  };
  if (parts.scope.container) symbol.container = parts.scope.container;
  if (body && isFunctionKind(parts.kind)) symbol.bodyRange = spanOf(body);
  const doc = parts.doc ?? commentsBefore(parts.outer);
  if (doc) symbol.doc = doc;
  return symbol;
}

export function isFunctionKind(kind: SymbolKind): kind is FunctionKind {
  return kind === 'function' || kind === 'method' || kind === 'arrow';
}

function firstLineEnd(source: string, start: number, end: number): number {
  const newline = source.indexOf('\n', start);
  return newline < 0 || newline > end ? end : newline;
}

/** The point of `index`, counted from `declaration`'s start (both on text the node holds). */
function pointAt(source: string, declaration: Node, index: number): TextPoint {
  let line = declaration.startPosition.row;
  let lineStart = declaration.startIndex - declaration.startPosition.column;
  for (let i = declaration.startIndex; i < index; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: index - lineStart };
}

/**
 * The doc comment right above `node` (no blank line between), as written: the block comment
 * touching it, or the run of line comments touching it (a header comment above that is not its).
 */
export function commentsBefore(node: Node): string | undefined {
  const lines: string[] = [];
  let next = node;
  let prev = node.previousSibling;
  while (prev && prev.type === 'comment' && prev.endPosition.row >= next.startPosition.row - 1 && prev.endPosition.row < next.startPosition.row) {
    const block = prev.text.startsWith('/*');
    if (block && lines.length) break;
    lines.unshift(prev.text);
    if (block) break;
    next = prev;
    prev = prev.previousSibling;
    if (prev?.text.startsWith('/*')) break;
  }
  return lines.length ? lines.join('\n') : undefined;
}

/** The text of a name node, or undefined for patterns (destructuring) and missing names. */
export function nameText(node: Node | null): string | undefined {
  if (!node || node.isMissing) return undefined;
  return /^[#$_\p{L}][$_\p{L}\p{N}]*$/u.test(node.text) ? node.text : undefined;
}
