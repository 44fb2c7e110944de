import type { SymbolIndex } from './symbolIndex';

/** Where a name is defined: workspace-relative path, 1-based line, the definition's signature. */
export interface NamedDefinition {
  path: string;
  line: number;
  signature: string;
}

/** The top-level definitions of `name` the symbol index holds, in every file it has indexed. */
export function definitionsNamed(index: Pick<SymbolIndex, 'filesDefining' | 'outline'>, name: string): NamedDefinition[] {
  const out: NamedDefinition[] = [];
  for (const path of index.filesDefining(name)) {
    for (const s of index.outline(path)?.symbols ?? []) {
      if (s.name === name && !s.container) out.push({ path, line: s.range.start.line + 1, signature: s.signature });
    }
  }
  return out;
}
