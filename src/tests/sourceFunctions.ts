import type { CodeParser } from '../code/codeParser';
import type { FoundFunction } from '../code/findFunctions';
import { languageIdOfPath } from '../code/parserLanguages';
import type { SourceFunction, TestLanguage } from './testTypes';

/** The functions and methods of a source file, as the code parser finds them (none when it did not load). */
export type FunctionFinder = (text: string, path: string) => Promise<SourceFunction[]>;

/** The language family of a file name, or undefined when Flint cannot write tests for it. */
export function languageOf(path: string): TestLanguage | undefined {
  if (/\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(path) && !/\.d\.[mc]?ts$/.test(path)) return 'js';
  if (path.endsWith('.py')) return 'python';
  if (path.endsWith('.go')) return 'go';
  return undefined;
}

/** Constructors are tested through what they build, not on their own. */
const CONSTRUCTORS = new Set(['constructor', '__init__']);

/**
 * Every function and method the parser finds (nested ones too, which count as changed code but
 * get no tests of their own); a test file can reach those it exports, methods included.
 */
export function parsedFunctions(parser: () => Promise<CodeParser | undefined>): FunctionFinder {
  return async (text, path) => {
    if (!languageOf(path)) return [];
    const p = await parser();
    const languageId = languageIdOfPath(path);
    if (!p || !languageId || !p.supports(languageId)) return [];
    const lines = text.split(/\r?\n/);
    return (await p.findFunctions(languageId, text)).map((f) => fromFound(f, lines));
  };
}

function fromFound(f: FoundFunction, lines: string[]): SourceFunction {
  const startLine = f.range.start.line;
  const endLine = f.range.end.line + 1;
  const nested = f.container !== undefined && !f.exported;
  return {
    name: f.container ? `${f.container}.${f.name}` : f.name,
    startLine,
    endLine,
    text: lines.slice(startLine, endLine).join('\n'),
    testable: f.exported && !nested && !CONSTRUCTORS.has(f.name),
    ...(f.container ? { container: f.container } : {}),
  };
}

/** A short stable fingerprint of a function's text, whitespace at line ends ignored. */
export function functionHash(text: string): string {
  const norm = text.split('\n').map((l) => l.trimEnd()).join('\n');
  let h = 0x811c9dc5;
  for (let i = 0; i < norm.length; i++) {
    h ^= norm.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The innermost function whose lines hold `line` (0-based). */
export function functionAt(functions: SourceFunction[], line: number): SourceFunction | undefined {
  let best: SourceFunction | undefined;
  for (const f of functions) if (line >= f.startLine && line < f.endLine && (!best || f.startLine >= best.startLine)) best = f;
  return best;
}

/** The name a test file imports for a function: the class of a method, the function itself otherwise. */
export function importedName(name: string): string {
  return name.split('.')[0];
}

/** The name a test calls: a method's own name, a function's name. */
export function shortName(name: string): string {
  return name.split('.').pop()!;
}
