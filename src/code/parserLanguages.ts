/** The grammars Flint loads (file `tree-sitter-<name>.wasm`). */
export type GrammarName = 'typescript' | 'tsx' | 'javascript' | 'python' | 'go';

const GRAMMARS: Record<string, GrammarName> = {
  typescript: 'typescript',
  typescriptreact: 'tsx',
  javascript: 'javascript',
  javascriptreact: 'javascript',
  python: 'python',
  go: 'go',
};

/** The grammar that parses a VS Code language id, or undefined. */
export function grammarOf(languageId: string): GrammarName | undefined {
  return Object.hasOwn(GRAMMARS, languageId) ? GRAMMARS[languageId] : undefined;
}

const EXTENSIONS: Record<string, string> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'typescriptreact',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascriptreact',
  '.py': 'python',
  '.pyi': 'python',
  '.go': 'go',
};

/** The VS Code language id of a file name the parser can read, from its extension. */
export function languageIdOfPath(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = path.slice(dot).toLowerCase();
  return Object.hasOwn(EXTENSIONS, ext) ? EXTENSIONS[ext] : undefined;
}
