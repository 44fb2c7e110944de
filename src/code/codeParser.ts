import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import { findFunctions, type FoundFunction } from './findFunctions';
import { findImports, type FileImports } from './findImports';
import { findSymbols, type CodeSymbol } from './findSymbols';
import { grammarOf, type GrammarName } from './parserLanguages';

/** Where the parser's WebAssembly files are: the runtime and a folder of grammars. */
export interface ParserFiles {
  runtimeWasm: string;
  grammarDir: string;
}

/** The files as installed in `node_modules` under `root` (tests and benchmarks). */
export function installedParserFiles(root: string): ParserFiles {
  return {
    runtimeWasm: join(root, 'node_modules/web-tree-sitter/web-tree-sitter.wasm'),
    grammarDir: join(root, 'node_modules/@vscode/tree-sitter-wasm/wasm'),
  };
}

/** The files the build copies beside the bundled extension (`dist/parsers`). */
export function bundledParserFiles(extensionRoot: string): ParserFiles {
  const dir = join(extensionRoot, 'dist/parsers');
  return { runtimeWasm: join(dir, 'web-tree-sitter.wasm'), grammarDir: dir };
}

/** What a file defines and what it imports. */
export interface FileOutline {
  symbols: CodeSymbol[];
  imports: FileImports;
}

/** Larger texts are not parsed: generated or minified files say little about the code around them. */
export const MAX_PARSE_CHARS = 1_000_000;
/** A parse stops after this long, so no input can hold the host's thread. */
export const PARSE_DEADLINE_MS = 250;

// web-tree-sitter keeps one WebAssembly runtime per process; starting it twice would orphan
// the grammars already loaded into the first, so every CodeParser shares this one start.
let runtime: Promise<void> | undefined;

function startRuntime(runtimeWasm: string): Promise<void> {
  runtime ??= readFile(runtimeWasm).then((wasmBinary) => Parser.init({ wasmBinary }));
  runtime.catch(() => (runtime = undefined));
  return runtime;
}

/**
 * Parses source text with the grammars the editor itself ships (tree-sitter), read from disk,
 * never the network. Grammars load on first use of their language; a language without one, a
 * text too large or a parse past its deadline yields nothing rather than an error.
 */
export class CodeParser {
  private readonly grammars = new Map<GrammarName, Promise<Language | undefined>>();
  private readonly parser: Parser;

  private constructor(
    private readonly files: ParserFiles,
    private readonly now: () => number,
  ) {
    this.parser = new Parser();
  }

  static async load(files: ParserFiles, now: () => number = () => performance.now()): Promise<CodeParser> {
    await startRuntime(files.runtimeWasm);
    return new CodeParser(files, now);
  }

  /** Whether `languageId` (a VS Code language id) has a grammar. */
  supports(languageId: string): boolean {
    return grammarOf(languageId) !== undefined;
  }

  /** Functions and methods of `text`, nested ones included, in document order. */
  async findFunctions(languageId: string, text: string): Promise<FoundFunction[]> {
    return (await this.withTree(languageId, text, (tree, grammar) => findFunctions(tree.rootNode, grammar))) ?? [];
  }

  /** Every named definition of `text` (functions, classes, types, variables), in document order. */
  async findSymbols(languageId: string, text: string): Promise<CodeSymbol[]> {
    return (await this.withTree(languageId, text, (tree, grammar) => findSymbols(tree.rootNode, grammar))) ?? [];
  }

  /** Definitions and imports of `text` from one parse; undefined when it cannot be parsed. */
  async outline(languageId: string, text: string): Promise<FileOutline | undefined> {
    return this.withTree(languageId, text, (tree, grammar) => ({ symbols: findSymbols(tree.rootNode, grammar), imports: findImports(tree.rootNode, grammar) }));
  }

  /** Parses `text` and hands the tree to `use`; the tree is freed afterwards (it lives in WebAssembly memory). */
  async withTree<T>(languageId: string, text: string, use: (tree: Tree, grammar: GrammarName) => T): Promise<T | undefined> {
    const grammar = grammarOf(languageId);
    if (!grammar || text.length > MAX_PARSE_CHARS) return undefined;
    const language = await this.language(grammar);
    if (!language) return undefined;
    this.parser.setLanguage(language);
    const deadline = this.now() + PARSE_DEADLINE_MS;
    const tree = this.parser.parse(text, null, { progressCallback: () => this.now() > deadline });
    if (!tree) {
      this.parser.reset();
      return undefined;
    }
    try {
      return use(tree, grammar);
    } finally {
      tree.delete();
    }
  }

  private language(grammar: GrammarName): Promise<Language | undefined> {
    let loading = this.grammars.get(grammar);
    if (!loading) {
      loading = readFile(join(this.files.grammarDir, `tree-sitter-${grammar}.wasm`))
        .then((bytes) => Language.load(bytes))
        .catch(() => undefined);
      this.grammars.set(grammar, loading);
    }
    return loading;
  }
}
