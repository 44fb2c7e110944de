import type { Node } from 'web-tree-sitter';
import type { CodeSymbol } from './codeSymbol';
import { goSymbols } from './goSymbols';
import { jsSymbols } from './jsSymbols';
import type { GrammarName } from './parserLanguages';
import { pythonSymbols } from './pythonSymbols';

export type { CodeSymbol } from './codeSymbol';

/** Every named definition under `root`, nested ones included, in document order. */
export function findSymbols(root: Node, grammar: GrammarName): CodeSymbol[] {
  if (grammar === 'python') return pythonSymbols(root);
  if (grammar === 'go') return goSymbols(root);
  return jsSymbols(root);
}
