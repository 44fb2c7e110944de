import type { CodeParser, FileOutline } from './codeParser';
import type { CodeSymbol } from './codeSymbol';
import type { ImportBinding } from './findImports';
import { grammarOf, type GrammarName } from './parserLanguages';
import { KnownFiles, resolveModule } from './resolveModule';

/** A definition and the file it is in. */
export interface Located {
  path: string;
  symbol: CodeSymbol;
}

interface IndexedFile {
  grammar: GrammarName;
  version: string | number;
  outline: FileOutline;
  /** Top-level definitions by name. */
  topLevel: Map<string, CodeSymbol[]>;
  /** The whole text of short type-like definitions (their shape is what a reader needs). */
  bodies: Map<CodeSymbol, string>;
}

/** Interfaces, types and enums up to this many lines keep their whole text. */
const MAX_BODY_LINES = 24;
const SHAPE_KINDS = new Set(['interface', 'type', 'enum']);

const WORD = /[A-Za-z_$][\w$]{2,}/g;

/** Re-exports followed at most this deep (barrel files re-exporting barrel files). */
const MAX_REEXPORT_DEPTH = 4;

/**
 * What each file of the workspace defines and imports, from the parser, so the definition of a
 * name used in one file can be found in another without a language server. Fed file by file
 * (in the background, and again on save); a lookup reads only what is already indexed.
 */
export class SymbolIndex {
  private readonly files = new Map<string, IndexedFile>();
  readonly known = new KnownFiles();
  /** Top-level definitions by name, across files. */
  private readonly byName = new Map<string, Set<string>>();
  /** In how many files each identifier occurs (how much the workspace uses a name). */
  private readonly fileCounts = new Map<string, number>();
  private readonly wordsOf = new Map<string, ReadonlySet<string>>();

  constructor(private readonly parser: CodeParser) {}

  get size(): number {
    return this.files.size;
  }

  /** Indexes `text` as `path` unless this version is indexed already. */
  async update(path: string, languageId: string, text: string, version: string | number): Promise<void> {
    const grammar = grammarOf(languageId);
    if (!grammar) return;
    if (this.files.get(path)?.version === version) return;
    const outline = await this.parser.outline(languageId, text);
    if (!outline) return;
    this.remove(path);
    const topLevel = new Map<string, CodeSymbol[]>();
    for (const s of outline.symbols) {
      if (s.container) continue;
      topLevel.set(s.name, [...(topLevel.get(s.name) ?? []), s]);
      let where = this.byName.get(s.name);
      if (!where) this.byName.set(s.name, (where = new Set()));
      where.add(path);
    }
    const bodies = new Map<CodeSymbol, string>();
    const lines = outline.symbols.some((s) => SHAPE_KINDS.has(s.kind)) ? text.split('\n') : [];
    for (const s of outline.symbols) {
      if (!SHAPE_KINDS.has(s.kind) || s.range.end.line - s.range.start.line >= MAX_BODY_LINES) continue;
      bodies.set(s, lines.slice(s.signatureRange.start.line, s.range.end.line + 1).join('\n'));
    }
    this.files.set(path, { grammar, version, outline, topLevel, bodies });
    const words = new Set(text.match(WORD) ?? []);
    this.wordsOf.set(path, words);
    for (const w of words) this.fileCounts.set(w, (this.fileCounts.get(w) ?? 0) + 1);
    this.known.add(path);
  }

  /** Notes a file exists (for resolving module names) without indexing it yet. */
  notePath(path: string): void {
    this.known.add(path);
  }

  remove(path: string): void {
    const file = this.files.get(path);
    if (!file) return;
    for (const w of this.wordsOf.get(path) ?? []) {
      const n = (this.fileCounts.get(w) ?? 1) - 1;
      if (n > 0) this.fileCounts.set(w, n);
      else this.fileCounts.delete(w);
    }
    this.wordsOf.delete(path);
    for (const name of file.topLevel.keys()) this.byName.get(name)?.delete(path);
    this.files.delete(path);
  }

  forget(path: string): void {
    this.remove(path);
    this.known.delete(path);
  }

  outline(path: string): FileOutline | undefined {
    return this.files.get(path)?.outline;
  }

  /** The whole text of a short interface, type or enum, if kept. */
  body(path: string, symbol: CodeSymbol): string | undefined {
    return this.files.get(path)?.bodies.get(symbol);
  }

  /** Definitions held by `container` (a class's methods) in `path`. */
  members(path: string, container: string): CodeSymbol[] {
    return this.files.get(path)?.outline.symbols.filter((s) => s.container === container) ?? [];
  }

  version(path: string): string | number | undefined {
    return this.files.get(path)?.version;
  }

  /** In how many indexed files `name` occurs. */
  popularity(name: string): number {
    return this.fileCounts.get(name) ?? 0;
  }

  /** Indexed files in which `name` occurs. */
  filesMentioning(name: string): string[] {
    return [...this.wordsOf].filter(([, words]) => words.has(name)).map(([path]) => path);
  }

  /** Files that define `name` at their top level. */
  filesDefining(name: string): string[] {
    return [...(this.byName.get(name) ?? [])];
  }

  /** The binding `local` has in `path`'s imports, if it is imported. */
  binding(path: string, local: string): ImportBinding | undefined {
    return this.files.get(path)?.outline.imports.bindings.find((b) => b.local === local);
  }

  /** The files an import of `path` refers to. */
  resolve(path: string, module: string): string[] {
    const file = this.files.get(path);
    const grammar = file?.grammar ?? 'typescript';
    return resolveModule(path, module, grammar, this.known);
  }

  /**
   * What `name` is in the module at `path`: its top-level definitions, or what a re-export
   * brings in under that name. `default` is the default export.
   */
  exported(path: string, name: string, depth = 0): Located[] {
    const file = this.files.get(path);
    if (!file || depth > MAX_REEXPORT_DEPTH) return [];
    const own = name === 'default' ? file.outline.symbols.filter((s) => s.isDefault) : (file.topLevel.get(name) ?? []);
    if (own.length) return own.map((symbol) => ({ path, symbol }));
    for (const re of file.outline.imports.reexports) {
      const named = re.names?.find((n) => n.exported === name);
      if (re.names && !named) continue;
      const inner = named ? named.imported : name;
      if (inner === '*') continue;
      for (const target of this.resolve(path, re.module)) {
        const found = this.exported(target, inner, depth + 1);
        if (found.length) return found;
      }
    }
    // A Python package's `__init__` often imports what it offers: follow that import.
    const imported = file.outline.imports.bindings.find((b) => b.local === name && b.imported !== '*');
    if (imported && file.grammar === 'python') {
      for (const target of this.resolve(path, imported.module)) {
        const found = this.exported(target, imported.imported, depth + 1);
        if (found.length) return found;
      }
    }
    return [];
  }

  /** The module a binding names when it names a module (`import * as ns`, Python `from . import mod`, Go). */
  moduleFiles(path: string, binding: ImportBinding): string[] {
    if (binding.imported === '*') return this.resolve(path, binding.module);
    const file = this.files.get(path);
    if (file?.grammar !== 'python') return [];
    const sub = binding.module.endsWith('.') ? `${binding.module}${binding.imported}` : `${binding.module}.${binding.imported}`;
    return this.resolve(path, sub);
  }
}
