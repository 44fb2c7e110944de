import type { SymbolIndex } from '../../code/symbolIndex';
import type { DefinitionSource } from './findSymbol';

/** find_symbol's definitions from the context service's symbol index (top-level definitions by name). */
export function indexDefinitions(index: Pick<SymbolIndex, 'filesDefining' | 'outline'>): DefinitionSource {
  return {
    async definitions(name) {
      const out: { path: string; line: number; signature: string }[] = [];
      for (const path of index.filesDefining(name)) {
        for (const s of index.outline(path)?.symbols ?? []) {
          if (s.name === name && !s.container) out.push({ path, line: s.range.start.line + 1, signature: s.signature });
        }
      }
      return out;
    },
  };
}
