import type { CodeSymbol } from '../code/codeSymbol';
import type { ContextItem } from './contextItem';
import type { FoundDefinition } from './resolveDefinitions';
import type { SymbolIndex } from '../code/symbolIndex';

/** Lines of a doc comment kept; the first lines say what it is. */
const MAX_DOC_LINES = 6;
/** Members listed under a class. */
const MAX_MEMBERS = 12;
/** In compact form (the surfaces that answer while the user types): members listed. */
const COMPACT_MEMBERS = 6;
/** A hop to a type in a signature counts as this many lines farther away. */
const HOP_DISTANCE = 24;
/**
 * A definition in the same file counts as this many lines farther away: the prompt's own
 * window often holds it already, and what is imported is what the window cannot show.
 */
const SAME_FILE_DISTANCE = 24;

/** The key of a definition, the same whichever way it was found (language server or index). */
export function definitionKey(path: string, symbol: Pick<CodeSymbol, 'name' | 'range'>): string {
  return `definitions:${path}:${symbol.range.start.line}:${symbol.name}`;
}

/**
 * How a definition reads in a prompt: its doc comment, then its signature, a class with its
 * members' signatures, a short type whole. `compact`: the doc comment's first sentence only and
 * fewer members, for the small budgets of the surfaces that answer while the user types.
 */
export function definitionText(index: SymbolIndex, path: string, symbol: CodeSymbol, compact = false): string {
  const doc = symbol.doc ? (compact ? firstSentence(symbol.doc, path) : clipLines(symbol.doc, MAX_DOC_LINES)) : undefined;
  const body = index.body(path, symbol);
  let main = body ?? symbol.signature;
  if (!body && symbol.kind === 'class') {
    const indent = ' '.repeat(symbol.range.start.column + (path.endsWith('.py') ? 4 : 2));
    const members = index
      .members(path, symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name)
      .filter((m) => m.kind !== 'variable' || path.endsWith('.py'))
      .slice(0, compact ? COMPACT_MEMBERS : MAX_MEMBERS)
      .map((m) => indent + m.signature.split('\n').map((l) => l.trim()).join(' '));
    if (members.length) main = [symbol.signature, ...members].join('\n');
  }
  return doc ? `${doc}\n${main}` : main;
}

export function definitionItem(index: SymbolIndex, def: FoundDefinition, compact = false): ContextItem {
  return {
    source: 'definitions',
    path: def.path,
    line: def.symbol.range.start.line,
    text: definitionText(index, def.path, def.symbol, compact),
    distance: def.use.distance + def.hop * HOP_DISTANCE + (def.sameFile ? SAME_FILE_DISTANCE : 0),
    ageMs: 0,
    uses: def.use.count,
    key: definitionKey(def.path, def.symbol),
  };
}

/** The doc comment's first sentence, as a one-line comment of the file's language. */
function firstSentence(doc: string, path: string): string | undefined {
  const prose = doc
    .split('\n')
    .map((l) => l.replace(/^\s*(\/\*\*?|\*\/|\*|\/\/+|#+|"{3}|'{3})\s?/, '').replace(/(\*\/|"{3}|'{3})\s*$/, '').trim())
    .filter((l) => l && !l.startsWith('@'))
    .join(' ');
  const sentence = /^.*?[.!?](\s|$)/.exec(prose)?.[0].trim() ?? prose;
  if (!sentence) return undefined;
  const comment = path.endsWith('.py') ? '#' : '//';
  return `${comment} ${sentence.length > 160 ? `${sentence.slice(0, 157)}...` : sentence}`;
}

function clipLines(text: string, max: number): string {
  const lines = text.split('\n');
  return lines.length <= max ? text : [...lines.slice(0, max - 1), lines[lines.length - 1].trim().endsWith('*/') ? ' */' : '…'].join('\n');
}
